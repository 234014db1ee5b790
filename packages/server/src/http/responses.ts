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
  'body-timeout': 408,
  'signed-out': 409,
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

/** 404 `not-found` for a path the endpoint has no route at, naming the routes it has. */
export function noRouteResponse(path: string): Response {
  return notFoundResponse(`no such route: the endpoint serves POST ${path}, DELETE ${path}/<id> and POST ${path}/logout`);
}

/** 404 `not-found` with the endpoint's sentence. */
export function notFoundResponse(message: string): Response {
  return errorResponse('not-found', message);
}

/** 413 `body-too-large`. */
export function bodyTooLargeResponse(limitBytes: number): Response {
  return errorResponse('body-too-large', `the request's body is over ${limitBytes} bytes; the endpoint needs none`);
}

/** 408 `body-timeout`. */
export function bodyTimeoutResponse(timeoutMs: number): Response {
  return errorResponse('body-timeout', `the request's body did not arrive within ${timeoutMs} ms; the endpoint needs none, so send the request without one`);
}
