import {
  ACTION_ERROR_CONTEXT, ACTION_PREFIX, AUTH_ERROR_CONTEXT, SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT,
  buildEventMessage, isActionName, isUtcOffset, parseActionMessage,
  type EventName, type EventPayload,
} from '@svc-embed/protocol';
import { createListenerRegistry, createOutbox, createScope, reportError } from '@svc-embed/runtime';
import { watchColorScheme } from './color-scheme.js';
import { FrameError } from './errors.js';
import type { FramePhase } from './frame-phase.js';
import type { ActionHandler, Frame, HandledActionMessage, HandledActionName } from './frame.js';
import { checkFrameOptions, EXCHANGE_TIMEOUT_MS, type FrameOptions } from './frame-options.js';
import { hostTarget, originMatcher } from './host-origin.js';
import { createSessionExchange, type OutgoingEvent } from './session-exchange.js';
import { SESSION_WARNING_MS, type FrameSession } from './session-schedule.js';
import { createSessionTimers } from './session-timers.js';

/** Listeners of the actions `on` delivers, and of every one with `'*'`. */
type ActionListeners = { [N in HandledActionName]: ActionHandler<N> } & { '*': (message: HandledActionMessage) => void };

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
  const log = (...details: unknown[]) => {
    if (options.debug) console.debug('[svc-embed/frame]', ...details);
  };
  const report = (error: unknown) => reportError(win, error);
  // The frame runs in its own window, whose timers are the global ones (`window` stands in for its
  // messaging in tests).
  const scope = createScope({ timers: globalThis });
  const actions = createListenerRegistry<ActionListeners>({ report });
  const sessionListeners = createListenerRegistry<{ change: (session: FrameSession) => void }>({ report });
  const isAllowed = originMatcher(hostOrigins);
  const target = hostTarget({ allowed: hostOrigins, isAllowed, window: win });
  const outbox = createOutbox<OutgoingEvent>({
    deliver(message) {
      if (!target) return log('not sent:', 'no allowed host origin frames this page', message());
      try {
        win.parent.postMessage(message(), target);
      } catch (reason) {
        log('not sent:', reason, message());
      }
    },
  });
  let phase: FramePhase = { name: 'loading' };
  let previousPath: string | undefined;
  let readyPublicId: string | undefined;
  let stopColorScheme = () => {};

  /** The one place the phase changes. */
  const enter = (next: FramePhase) => {
    if (phase.name === 'destroyed') return;
    phase = next;
    if (next.name === 'ready') outbox.open();
    if (next.name === 'destroyed') {
      scope.dispose();
      outbox.close();
      actions.clear();
      sessionListeners.clear();
    }
  };

  const build = <N extends EventName>(name: N, payload: EventPayload<N>): OutgoingEvent => {
    try {
      const message = buildEventMessage(name, payload, { surface, now });
      return () => message;
    } catch (error) {
      throw new FrameError('invalid-event', (error as Error).message, error);
    }
  };
  // An embed that could not authenticate sends its errors at once: it sends no ready until a set-session works.
  const sendError = (name: string, context: string, message: string, fatal = false) => {
    log(name, message);
    const event = build('error', { message, name, context, fatal });
    if (phase.name === 'auth-failed') outbox.postNow(event);
    else outbox.post(event);
  };

  const signed = mode === 'signed' && session ? session : undefined;
  const exchange = signed
    ? createSessionExchange({
        exchange: signed.exchange, timeoutMs: exchangeTimeoutMs, scope,
        post: (message) => outbox.post(message),
        swap(expiresAt) {
          // Nor does the host need to hear about the session an unauthenticated embed never had.
          if (phase.name === 'auth-failed') {
            outbox.discard((message) => exchange?.isSessionEvent(message) === true);
            enter({ name: 'loading' });
          }
          timers?.swap(expiresAt);
        },
        fail(message, reason) {
          log('exchange failed', reason);
          sendError(SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT, message);
        },
      })
    : undefined;
  const timers = signed
    ? createSessionTimers({
        window: win, scope, now, expiresAt: signed.expiresAt, warnBeforeMs,
        enter(current) {
          const { state, expiresAt } = current;
          if (state === 'expiring')
            exchange?.postSessionEvent(() => build('session-expiring', { expiresAt, expiresInMs: Math.max(0, expiresAt - now()) })());
          if (state === 'expired') exchange?.postSessionEvent(build('session-expired', { expiredAt: expiresAt }));
          sessionListeners.emit('change', current);
        },
      })
    : undefined;

  scope.listen(win, 'message', (event: MessageEvent) => {
    if (event.source !== win.parent || !isAllowed(event.origin)) return log('ignored message from', event.origin);
    const result = parseActionMessage(event.data);
    if (!result.ok) {
      if (result.reason === 'not-protocol') return log('ignored:', result.detail);
      if (result.reason === 'invalid')
        return sendError('InvalidActionError', ACTION_ERROR_CONTEXT, `${result.type ? result.type + ': ' : ''}${result.field} ${result.detail}`);
      return sendError('UnknownActionError', ACTION_ERROR_CONTEXT, `type ${result.type} is not a known action`);
    }
    const { message } = result;
    // The wire types the frame acts on itself, checked by the compiler against the catalog.
    if (message.type === 'svc:action:set-session') {
      if (!exchange) return sendError(SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT, 'set-session: a private embed has no session to replace');
      // The schema requires the payload; the type leaves every action's optional.
      if (message.payload) exchange.redeem(message.payload.sessionId);
      return;
    }
    const handled: HandledActionMessage = message;
    if (handled.type === 'svc:action:set-timezone' && handled.payload && isUtcOffset(handled.payload.timezone))
      return log('ignored set-timezone with a bare UTC offset', handled.payload.timezone);
    const name = handled.type.slice(ACTION_PREFIX.length) as HandledActionName;
    (actions.emit as (name: HandledActionName, ...args: unknown[]) => void)(name, handled.payload, handled);
    actions.emit('*', handled);
  });

  // Builds (and so checks) every message before anything is sent or previousPath moves.
  const show = (path: string, details: { title?: string; publicId?: string } = {}, navigate = false) => {
    const { title, publicId = readyPublicId } = details;
    const view = build('view', { surface, path, publicId, title });
    const messages = navigate ? [build('navigate', { path, previousPath }), view] : [view];
    previousPath = path;
    messages.forEach((message) => outbox.post(message));
  };

  return {
    ready(details) {
      if (phase.name !== 'loading' && phase.name !== 'auth-failed') throw new FrameError('already-ready', 'ready() was already called; it is sent once per frame');
      const message = build('ready', { ...details, mode, surface });
      readyPublicId = details.publicId;
      // `ready` is always the first event: it goes out before the ones held so far.
      outbox.postNow(message);
      enter({ name: 'ready' });
    },
    emit(name, payload) {
      if (RESERVED_EVENT.test(name)) throw new FrameError('invalid-event', `emit("${name}"): the frame sends it (call ready() for ready)`);
      outbox.post(build(name, payload));
    },
    navigated: (path, details) => show(path, details, true),
    viewed: (path, details) => show(path, details),
    authFailed(message = 'the session id could not be exchanged') {
      if (!timers) throw new FrameError('invalid-argument', 'authFailed(): a private embed has no session to authenticate');
      if (phase.name === 'ready') throw new FrameError('already-ready', 'authFailed() is for before ready(); after it, a session that stops working is sessionEnded()');
      enter({ name: 'auth-failed' });
      sendError(SESSION_EXCHANGE_ERROR, AUTH_ERROR_CONTEXT, message, true);
    },
    sessionEnded(at = now()) {
      if (timers) timers.end(at);
      else log('sessionEnded: a private embed has no session');
    },
    on(name: string, handler: (...args: any[]) => void) {
      if (name !== '*' && (name === 'set-session' || !isActionName(name)))
        throw new FrameError('invalid-argument', `on(${JSON.stringify(name)}): not an action name or "*" (set-session: see onSessionChange)`);
      return actions.on(name as HandledActionName, handler);
    },
    get session() {
      return timers?.current;
    },
    onSessionChange: (listener) => sessionListeners.on('change', listener),
    followColorScheme(scheme, apply) {
      stopColorScheme();
      stopColorScheme = watchColorScheme({ window: win, scope, scheme, apply });
      return stopColorScheme;
    },
    destroy: () => enter({ name: 'destroyed' }),
  };
}
