import { MAX_BODY_BYTES } from './options.js';

/** An error that becomes an HTTP response `{ error }` with its status. */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} message Becomes `error` in the body.
   * @param {Record<string, string>} [headers]
   * @param {Record<string, unknown>} [extra] More fields of the body, such as `reason`.
   */
  constructor(status, message, headers = {}, extra = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
    this.extra = extra;
  }
}

/**
 * Sends a JSON body.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * Sends a body of any type.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string | Buffer} body
 * @param {Record<string, string>} headers
 */
export function sendBody(res, status, body, headers) {
  res.writeHead(status, { 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}

/**
 * Reads a JSON request body of at most {@link MAX_BODY_BYTES}.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<unknown>}
 * @throws {HttpError} 413 for a body that is too large, 400 for one that is not JSON.
 */
export async function readJsonBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `request body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new HttpError(400, 'request body must be a JSON object; got an empty body');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'request body is not valid JSON');
  }
}
