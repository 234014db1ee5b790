import { errorCodeOf, errorMessageOf, FORBIDDEN_ORIGIN } from '@svc-embed/protocol/session-endpoint';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';

/** The JSON body of an answer, or undefined when it has none that parses. */
const bodyOf = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

/** The `error.code` of a session endpoint's error answer (`{ "error": { "code": ... } }`), if it has one. */
export async function errorCode(response: Response): Promise<unknown> {
  return errorCodeOf(await bodyOf(response));
}

/** The longest part of a backend's `error.message` a line quotes. */
const QUOTED_CHARS = 200;

/** The backend's own words for a refusal: its `error.code` and `error.message`, as `(code: message)`, or '' when its answer has neither. */
function backendWords(body: unknown): string {
  const code = errorCodeOf(body);
  const message = errorMessageOf(body)?.replace(/\s+/g, ' ').slice(0, QUOTED_CHARS);
  const words = [typeof code === 'string' ? code : undefined, message].filter(Boolean).join(': ');
  return words && ` (${words})`;
}

/**
 * A 502, 503 or 504 without the endpoint's JSON error (`@svc-embed/server` answers its own 502 and
 * 503 with `{ "error": { "code" } }`): a proxy in front of the backend answered it (Vite's dev
 * server answers 502 when the backend it forwards to is down).
 */
const fromProxy = (status: number, body: unknown) => status >= 502 && status <= 504 && errorCodeOf(body) === undefined;

/**
 * What a failed answer to the endpoint's mint (`POST <endpoint>`) means here, as the error `embed.ready`
 * rejects with and the console line names: 401, the viewer is not signed in to your backend
 * (`endpoint-unauthorized`); 403 `forbidden-origin` (the code of `@svc-embed/server`'s JSON error),
 * this page's origin is missing from `allowedOrigins` (`endpoint-forbidden-origin`); another 403
 * (`endpoint-forbidden`, quoting the backend's `error.code` and `error.message`); 404, no endpoint
 * at that path (`endpoint-not-found`); 409, the viewer signed out while the id was minted
 * (`signed-out`, the endpoint revoked it). None of these changes by trying again, so none is
 * retried. Anything else (429, 5xx) is `mint-failed` and retried, quoting the backend's words; a
 * bare 502, 503 or 504 (no JSON error) is named as a proxy's: the backend is not running or not
 * reachable through it.
 * @param at what happened: `POST /api/embed-session answered HTTP 401`
 * @param win the page's window: its `location.origin` names the origin to allow
 */
export async function mintRefusal(response: Response, at: string, win: Pick<Window, 'location'>): Promise<EmbedError> {
  const { status } = response;
  if (status === 401) return new EmbedError('endpoint-unauthorized', DEV ? `${at}: the viewer is not signed in to your backend` : [at]);
  if (status === 404) return new EmbedError('endpoint-not-found', DEV ? `${at}: check the endpoint path, and that a dev server in front of your backend forwards it` : [at]);
  if (status === 409) return new EmbedError('signed-out', DEV ? `${at}: the viewer signed out; sign in again` : [at]);
  const body = await bodyOf(response);
  if (fromProxy(status, body)) return new EmbedError('mint-failed', DEV ? `${at}: backend not running or not reachable through the proxy` : [at, 'proxy']);
  if (status !== 403) return new EmbedError('mint-failed', DEV ? `${at}${backendWords(body)}` : [at, errorCodeOf(body)]);
  if (errorCodeOf(body) === FORBIDDEN_ORIGIN) return new EmbedError('endpoint-forbidden-origin', DEV ? `${at} ${FORBIDDEN_ORIGIN}: add ${win.location.origin} to its allowedOrigins` : [at, win.location.origin]);
  return new EmbedError('endpoint-forbidden', DEV ? `${at}${backendWords(body)}: your backend refused this viewer` : [at, errorCodeOf(body)]);
}
