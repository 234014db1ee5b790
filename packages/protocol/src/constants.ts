/** The `source` tag of every protocol message; receivers check it first. */
export const SOURCE = 'svc-embed';

/** Message directions: `event` goes from the embedded surface to the host, `action` the other way. */
export const DIRECTIONS = ['event', 'action'] as const;

/** The embedded surfaces: a published dashboard, the creator-mode app, the standalone chat. */
export const SURFACES = ['dashboard', 'app', 'chat'] as const;

/** Embed modes: `signed` (session id minted server-side) and `private`. */
export const MODES = ['signed', 'private'] as const;

/** Prefix of every event's wire type, as in `svc:event:ready`. */
export const EVENT_PREFIX = 'svc:event:';

/** Prefix of every action's wire type, as in `svc:action:set-session`. */
export const ACTION_PREFIX = 'svc:action:';

/** A message direction. */
export type Direction = (typeof DIRECTIONS)[number];

/** An embedded surface. */
export type Surface = (typeof SURFACES)[number];

/** An embed mode. */
export type Mode = (typeof MODES)[number];

/**
 * `context` of the `error` event an embed sends when it rejects a `set-session` id (unknown,
 * redeemed, expired) or cannot exchange it; hosts renew with a fresh id when they see it.
 */
export const SESSION_RENEWAL_CONTEXT = 'session-renewal';

/** `name` of the `error` event for a rejected or failed `set-session` exchange. */
export const SESSION_EXCHANGE_ERROR = 'EmbedSessionExchangeError';

/**
 * `context` of the `error` event an embed sends instead of `ready` when it cannot authenticate with
 * the session id it was loaded with (unknown, redeemed, expired); it then waits for a `set-session`.
 */
export const AUTH_ERROR_CONTEXT = 'auth';

/** `context` of the `error` event an embed answers an invalid or unknown action with. */
export const ACTION_ERROR_CONTEXT = 'action';
