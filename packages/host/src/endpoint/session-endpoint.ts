import {
  logoutAnswerOf, logoutPath, revokePath, sessionIdOf, UNKNOWN_SESSION, viewerTagOf, type LogoutAnswer,
} from '@svc-embed/protocol/session-endpoint';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { errorCode, mintRefusal } from './mint-refusal.js';

/** What the endpoint's client uses of the page's window: `fetch`, and `location` (its origin names a refused one). */
type EndpointWindow = Pick<Window, 'fetch' | 'location'>;

/** `mintSessionId` and `revokeSessionId` that call one endpoint of your backend, and its logout. */
export interface SessionEndpointCallbacks {
  /** The endpoint, without a trailing `/`. */
  readonly endpoint: string;
  /** `POST <endpoint>`: the new id from the JSON answer's `sessionId`. */
  mintSessionId(): Promise<string>;
  /**
   * `DELETE <endpoint>/<id>`; rejects with `revoke-failed` naming the request when it fails or gets
   * no answer, and with `revoke-unconfirmed` when it answers 404 `unknown-session` (the endpoint's
   * ledger does not hold the id: it may still be live).
   */
  revokeSessionId(sessionId: string): Promise<void>;
  /** `POST <endpoint>/logout`: the endpoint revokes every id of the viewer; one attempt (the ledger retries). */
  logout(): Promise<LogoutAnswer>;
  /** The viewer tag of the mint answer that gave `sessionId` through these callbacks, if it had one. */
  viewerOf(sessionId: string): string | undefined;
  /** The viewer tag of the latest mint answer that had one: the viewer the endpoint served last. */
  readonly viewer: string | undefined;
}

/** The JSON answer of `method url`; a non-2xx answer rejects with what `refusal` makes of it. */
async function call(win: EndpointWindow, method: string, url: string, refusal: (response: Response, at: string, win: EndpointWindow) => EmbedError | Promise<EmbedError>): Promise<unknown> {
  const response = await win.fetch(url, { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (response.ok) return response.status === 204 ? {} : await response.json();
  throw await refusal(response, `${method} ${url} answered HTTP ${response.status}`, win);
}

/** The endpoint's logout answer, read with the contract's parser: its three lists, `complete` only when it says `true`. */
function logoutAnswer(body: unknown): LogoutAnswer {
  const answer = logoutAnswerOf(body);
  if (!answer) throw new EmbedError('revoke-failed', DEV ? 'no logout answer' : []);
  return answer;
}

/** A revocation or logout the endpoint refused: `revoke-failed`, naming the status, with the `Response` as its `cause` (the ledger retries a 408, 429 or 5xx). */
const revokeRefusal = (response: Response, at: string) => new EmbedError('revoke-failed', at, response);

/**
 * A `DELETE` the endpoint refused: 404 `unknown-session` is `revoke-unconfirmed` (the id is not in
 * the viewer's ledger: minted elsewhere, for another viewer, or lost; nothing says it is not live),
 * anything else `revoke-failed`.
 */
async function deleteRefusal(response: Response, at: string): Promise<EmbedError> {
  if (response.status !== 404 || (await errorCode(response)) !== UNKNOWN_SESSION) return revokeRefusal(response, at);
  return new EmbedError('revoke-unconfirmed', DEV ? `${at} ${UNKNOWN_SESSION}: the endpoint's ledger does not hold it, so the id may still be live` : [at, UNKNOWN_SESSION], response);
}

/**
 * A mint through the endpoint that failed without an answer of the endpoint's: `fetch` rejected (a
 * `TypeError`: the backend is down, the network gone, or the page's policy refused the request,
 * which the policy watch names as `csp-blocked`), or a 2xx answer was no JSON. Named by the
 * endpoint, not by `mintSessionId` (an option the page did not use).
 */
const mintFailure = (base: string, cause: unknown) => new EmbedError('mint-failed', DEV ? `POST ${base} failed (${cause}): is your backend running?` : [base, String(cause)], cause);

/**
 * The session callbacks of a session endpoint (`@svc-embed/server`, or your own with the same
 * routes): `POST <endpoint>` mints (the answer is `{ "sessionId": "..." }`), `DELETE <endpoint>/<id>`
 * revokes, `POST <endpoint>/logout` revokes every id of the viewer (`{ revoked, failed, pending,
 * complete }`). A non-2xx answer is a failure that names the status, never a success; a mint answered
 * 409 (`signed-out`) fails with `signed-out`. The routes, codes and answers are the protocol's
 * contract (`@svc-embed/protocol/session-endpoint`).
 * @param win the page's window, whose `fetch` calls the endpoint (default: this window)
 */
export function sessionEndpointCallbacks(endpoint: string, win: EndpointWindow = window): SessionEndpointCallbacks {
  const base = endpoint.replace(/\/+$/, '');
  const viewers = new Map<string, string | undefined>();
  let latest: string | undefined;
  return {
    endpoint: base,
    get viewer() {
      return latest;
    },
    async mintSessionId() {
      const answer = await call(win, 'POST', base, mintRefusal).catch((cause: unknown) => {
        throw cause instanceof EmbedError ? cause : mintFailure(base, cause);
      });
      const sessionId = sessionIdOf(answer);
      if (typeof sessionId !== 'string') throw new EmbedError('mint-failed', DEV ? `POST ${base} answered no "sessionId" string` : [base, 'sessionId']);
      const viewer = viewerTagOf(answer);
      viewers.set(sessionId, viewer);
      latest = viewer ?? latest;
      return sessionId;
    },
    viewerOf: (sessionId) => viewers.get(sessionId),
    async revokeSessionId(sessionId) {
      const url = revokePath(base, sessionId);
      await call(win, 'DELETE', url, deleteRefusal).catch((cause: unknown) => {
        // No answer at all (the backend down, the network gone): named like a refused one.
        throw cause instanceof EmbedError ? cause : new EmbedError('revoke-failed', DEV ? `DELETE ${url} got no answer (${cause}); the id may still be live` : [url, String(cause)], cause);
      });
    },
    logout: () => call(win, 'POST', logoutPath(base), revokeRefusal).then(logoutAnswer),
  };
}

/** The session callbacks of `createEmbed`'s options, and the endpoint they come from when there is one. */
export interface SessionCallbacks {
  mintSessionId: (() => string | Promise<string>) | undefined;
  revokeSessionId: ((sessionId: string) => unknown) | undefined;
  endpoint: SessionEndpointCallbacks | undefined;
}

/**
 * `sessionEndpoint`'s callbacks, or the page's own `mintSessionId` and `revokeSessionId`.
 * @throws {EmbedError} `invalid-option` for `sessionEndpoint` with either of them
 */
export function sessionCallbacks(options: Partial<Omit<SessionCallbacks, 'endpoint'>> & { sessionEndpoint?: string }, win: EndpointWindow): SessionCallbacks {
  const { sessionEndpoint, mintSessionId, revokeSessionId } = options;
  if (sessionEndpoint === undefined) return { mintSessionId, revokeSessionId, endpoint: undefined };
  if (mintSessionId || revokeSessionId) throw new EmbedError('invalid-option', DEV ? 'give sessionEndpoint or mintSessionId and revokeSessionId, not both' : ['sessionEndpoint', 'mintSessionId']);
  const endpoint = sessionEndpointCallbacks(sessionEndpoint, win);
  return { mintSessionId: endpoint.mintSessionId, revokeSessionId: endpoint.revokeSessionId, endpoint };
}

/** The origin of `endpoint` resolved against the page's URL, or undefined when it is no path or URL. */
function originOf(endpoint: unknown, page: string): string | undefined {
  try {
    return typeof endpoint === 'string' && endpoint.trim() !== '' ? new URL(endpoint, page).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a session endpoint before anything is created: a path (or a URL) on the page's own origin.
 * The SDK calls it with the viewer's cookies, same-origin only (and `@svc-embed/server` answers other
 * sites 403), so an endpoint on another origin could only fail, later and under another name.
 * @throws {EmbedError} `invalid-option`, saying what to write
 */
export function checkSessionEndpoint(endpoint: unknown, win: Window): void {
  const { href, origin } = win.location;
  if (originOf(endpoint, href) !== origin)
    throw new EmbedError('invalid-option', DEV ? `sessionEndpoint must be a path on this page's origin (${origin}), such as /api/embed-session (got ${JSON.stringify(endpoint)})` : ['sessionEndpoint', origin, endpoint]);
}
