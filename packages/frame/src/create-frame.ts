import {
  ACTION_ERROR_CONTEXT,
  AUTH_ERROR_CONTEXT,
  ACTION_PREFIX,
  SESSION_EXCHANGE_ERROR,
  SESSION_RENEWAL_CONTEXT,
  buildEventMessage,
  isActionName,
  isUtcOffset,
  parseActionMessage,
  type ActionMessage,
  type ActionName,
  type ActionPayload,
  type AnyActionMessage,
  type EventName,
  type EventPayload,
} from '@svc-embed/protocol';
import { watchColorScheme, type ColorScheme, type ResolvedColorScheme } from './color-scheme.js';
import { FrameError } from './errors.js';
import { checkFrameOptions, type FrameOptions } from './frame-options.js';
import { hostTarget, originMatcher } from './host-origin.js';
import { createListeners } from './listeners.js';
import { createScope } from './scope.js';
import { createExchangeQueue, EXCHANGE_TIMEOUT_MS } from './session-exchange.js';
import { SESSION_WARNING_MS } from './session-schedule.js';
import { createSessionTimers, type FrameSession } from './session-timers.js';

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

const RESERVED_EVENT = /^(ready|session-)/;

/**
 * Creates the frame half inside an embedded surface: emits the event catalog to the host page,
 * consumes its actions, runs the session timers and exchanges `set-session` ids.
 * @throws {FrameError} `invalid-option` for bad options.
 * @example
 * const frame = createFrame({
 *   surface: 'dashboard', mode: 'signed', hostOrigins: ['https://customer.example'],
 *   session: { expiresAt, exchange: (sessionId) => api.exchange(sessionId) },
 * });
 * frame.ready({ embedTenant: null, deploymentId: 7, publicId: 'd-42' });
 */
export function createFrame(options: FrameOptions): Frame {
  const win = checkFrameOptions(options);
  const { surface, mode, hostOrigins, session, warnBeforeMs = SESSION_WARNING_MS, exchangeTimeoutMs = EXCHANGE_TIMEOUT_MS, now = Date.now } = options;
  const log = (...details: unknown[]) => options.debug && console.debug('[svc-embed/frame]', ...details);
  const report = (error: unknown) => (win.reportError ? win.reportError(error) : console.error(error));
  const scope = createScope();
  const actions = createListeners(report);
  const sessionListeners = createListeners(report);
  const isAllowed = originMatcher(hostOrigins);
  const target = hostTarget(hostOrigins, isAllowed, win);
  let queue: (() => unknown)[] | undefined = [];
  let previousPath: string | undefined;
  let readyPublicId: string | undefined;
  let stopColorScheme = () => {};

  // Before ready everything is queued, except what an embed that could not authenticate sends (it
  // waits for a set-session before it sends ready at all).
  let unauthenticated = false;
  const post = (message: () => unknown, now?: boolean) => {
    if (!scope.live) return;
    if (queue && !now) return void queue.push(message);
    try {
      if (!target) throw 'no allowed host origin frames this page';
      win.parent.postMessage(message(), target);
    } catch (reason) {
      log('not sent:', reason, message());
    }
  };
  const build = <N extends EventName>(name: N, payload: EventPayload<N>) => {
    try {
      const message = buildEventMessage(name, payload, { surface, now });
      return () => message;
    } catch (error) {
      throw new FrameError('invalid-event', (error as Error).message, error);
    }
  };
  const sendError = (name: string, context: string, message: string, fatal = false) => {
    log(name, message);
    post(build('error', { message, name, context, fatal }), unauthenticated);
  };

  // While set-session ids are being exchanged, session events wait: if the exchange works they were
  // about the session it replaced (the host would take them for news of the new one and renew that
  // too); if it fails they go out after the error.
  let exchanging = 0;
  let held: (() => unknown)[] = [];
  const sessionMessages = new WeakSet<() => unknown>();
  const postSession = (message: () => unknown) => (sessionMessages.add(message), void (exchanging ? held.push(message) : post(message)));
  const timers =
    mode === 'signed'
      ? createSessionTimers(win, scope, now, session!.expiresAt, warnBeforeMs, (current) => {
          const { state, expiresAt } = current;
          if (state === 'expiring')
            postSession(() => build('session-expiring', { expiresAt, expiresInMs: Math.max(0, expiresAt - now()) })());
          if (state === 'expired') postSession(build('session-expired', { expiredAt: expiresAt }));
          sessionListeners.fire('', current);
        })
      : undefined;
  const exchange =
    timers &&
    createExchangeQueue(session!.exchange, exchangeTimeoutMs, scope, (expiresAt) => {
      exchanging--;
      held = []; // about the session just replaced
      // Nor does the host need to hear about the session an unauthenticated embed never had.
      if (unauthenticated && queue) queue = queue.filter((message) => !sessionMessages.has(message));
      unauthenticated = false;
      timers.swap(expiresAt);
    }, (reason, timedOut) => {
      log('exchange failed', reason);
      sendError(SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT, `set-session: ${timedOut ? `exchange timed out after ${exchangeTimeoutMs} ms` : 'the session id could not be exchanged'}`);
      if (!--exchanging) held.splice(0).forEach((message) => post(message));
    });

  scope.listen(win, 'message', (event: MessageEvent) => {
    if (event.source !== win.parent || !isAllowed(event.origin)) return log('ignored message from', event.origin);
    const result = parseActionMessage(event.data);
    if (!result.ok) {
      if (result.reason === 'not-protocol') return log('ignored:', result.detail);
      return result.reason === 'invalid'
        ? sendError('InvalidActionError', ACTION_ERROR_CONTEXT, `${result.type ? result.type + ': ' : ''}${result.field} ${result.detail}`)
        : sendError('UnknownActionError', ACTION_ERROR_CONTEXT, `type ${result.type} is not a known action`);
    }
    const message = result.message;
    const name = message.type.slice(ACTION_PREFIX.length);
    const payload = message.payload as any;
    if (name === 'set-session')
      return exchange ? (exchanging++, exchange(payload.sessionId)) : sendError(SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT, 'set-session: a private embed has no session to replace');
    if (name === 'set-timezone' && isUtcOffset(payload.timezone)) return log('ignored set-timezone with a bare UTC offset', payload.timezone);
    actions.fire(name, payload, message);
    actions.fire('*', message);
  });

  // Builds (and so checks) every message before anything is sent or previousPath moves.
  const show = (path: string, { title, publicId = readyPublicId }: { title?: string; publicId?: string } = {}, navigate?: boolean) => {
    const messages: (() => unknown)[] = [build('view', { surface, path, publicId, title })];
    if (navigate) messages.unshift(build('navigate', { path, previousPath }));
    previousPath = path;
    messages.forEach((message) => post(message));
  };

  return {
    ready(details) {
      if (!queue) throw new FrameError('already-ready', 'ready() was already called; it is sent once per frame');
      const message = build('ready', { ...details, mode, surface });
      const queued = queue;
      readyPublicId = details.publicId;
      queue = undefined;
      post(message);
      queued.forEach((message) => post(message));
    },
    emit(name, payload) {
      if (RESERVED_EVENT.test(name)) throw new FrameError('invalid-event', `emit("${name}"): the frame sends it (call ready() for ready)`);
      post(build(name, payload));
    },
    navigated: (path, details) => show(path, details, true),
    viewed: (path, details) => show(path, details),
    authFailed(message = 'the session id could not be exchanged') {
      if (!timers) throw new FrameError('invalid-argument', 'authFailed(): a private embed has no session to authenticate');
      if (!queue) throw new FrameError('already-ready', 'authFailed() is for before ready(); after it, a session that stops working is sessionEnded()');
      unauthenticated = true;
      sendError(SESSION_EXCHANGE_ERROR, AUTH_ERROR_CONTEXT, message, true);
    },
    sessionEnded(at = now()) {
      timers ? timers.end(at) : log('sessionEnded: a private embed has no session');
    },
    on(name: string, handler: (...args: any[]) => void) {
      if (name !== '*' && (name === 'set-session' || !isActionName(name)))
        throw new FrameError('invalid-argument', `on(${JSON.stringify(name)}): not an action name or "*" (set-session: see onSessionChange)`);
      return actions.on(name, handler);
    },
    get session() {
      return timers?.current;
    },
    onSessionChange: (listener) => sessionListeners.on('', listener),
    followColorScheme(scheme, apply) {
      stopColorScheme();
      return (stopColorScheme = watchColorScheme(win, scope, scheme, apply));
    },
    destroy() {
      scope.destroy();
      actions.clear();
      sessionListeners.clear();
    },
  };
}
