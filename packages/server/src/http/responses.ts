import type { EndpointErrorCode } from '../errors.js';

/** The HTTP status of each error code of an answer. */
export const ERROR_STATUS: Record<Exclude<EndpointErrorCode, 'invalid-options'>, number> = {
  'forbidden-origin': 403,
  unauthenticated: 401,
  'mint-limit': 429,
  'mint-failed': 502,
  'store-unavailable': 503,
  'revoke-failed': 502,
  'unknown-session': 404,
  'not-found': 404,
  'method-not-allowed': 405,
  'body-too-large': 413,
  'viewer-failed': 500,
  internal: 500,
};

/** Headers on every answer: never cached by a browser or a proxy (ids are credentials), never sniffed. */
const ALWAYS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** A JSON answer. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...ALWAYS, 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}

/** 204 with no body. */
export function noContentResponse(): Response {
  return new Response(null, { status: 204, headers: ALWAYS });
}

/** The JSON error answer `{ error: { code, message } }` with the code's status. */
export function errorResponse(code: Exclude<EndpointErrorCode, 'invalid-options'>, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(ERROR_STATUS[code], { error: { code, message } }, headers);
}
