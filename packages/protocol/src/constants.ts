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
