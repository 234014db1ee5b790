import { errorCodeOf, FORBIDDEN_ORIGIN } from '@svc-embed/protocol/session-endpoint';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';

/** The `error.code` of a session endpoint's error answer (`{ "error": { "code": ... } }`), if it has one. */
export async function errorCode(response: Response): Promise<unknown> {
  return errorCodeOf(await response.json().catch(() => undefined));
}

/**
 * What a failed answer to the endpoint's mint (`POST <endpoint>`) means here, as the error `embed.ready`
 * rejects with and the console line names: 401, the viewer is not signed in to your backend
 * (`endpoint-unauthorized`); 403 `forbidden-origin` (the code of `@svc-embed/server`'s JSON error),
 * this page's origin is missing from `allowedOrigins` (`endpoint-forbidden-origin`); another 403
 * (`endpoint-forbidden`); 404, no endpoint at that path (`endpoint-not-found`); 409, the viewer signed
 * out while the id was minted (`signed-out`, the endpoint revoked it). None of these changes by trying
 * again, so none is retried. Anything else (429, 5xx) is `mint-failed` and retried.
 * @param at what happened: `POST /api/embed-session answered HTTP 401`
 * @param win the page's window: its `location.origin` names the origin to allow
 */
export async function mintRefusal(response: Response, at: string, win: Pick<Window, 'location'>): Promise<EmbedError> {
  const { status } = response;
  if (status === 401) return new EmbedError('endpoint-unauthorized', DEV ? `${at}: the viewer is not signed in to your backend` : [at]);
  if (status === 404) return new EmbedError('endpoint-not-found', DEV ? `${at}: check the endpoint path, and that a dev server in front of your backend forwards it` : [at]);
  if (status === 409) return new EmbedError('signed-out', DEV ? `${at}: the viewer signed out; sign in again` : [at]);
  if (status !== 403) return new EmbedError('mint-failed', DEV ? at : [at]);
  const code = await errorCode(response);
  if (code !== FORBIDDEN_ORIGIN) return new EmbedError('endpoint-forbidden', DEV ? at : [at]);
  return new EmbedError('endpoint-forbidden-origin', DEV ? `${at} ${code}: add ${win.location.origin} to its allowedOrigins` : [at, code, win.location.origin]);
}
