import type { DebugLogger } from '../base/debug-logger.js';
import type { MintLimit } from '../ledger/mint-limit.js';
import type { SessionLedger } from '../ledger/session-ledger.js';
import type { TimingRecorder } from './embed-timings.js';
import type { FirstSession } from './session-from-page.js';
import type { Embed } from '../embed.js';

/** What a {@link LazyStart} is given: the embed's iframe, its window, and how to start it. */
export interface LazyTarget {
  /** The embed's iframe, in the page (what comes into view). */
  iframe: HTMLIFrameElement;
  /** The page's window (its `IntersectionObserver`). */
  window: Window;
  /** Starts the embed: mints its first id and sets its URL. Once; later calls do nothing. */
  start(): void;
}

/**
 * `createEmbed`'s `lazy` option: when the embed starts. `createEmbed` calls it once, with the embed's
 * iframe; it calls `start` when the time has come (at once, or later), and returns the function that
 * stops waiting, which `destroy()` calls. `whenVisible()` makes one; any function of this shape works
 * (say, one that starts on a click).
 */
export type LazyStart = (target: LazyTarget) => () => void;

/**
 * `createEmbed`'s `keepAlive` option, made by `keepAlive(key)`: `createEmbed` hands it its options, and
 * it returns the embed, a kept one adopted (parked, or preloaded by `preloadEmbed`) or a new one that
 * `destroy()` parks. (Typed with the embed it returns: the one option of this room that knows it.)
 */
export type KeepAlive = (options: EmbedOptions) => Embed;

/**
 * The settings of {@link createEmbed} that every embed takes, whatever it loads and wherever it goes:
 * {@link EmbedOptions} is these, an {@link EmbedSession}, an {@link EmbedPlace} and an
 * {@link EmbedSurface}.
 */
export interface EmbedSettings {
  /**
   * The tenant's origin, such as `https://tenant.example`: scheme, host and port, with no path (the
   * SDK adds `/embed/…` itself; a path, query or hash is `invalid-option`). It is the only origin
   * messages are accepted from and posted to. `https` is required; `http` is accepted only for
   * `localhost`, `127.0.0.1` and `[::1]`.
   */
  baseUrl: string;
  /**
   * Attributes for the iframe, applied over the defaults of a created one
   * (`title="Analytics"`, `allow="clipboard-write; fullscreen"`, and the look `border:0;width:100%;height:100%`).
   * A `style` here replaces that look and is applied through the CSSOM (`style.cssText`), not as an
   * attribute, so a strict Content Security Policy (`style-src` without `'unsafe-inline'`) allows it.
   * Use it for `title` (accessibility), `class`, `style`, `loading`, `sandbox` (none by default; a
   * sandbox needs `allow-scripts allow-same-origin`, or the embed's origin becomes `null` and every
   * message is dropped).
   * @example { title: 'Sales dashboard', class: 'analytics-frame' }
   */
  attributes?: Record<string, string>;
  /**
   * When the embed starts, for an embed that should not start at once: `whenVisible()` (imported
   * from `@svc-embed/host`) starts it once its iframe comes within 200px of the viewport
   * (`whenVisible({ rootMargin: '400px' })`: another margin). Until then nothing is minted and no URL
   * is set (`embed.state` is `waiting`), so a page of a dozen dashboards mints ids only for those the
   * viewer scrolls to, each fresh when it is used. An app that does not import `whenVisible` does
   * not carry it.
   * @example lazy: whenVisible()
   */
  lazy?: LazyStart;
  /**
   * Records when each moment of the first load happened, as `embed.timings` and as User Timing marks
   * in the browser's performance panel: `recordTimings()`, imported from `@svc-embed/host`. Without
   * it `embed.timings` is undefined, and an app that does not import `recordTimings` does not carry it.
   * @example timings: recordTimings()
   */
  timings?: TimingRecorder;
  /**
   * The first session id, from the page: `sessionFromPage()`, imported from `@svc-embed/host`, reads
   * the `<script type="application/json">` your server rendered with the id it minted for the page
   * (`endpoint.mintForPage` and `pageSessionScript` of `@svc-embed/server`). The first load uses it
   * without calling the session endpoint; a stale or used one is skipped in silence (the embed mints
   * as usual). An app that does not import `sessionFromPage` does not carry it.
   * @example firstSession: sessionFromPage()
   */
  firstSession?: FirstSession;
  /**
   * Keeps the embed alive across unmounts: `keepAlive('reports')`, imported from `@svc-embed/host`.
   * `destroy()` then parks the embed (its session, renewal and ids kept, its iframe hidden) instead of
   * ending it, and the next `createEmbed` with the same key, `baseUrl` and surface adopts it: no mint,
   * no load, `ready` at once. Needs `container`. An app that does not import `keepAlive` does not carry it.
   * @example keepAlive: keepAlive('reports')
   */
  keepAlive?: KeepAlive;
  /** Remove a wrapped `iframe` on `destroy()` as well (a created one is always removed). */
  removeIframe?: boolean;
  /** Adds `allowExport=true` to the URL, which shows the embed's download actions. */
  allowExport?: boolean;
  /** Adds `timezone=<name>` to the URL: an IANA time-zone name such as `Europe/Berlin`. */
  timezone?: string;
  /**
   * The viewer's {@link SessionLedger}, shared by every embed of that viewer so that one `logout()`
   * revokes every id and removes every iframe. Default: a ledger of this embed alone.
   */
  ledger?: SessionLedger;
  /** How long `embed.ready` waits for the `ready` event after the URL is set; 0 waits forever. Default 30000. */
  readyTimeoutMs?: number;
  /** How long one `mintSessionId` call may take before it counts as failed. Default 10000. */
  mintTimeoutMs?: number;
  /** Attempts per mint-and-send (initial load and each renewal), each with a fresh id. Default 4. */
  maxAttempts?: number;
  /** Delay before the second attempt, doubled for each further one. Default 1000. */
  retryDelayMs?: number;
  /**
   * At most this many ids minted for this embed in any window (the ledger has a limit of its own,
   * for all the viewer's embeds). Past it the embed mints nothing: the renewal fails at once with
   * `mint-limit` (`renewal-failed`; `ready` rejects when it was the first id), whatever the embed
   * asks. Default 30 an hour: an honest embed mints a handful a day, a broken or compromised surface
   * thousands a second. Raise it for sessions shorter than the service's (a test emulator's).
   * @example { ids: 60, windowMs: 3_600_000 }
   */
  mintLimit?: MintLimit;
  /** Logs each message in and out and each dropped message with its reason: `true` for `console.debug`, or your logger. */
  debug?: boolean | DebugLogger;
  /** The window to listen on and take timers from. Default: `globalThis.window`, read when `createEmbed` runs. */
  window?: Window;
  /** The document to create the iframe in and watch for visibility. Default: the window's document. */
  document?: Document;
  /** Clock in epoch milliseconds, for message timestamps and expiry estimates. Default `Date.now`. */
  now?: () => number;
}

/** A signed embed whose ids your own functions mint and revoke. Not with `sessionEndpoint`: give one or the other. */
export interface EmbedSessionCallbacks {
  /**
   * Mints a new single-use session id on your backend (ids live 5 minutes). Called right before each
   * use: once for the iframe's URL, then for every renewal. Its presence makes the embed signed.
   * Resolve with the id itself; resolving with a `Response` is a failure (`mint-failed`, with the
   * status when `ok` is false), so check `response.ok` before reading the body.
   * @example () => fetch('/api/embed-session', { method: 'POST' }).then((r) => r.json()).then((j) => j.sessionId)
   */
  mintSessionId: () => string | Promise<string>;
  /**
   * Revokes a session id on your backend. Called for every id minted for this viewer on `logout()`,
   * and at once for an id that arrives too late to be used. Without it nothing is revoked. It fails
   * when it throws, rejects, or resolves with a `Response` (or anything) whose `ok` is false: a
   * `fetch` to a wrong path (404) is a failure, listed in the logout result's `failed`.
   * @example (id) => fetch(`/api/embed-session/${id}`, { method: 'DELETE' }) // a 404 or 500 counts as failed
   */
  revokeSessionId?: (sessionId: string) => unknown;
  /** Not with `mintSessionId` or `revokeSessionId`: the endpoint mints and revokes itself. */
  sessionEndpoint?: undefined;
  /** Not with a session: a signed embed is not private. */
  mode?: undefined;
}

/** A signed embed whose ids your backend's session endpoint mints and revokes. */
export interface EmbedSessionEndpoint {
  /**
   * Your backend's session endpoint (`@svc-embed/server`, or your own with the same routes), instead
   * of `mintSessionId` and `revokeSessionId`: `POST <endpoint>` mints (`{ "sessionId": "..." }`),
   * `DELETE <endpoint>/<id>` revokes, and the ledger's logout goes through `POST <endpoint>/logout`,
   * which revokes every id of the viewer (every tab, reload and device) and signs the viewer's other
   * tabs of this origin out at once. Requests are same-origin `fetch` calls with the page's cookies,
   * so the endpoint is on the page's own origin: a path such as `/api/embed-session` (an endpoint on
   * another origin is refused with `invalid-option`).
   * @example '/api/embed-session'
   */
  sessionEndpoint: string;
  /** Not with `sessionEndpoint`: the endpoint mints. */
  mintSessionId?: undefined;
  /** Not with `sessionEndpoint`: the endpoint revokes. */
  revokeSessionId?: undefined;
  /** Not with a session: a signed embed is not private. */
  mode?: undefined;
}

/** A private embed: no session, said out loud (a forgotten or misspelt session option is `invalid-option`, not a private embed). */
export interface EmbedPrivate {
  /** `'private'`: the embed loads without a session (a surface the tenant shares without signing in). */
  mode: 'private';
  /** Not with `mode: 'private'`. */
  sessionEndpoint?: undefined;
  /** Not with `mode: 'private'`. */
  mintSessionId?: undefined;
  /** Not with `mode: 'private'`. */
  revokeSessionId?: undefined;
}

/**
 * How the embed gets its session ids: your `sessionEndpoint`, or your own `mintSessionId` (and
 * `revokeSessionId`); or none, with `mode: 'private'`. Two of them together, or none at all, do not
 * compile, and in JavaScript throw `invalid-option`.
 */
export type EmbedSession = EmbedSessionCallbacks | EmbedSessionEndpoint | EmbedPrivate;

/** Every option name of {@link createEmbed} (`EmbedOptions`): any other is `invalid-option`, with the nearest of these. */
export const EMBED_OPTION_NAMES = (
  'baseUrl attributes lazy timings firstSession keepAlive removeIframe allowExport timezone ledger readyTimeoutMs mintTimeoutMs maxAttempts retryDelayMs mintLimit ' +
  'debug window document now mintSessionId revokeSessionId sessionEndpoint mode publicId src container iframe'
).split(' ');

/** A dashboard to load, by its public id. */
export interface EmbedDashboard {
  /**
   * Public id of the dashboard to embed: loads `{baseUrl}/embed/dashboard/<publicId>`. 1 to 128
   * letters, digits, `-`, `_`, `.` or `~`, and not `.` or `..`.
   */
  publicId: string;
  /** Not with `publicId`: give one or the other. */
  src?: undefined;
}

/** Any embed URL on the tenant origin, instead of a dashboard's public id. */
export interface EmbedSrc {
  /**
   * A full embed URL instead of `publicId`, for the app (`/embed/d/<deploymentId>/app`), the chat
   * (`/embed/chat`) or other surfaces. Must be on the tenant origin, under `{baseUrl}/embed/`. The
   * session id is added as `session`, or as `sessionId` for `/embed/chat`.
   */
  src: string;
  /** Not with `src`: give one or the other. */
  publicId?: undefined;
}

/** What the iframe loads: a dashboard (`publicId`) or an embed URL (`src`). */
export type EmbedSurface = EmbedDashboard | EmbedSrc;

/** The surface a wrapped iframe already shows: neither `publicId` nor `src`, its own `src` is kept. */
export interface EmbedIframeSrc {
  /** None: the wrapped iframe's current `src` is the surface (it must be on the tenant origin). */
  publicId?: undefined;
  /** None: the wrapped iframe's current `src` is the surface (it must be on the tenant origin). */
  src?: undefined;
}

/** A new iframe, created in `container`. */
export interface EmbedInContainer {
  /** Where to create the iframe: a CSS selector or an element. It needs a `publicId` or `src` to load. */
  container: string | Element;
  /** Not with `container`: give one or the other. */
  iframe?: undefined;
}

/** An `<iframe>` of yours, wrapped instead of a new one. */
export interface EmbedInIframe {
  /**
   * An existing `<iframe>` to use instead of creating one. Its `src` is set when `publicId` or `src`
   * is given; otherwise its current `src` must already be on the tenant origin. It stays in the page
   * on `destroy()` unless `removeIframe` is true.
   */
  iframe: HTMLIFrameElement;
  /** Not with `iframe`: give one or the other. */
  container?: undefined;
}

/** Where the embed goes: a new iframe in a `container`, or your own `iframe`. */
export type EmbedPlace = EmbedInContainer | EmbedInIframe;

/**
 * Options of {@link createEmbed}: the {@link EmbedSettings}, the session (an {@link EmbedSession}), a
 * place and a surface. Give `container` (the SDK creates the iframe) with `publicId` (a dashboard) or
 * `src` (any embed URL on the tenant origin); or `iframe` (the SDK wraps yours) with `publicId`,
 * `src`, or neither (the iframe's own `src` is kept). With `sessionEndpoint` or `mintSessionId` the
 * embed is signed: the SDK mints the first session id right before it sets the iframe's URL and
 * renews the session on its own; with `mode: 'private'` it has no session. Anything else (neither,
 * both, an unknown option) does not compile, and throws `invalid-option` naming what is wrong.
 * @example { baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#analytics', sessionEndpoint: '/api/embed-session' }
 */
export type EmbedOptions = EmbedSettings & EmbedSession & ((EmbedInContainer & EmbedSurface) | (EmbedInIframe & (EmbedSurface | EmbedIframeSrc)));
