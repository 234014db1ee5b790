import { DEV } from './dev-mode.js';

/**
 * Stable codes of {@link EmbedError}, for JavaScript users who cannot use the {@link EmbedErrorCode}
 * union. Changing a code is a breaking change; messages may change.
 */
export const EMBED_ERROR_CODES = {
  /** An option of `createEmbed` is missing or wrong (the message names it); nothing was created. */
  invalidOption: 'invalid-option',
  /** An action's argument does not match the protocol; nothing was sent. */
  invalidAction: 'invalid-action',
  /** The embed was destroyed (or its viewer signed out); it no longer sends or renews. */
  destroyed: 'destroyed',
  /** No `ready` event arrived within `readyTimeoutMs`, and the iframe's page did not even load (the tenant did not answer). */
  readyTimeout: 'ready-timeout',
  /**
   * The iframe's page loaded but sent no `ready` within 5 s of its `load` (or within `readyTimeoutMs`):
   * a mistyped `publicId` (the tenant answers 404), a wrong `baseUrl` or surface, or the tenant refused
   * to be framed by this page's origin (its `frame-ancestors`; Chromium also loads its own error page
   * for a tenant it cannot reach).
   */
  frameSilent: 'frame-silent',
  /**
   * The page's own Content Security Policy refused to frame the tenant (`frame-src`, or `child-src` or
   * `default-src` without it): add the tenant origin to `frame-src`; or refused the first mint's
   * request to `sessionEndpoint`: add the page's origin to `connect-src` (see `requiredCsp`, which
   * writes both). Not retried.
   */
  cspBlocked: 'csp-blocked',
  /** `sessionEndpoint` answered 401: the viewer is not signed in to your backend. Not retried. */
  endpointUnauthorized: 'endpoint-unauthorized',
  /** `sessionEndpoint` answered 403 `forbidden-origin`: add this page's origin to the endpoint's `allowedOrigins`. Not retried. */
  endpointForbiddenOrigin: 'endpoint-forbidden-origin',
  /** `sessionEndpoint` answered 403 for another reason (your backend refused this viewer; its JSON error's code and message are quoted). Not retried. */
  endpointForbidden: 'endpoint-forbidden',
  /** `sessionEndpoint` answered 404: no endpoint at that path; check `sessionEndpoint`. Not retried. */
  endpointNotFound: 'endpoint-not-found',
  /**
   * `mintSessionId` threw, rejected or resolved to something that is not a session id (a `Response`
   * whose `ok` is false is named with its status); or `sessionEndpoint` failed otherwise than the
   * `endpoint-*` codes say (a network error, a 5xx or 429 answer: retried).
   */
  mintFailed: 'mint-failed',
  /** `mintSessionId` (or `sessionEndpoint`, named as such) did not answer within `mintTimeoutMs`. */
  mintTimeout: 'mint-timeout',
  /** The embed rejected a session id we sent (unknown, already redeemed or expired). */
  sessionRejected: 'session-rejected',
  /**
   * The embed asked for new sessions faster than any session lasts: the embed's or the ledger's
   * `mintLimit` was reached, so nothing was minted (`renewal-failed`, or `ready` for the first id).
   */
  mintLimit: 'mint-limit',
  /**
   * `revokeSessionId` resolved with a failed HTTP answer (`ok === false`): listed in the logout
   * result's `failed`; or the sign-out through a session endpoint failed (the result's `error`).
   */
  revokeFailed: 'revoke-failed',
  /**
   * A session endpoint's `DELETE` answered 404 `unknown-session`: its ledger does not hold the id
   * (minted elsewhere, for another viewer, or lost), so no one confirmed it revoked and it may still
   * be live. Listed in the logout result's `unconfirmed`.
   */
  revokeUnconfirmed: 'revoke-unconfirmed',
  /**
   * The session endpoint refused the mint because the viewer signed out while it ran (`409
   * signed-out`): final for the embed, nothing is retried; sign the viewer in again (a new ledger).
   */
  signedOut: 'signed-out',
} as const;

/** One of the values of {@link EMBED_ERROR_CODES}. */
export type EmbedErrorCode = (typeof EMBED_ERROR_CODES)[keyof typeof EMBED_ERROR_CODES];

/**
 * Where a production message sends its reader: the host README on npm, at the row of the code (each
 * code has an anchor of its own name there: test/docs/error-links.test.ts checks them).
 */
export const README_ROW = 'https://www.npmjs.com/package/@svc-embed/host#';

/** A message as a site gives it: the sentence (development) or the data it names (production); see {@link DEV}. */
type Message = string | readonly unknown[];

/**
 * The text of `message`: the sentence as it is; data (production builds) as the values, then a link
 * to the README row `anchor` that holds the sentence: `https://tenant.example frame-src; see
 * https://www.npmjs.com/package/@svc-embed/host#csp-blocked`. A site writes
 * `DEV ? \`sentence with ${value}\` : [value]` (see base/dev-mode.ts) and the minifier drops the sentence.
 */
export function said(anchor: string, message: Message): string {
  if (typeof message === 'string') return message;
  const values = message.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return `${values.length ? `${values.join(' ')}; ` : ''}see ${README_ROW}${anchor}`;
}

/** The `destroyed` error of an embed used after `destroy()` or its viewer's sign-out. */
export function destroyedError(): EmbedError {
  return new EmbedError('destroyed', DEV ? 'this embed was destroyed' : []);
}

/**
 * The one error class of `@svc-embed/host`. Branch on `code`, not on the message; `cause` holds the
 * underlying error when there is one (a protocol error, your mint's rejection).
 * @example
 * try { embed.setTimezone('+05:30'); } catch (error) {
 *   if (error instanceof EmbedError && error.code === 'invalid-action') showHint(error.message);
 * }
 */
export class EmbedError extends Error {
  /** Stable machine-readable code. */
  readonly code: EmbedErrorCode;

  /**
   * @param code one of {@link EMBED_ERROR_CODES}
   * @param message what happened and what to do (or, in a production build, the data it names: the
   *   message is then those values and a link to the README's row of `code`)
   * @param cause the underlying error, if any
   */
  constructor(code: EmbedErrorCode, message: Message, cause?: unknown) {
    super(said(code, message), { cause });
    this.name = 'EmbedError';
    this.code = code;
  }
}
