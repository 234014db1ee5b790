import type {
  AnyEventMessage, ColorScheme, EmbedTheme, EventMessage, EventName, EventPayload, ReadyPayload, UnknownMessage,
} from '@svc-embed/protocol';
import type { EmbedState, EmbedStateChange } from './renewal/embed-state.js';
import type { RenewalFailure, RenewalInfo } from './renewal/renewal.js';
import type { EmbedTimings } from './mount/embed-timings.js';
import type { EmbedError } from './base/errors.js';
import type { LogoutResult } from './ledger/logout-result.js';

/** Removes the listener it was returned for. */
export type Unsubscribe = () => void;

/**
 * Listeners that are not for one event of the catalog: `'*'` gets every event from the embed,
 * including types this SDK does not know yet (payload unchecked); `renewed` and `renewal-failed` are
 * host-side notifications that never come from the wire and get one detail object.
 */
export interface HostListeners {
  /** Every event from the embed, after its typed listeners; `payload` is unchecked for unknown types. */
  '*': (payload: unknown, message: AnyEventMessage | UnknownMessage) => void;
  /** A renewal succeeded: the embed did not reject the new id within 10 s, or already warned about its session. */
  renewed: (info: RenewalInfo) => void;
  /** A renewal failed after its last attempt; the next trigger starts a new one. */
  'renewal-failed': (info: RenewalFailure) => void;
  /** `embed.state` changed (`destroy()` releases the listeners first: no notification for `destroyed`). */
  state: (change: EmbedStateChange) => void;
}

/**
 * Listener signatures by name: every event of the catalog (embed to host) gets `(payload, message)`,
 * typed by its name; then the {@link HostListeners}.
 */
export type EmbedListeners = {
  [K in EventName | keyof HostListeners]: K extends EventName
    ? (payload: EventPayload<K>, message: EventMessage<K>) => void
    : HostListeners[K & keyof HostListeners];
};

/**
 * One embedded surface. Actions throw an {@link EmbedError} (`invalid-action`) before anything is
 * sent when their argument does not match the protocol, and `destroyed` after `destroy()`. Actions
 * called before `ready` are queued and sent in order on `ready`.
 */
export interface Embed {
  /**
   * The iframe (created or wrapped). A created one is in its container one microtask after
   * `createEmbed` returns when the embed mints at once (its first mint's request goes out first), at
   * once for a `lazy` or private embed.
   */
  readonly iframe: HTMLIFrameElement;
  /**
   * Where the embed stands: `waiting` (lazy, not seen yet), `minting`, `loading`, `ready`, `renewing`,
   * `failed` or `destroyed`; the `state` notification tells each change.
   * @example embed.on('state', ({ state, error }) => (placeholder.hidden = state === 'ready'))
   */
  readonly state: EmbedState;
  /**
   * With the `timings` option (`timings: recordTimings()`): when each moment of the first load
   * happened (`performance.now()` ms): `created`, `mintStarted`, `minted`, `srcSet`, `ready`,
   * `dashboardLoaded`. The same moments are User Timing marks (`svc-embed:<n> <publicId>:<moment>`),
   * with measures from `created` to `ready` and to `dashboardLoaded`, so they show in the browser's
   * performance panel. Undefined without the option.
   */
  readonly timings: Readonly<EmbedTimings> | undefined;
  /**
   * Resolves with the `ready` payload. Rejects with why the first load failed, as a code:
   * `frame-silent` (the iframe's page loaded but sent no `ready`: a wrong baseUrl, or the tenant does
   * not allow framing by this page's origin), `ready-timeout` (it did not even load), `csp-blocked`,
   * the session endpoint's `endpoint-*` refusal, the mint's error, `session-rejected`; or with
   * `destroyed`. Reading it tells the SDK that the page handles the outcome: a failure the page never
   * read of is printed as one `console.error` line.
   */
  readonly ready: Promise<ReadyPayload>;
  /**
   * Adds a listener; returns a function that removes it. A listener that throws does not stop the
   * others; its error goes to `window.reportError` (`console.error` where that is missing).
   * @example const off = embed.on('download', (payload) => track(payload.format));
   */
  on<K extends keyof EmbedListeners>(name: K, listener: EmbedListeners[K]): Unsubscribe;
  /** Like {@link Embed.on}, removed after the first call. */
  once<K extends keyof EmbedListeners>(name: K, listener: EmbedListeners[K]): Unsubscribe;
  /** Switches the color scheme; `auto` follows the OS preference. */
  setColorScheme(scheme: ColorScheme): void;
  /**
   * Applies a brand theme. Fields other than the documented ones pass through untouched.
   * @example embed.setTheme({ primaryColor: '#0b5', borderRadius: 8, font: 'Inter' })
   */
  setTheme(theme: EmbedTheme): void;
  /** Switches the UI language: `es-ES`, `es` or a regional variant. */
  setLocale(locale: string): void;
  /** Switches the query time zone: an IANA name such as `Europe/Berlin` (bare offsets are rejected). */
  setTimezone(timezone: string): void;
  /**
   * Pushes a dashboard filter, by internal names. A plain object value is sent as it is, anything
   * else as `{ value }` (equality).
   * @example embed.setFilter('orders', 'status', 'completed') // f_orders.status={"value":"completed"}
   */
  setFilter(view: string, dimension: string, value: unknown): void;
  /** Pushes a raw filter parameter `f_<semantic_view>.<dimension>=<JSON>`. */
  setFilter(parameter: string): void;
  /** Navigates to an in-embed path such as `/page/2`. */
  navigate(path: string): void;
  /** Re-runs the queries and refreshes the data. */
  refresh(): void;
  /** Sends a session id you minted yourself (recorded for `logout()`); see also `renewSession()`. */
  setSession(sessionId: string): void;
  /**
   * Renews the session now (mint, then send), joining a renewal already in flight. Resolves once the
   * embed has not rejected the new id for 10 s; rejects with the last error after `maxAttempts`.
   */
  renewSession(): Promise<void>;
  /**
   * `ledger.logout()` of this embed's ledger: destroys every embed of the viewer at once, removes their
   * iframes, signs out through the session endpoints and revokes every id minted for this viewer.
   * Resolves with what happened (`complete` only when every id is known revoked); never rejects; a
   * later call retries what did not complete.
   */
  logout(): Promise<LogoutResult>;
  /** Releases every listener, timer and queued action, and removes a created iframe. Idempotent. */
  destroy(): void;
}
