import { HttpError } from '../http-io.js';

/** Default page of list endpoints (§8). */
const DEFAULT_OFFSET = 0;
const DEFAULT_LIMIT = 20;

/** A JSON object (not null, not an array). @param {unknown} value @returns {value is Record<string, unknown>} */
export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `offset` (default 0) and `limit` (default 20) of a list request; 400 for anything but
 * non-negative and positive integers.
 * @param {URL} url
 */
export function readPagination(url) {
  const read = (/** @type {string} */ name, /** @type {number} */ fallback, /** @type {number} */ min) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) throw new HttpError(400, `${name} must be an integer of at least ${min} (got ${JSON.stringify(raw)})`);
    return Number(raw);
  };
  return { offset: read('offset', DEFAULT_OFFSET, 0), limit: read('limit', DEFAULT_LIMIT, 1) };
}

/**
 * A page of `all` and its pagination record.
 * @template T
 * @param {T[]} all
 * @param {{ offset: number, limit: number }} page
 */
export function pageOf(all, { offset, limit }) {
  return { items: all.slice(offset, offset + limit), pagination: { offset, limit, total: all.length } };
}

/** @param {number} ms */
export const isoDateTime = (ms) => new Date(ms).toISOString();
