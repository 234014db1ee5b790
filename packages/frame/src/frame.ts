import type { ActionMessage, ActionName, ActionPayload, AnyActionMessage, ColorScheme, EventName, EventPayload } from '@svc-embed/protocol';
import type { FrameSession } from './session-schedule.js';

/** A scheme the host may ask for: `light`, `dark`, or `auto` (follow the OS preference). */
export type { ColorScheme };

/** What the surface actually shows. */
export type ResolvedColorScheme = Exclude<ColorScheme, 'auto'>;

/** The `ready` payload minus what the frame knows itself (`mode`, `surface`). */
export type ReadyDetails = Omit<EventPayload<'ready'>, 'mode' | 'surface'>;

/** Events the surface emits with `emit`: `ready` has its own method, the session events are the frame's. */
export type EmittedEventName = Exclude<EventName, 'ready' | 'session-expiring' | 'session-expired'>;

/** Actions delivered to `on`: every action but `set-session`, which the frame consumes itself. */
export type HandledActionName = Exclude<ActionName, 'set-session'>;

/** A message of one of the {@link HandledActionName} actions, as the `'*'` listener receives it. */
export type HandledActionMessage = Exclude<AnyActionMessage, ActionMessage<'set-session'>>;

/** Listener of one action: the validated payload (`undefined` for `refresh`) and the whole message. */
export type ActionHandler<N extends HandledActionName> = (payload: ActionPayload<N>, message: ActionMessage<N>) => void;

/** The frame half, created by {@link createFrame}. */
export interface Frame {
  /**
   * Sends `ready`, always the first event, then every event emitted before it, in order. Once per frame.
   * @throws {FrameError} `already-ready` on a second call, `invalid-event` for a bad payload.
   * @example frame.ready({ embedTenant: 'acme', deploymentId: 7, publicId: 'd-42' });
   */
  ready(details: ReadyDetails): void;
  /**
   * Sends an event of the catalog, validated by the shared schema; queued until `ready`.
   * @throws {FrameError} `invalid-event` (naming the field) for a bad payload or a frame-owned event; nothing is sent.
   * @example frame.emit('download', { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 120 });
   */
  emit<N extends EmittedEventName>(name: N, payload: EventPayload<N>): void;
  /**
   * Reports an in-embed navigation: sends `navigate` (with `previousPath`) and `view`. `publicId`
   * defaults to the one given to `ready`.
   * @example frame.navigated('/page/2', { title: 'Revenue' });
   */
  navigated(path: string, details?: { title?: string; publicId?: string }): void;
  /**
   * Reports the first view of the surface on load: sends `view` only (the viewer has not navigated
   * yet) and remembers `path` as the `previousPath` of the next {@link Frame.navigated}.
   * @example frame.viewed('/overview', { title: 'Overview' });
   */
  viewed(path: string, details?: { title?: string; publicId?: string }): void;
  /**
   * Tells the frame that the service ended the signed session early (the token was revoked or
   * expired ahead of schedule, for example a data request answered 401): the session becomes
   * `expired` at `at` (default now) and the host gets `session-expired`, so it renews. Does nothing
   * for a session that already lapsed, or in private mode.
   * @example api.onUnauthorized(() => frame.sessionEnded());
   */
  sessionEnded(at?: number): void;
  /**
   * Says, instead of {@link Frame.ready}, that the embed could not authenticate with the session id
   * it was loaded with (unknown, redeemed, expired): sends an `error` event at once
   * (`EmbedSessionExchangeError`, context `auth`, `fatal: true`) and waits for a `set-session`.
   * Until `ready`, the answers to those set-sessions go out at once too. When one is exchanged, the
   * session becomes active: call `ready()` then. Signed mode, before `ready()` only.
   * @throws {FrameError} `invalid-argument` in private mode, `already-ready` after `ready()`.
   * @example
   * if (!(await tryExchange(urlSessionId))) frame.authFailed('the session id in the URL was refused');
   * frame.onSessionChange(({ state }) => state === 'active' && mount());
   */
  authFailed(message?: string): void;
  /**
   * Listens to one validated action from the host, or to all of them with `'*'`. A listener that
   * throws does not stop the others (the error goes to `reportError`). `set-session` is not delivered:
   * the frame exchanges it; watch {@link Frame.onSessionChange} instead.
   * @returns The function that removes the listener.
   * @example const off = frame.on('set-filter', ({ filterUrlParameter }) => dashboard.applyFilter(filterUrlParameter));
   */
  on<N extends HandledActionName>(name: N, handler: ActionHandler<N>): () => void;
  /** Listens to every delivered action: the handler gets the whole message, after the action's own handlers. */
  on(name: '*', handler: (message: HandledActionMessage) => void): () => void;
  /** The signed session now (`active`, `expiring` or `expired`, with `expiresAt`); `undefined` in private mode. */
  readonly session: FrameSession | undefined;
  /**
   * Calls `listener` on every change of {@link Frame.session}: a state entered, or a session swapped
   * in by `set-session` (state `active`, new `expiresAt`). Returns the function that removes it.
   * @example frame.onSessionChange(({ state }) => view.showExpired(state === 'expired'));
   */
  onSessionChange(listener: (session: FrameSession) => void): () => void;
  /**
   * Applies a color scheme: calls `apply` with `light` or `dark` now and, for `auto`, again whenever
   * the OS preference (`prefers-color-scheme`) changes. A new call replaces the previous one.
   * @returns The function that stops following the OS preference.
   * @example frame.on('set-color-scheme', ({ scheme }) => frame.followColorScheme(scheme, (s) => (document.documentElement.dataset.scheme = s)));
   */
  followColorScheme(scheme: ColorScheme, apply: (scheme: ResolvedColorScheme) => void): () => void;
  /** Removes every listener, timer and pending exchange result; later calls send nothing. */
  destroy(): void;
}

