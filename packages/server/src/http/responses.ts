import { ENDPOINT_CODES, ENDPOINT_ROUTES, ENDPOINT_STATUS, type EndpointAnswerCode, type ErrorAnswer } from '@svc-embed/protocol/session-endpoint';

/** The HTTP status of each error code of an answer: the contract's `ENDPOINT_STATUS`. */
export const ERROR_STATUS = ENDPOINT_STATUS;

/** Headers on every answer: never cached by a browser or a proxy (ids are credentials), never sniffed. */
const ALWAYS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** Whether `code` is an answer's code (not `invalid-options` or a report's `store-may-evict`). */
export function isAnswerCode(code: string): code is EndpointAnswerCode {
  return Object.hasOwn(ENDPOINT_STATUS, code);
}

/** A JSON answer. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...ALWAYS, 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}

/** 204 with no body. */
export function noContentResponse(): Response {
  return new Response(null, { status: 204, headers: ALWAYS });
}

/** The JSON error answer `{ error: { code, message } }` with the code's status. */
export function errorResponse(code: EndpointAnswerCode, message: string, headers: Record<string, string> = {}): Response {
  const answer: ErrorAnswer = { error: { code, message } };
  return jsonResponse(ENDPOINT_STATUS[code], answer, headers);
}

/** 404 `not-found` for a path the endpoint has no route at, naming the routes it has. */
export function noRouteResponse(path: string): Response {
  return notFoundResponse(`no such route: the endpoint serves ${routeList(path)}`);
}

/** The endpoint's routes below `path`, for people: `POST /p, DELETE /p/<id> and POST /p/logout`. */
function routeList(path: string): string {
  const { mint, revoke, logout } = ENDPOINT_ROUTES;
  return `${mint.method} ${mint.path(path)}, ${revoke.method} ${path}/<id> and ${logout.method} ${logout.path(path)}`;
}

/** 404 `not-found` with the endpoint's sentence. */
export function notFoundResponse(message: string): Response {
  return errorResponse(ENDPOINT_CODES.notFound, message);
}

/** 413 `body-too-large`. */
export function bodyTooLargeResponse(limitBytes: number): Response {
  return errorResponse(ENDPOINT_CODES.bodyTooLarge, `the request's body is over ${limitBytes} bytes; the endpoint needs none`);
}

/** 408 `body-timeout`. */
export function bodyTimeoutResponse(timeoutMs: number): Response {
  return errorResponse(ENDPOINT_CODES.bodyTimeout, `the request's body did not arrive within ${timeoutMs} ms; the endpoint needs none, so send the request without one`);
}
