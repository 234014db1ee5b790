import { HttpError } from '../../http-io.js';
import { DAY_MS } from '../../options.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** @param {string} name @param {string | null} raw */
function day(name, raw) {
  if (raw === null || raw === '') return undefined;
  const ms = ISO_DATE.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== raw)
    throw new HttpError(400, `${name} must be an ISO 8601 date such as 2024-05-01 (got ${JSON.stringify(raw)})`);
  return ms;
}

/**
 * The filters of the audit-log export as a predicate: `start` and `end` days inclusive (UTC),
 * `search` case-insensitive across the event data, `eventName` exact, `userEmail` case-insensitive.
 * @param {URL} url
 * @returns {(event: import('../seed/audit.js').AuditEvent) => boolean}
 */
export function auditFilter(url) {
  const query = url.searchParams;
  const start = day('start', query.get('start'));
  const endDay = day('end', query.get('end'));
  const end = endDay === undefined ? undefined : endDay + DAY_MS;
  if (start !== undefined && end !== undefined && end <= start) throw new HttpError(400, 'end is before start');
  const search = query.get('search')?.toLowerCase() || undefined;
  const eventName = query.get('eventName') || undefined;
  const userEmail = query.get('userEmail')?.toLowerCase() || undefined;
  return (event) =>
    (start === undefined || event.at >= start) &&
    (end === undefined || event.at < end) &&
    (eventName === undefined || event.eventName === eventName) &&
    (userEmail === undefined || event.userEmail.toLowerCase() === userEmail) &&
    (search === undefined || JSON.stringify(event.data).toLowerCase().includes(search));
}
