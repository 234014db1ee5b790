import { AUTH_ERROR_CONTEXT, SESSION_EXCHANGE_ERROR } from '@svc-embed/protocol';
import { watchColorScheme } from './color-scheme.js';
import { FrameError } from './errors.js';
import type { Frame } from './frame.js';
import type { FrameConfig } from './frame-options.js';
import type { Inbound } from './inbound.js';
import type { Lifecycle } from './lifecycle.js';
import type { Outbound } from './outbound.js';
import type { Session } from './session.js';

/** The parts of a frame, made in this order by `createFrame`, and what its surface needs besides. */
interface FrameParts {
  /** The checked options. */
  config: FrameConfig;
  lifecycle: Lifecycle;
  outbound: Outbound;
  /** `undefined` in private mode. */
  session: Session | undefined;
  inbound: Inbound;
}

const RESERVED_EVENT = /^(ready|session-)/;

/** The {@link Frame} that `createFrame` returns: each method a call into one of the parts. */
export function createFrameSurface(parts: FrameParts): Frame {
  const { config, lifecycle, outbound, session, inbound } = parts;
  const { window: win, surface, mode, now, log } = config;
  let previousPath: string | undefined;
  let readyPublicId: string | undefined;
  let stopColorScheme = () => {};
  // Builds (and so checks) every message before anything is sent or previousPath moves.
  const show = (path: string, details: { title?: string; publicId?: string } = {}, navigate = false) => {
    const { title, publicId = readyPublicId } = details;
    const view = outbound.build('view', { surface, path, publicId, title });
    const events = navigate ? [outbound.build('navigate', { path, previousPath }), view] : [view];
    previousPath = path;
    events.forEach((event) => outbound.post(event));
  };
  return {
    ready(details) {
      const { phase } = lifecycle;
      // After destroy() later calls send nothing, and throw nothing either (a late ready() of a surface torn down).
      if (phase === 'destroyed') return;
      if (phase !== 'loading' && phase !== 'auth-failed') throw new FrameError('already-ready', 'ready() was already called; it is sent once per frame');
      const event = outbound.build('ready', { ...details, mode, surface });
      readyPublicId = details.publicId;
      lifecycle.enter('ready');
      // `ready` is always the first event: it goes out before the ones held so far.
      outbound.postNow(event);
      outbound.open();
    },
    emit(name, payload) {
      if (RESERVED_EVENT.test(name)) throw new FrameError('invalid-event', `emit("${name}"): the frame sends it (call ready() for ready)`);
      outbound.post(outbound.build(name, payload));
    },
    navigated: (path, details) => show(path, details, true),
    viewed: (path, details) => show(path, details),
    authFailed(message = 'the session id could not be exchanged') {
      if (!session) throw new FrameError('invalid-argument', 'authFailed(): a private embed has no session to authenticate');
      if (lifecycle.phase === 'ready') throw new FrameError('already-ready', 'authFailed() is for before ready(); after it, a session that stops working is sessionEnded()');
      lifecycle.enter('auth-failed');
      outbound.sendError({ name: SESSION_EXCHANGE_ERROR, context: AUTH_ERROR_CONTEXT, message, fatal: true });
    },
    sessionEnded(at = now()) {
      if (session) session.end(at);
      else log('sessionEnded: a private embed has no session');
    },
    on: inbound.on,
    get session() {
      return session?.current;
    },
    onSessionChange: (listener) => (session ? session.onChange(listener) : () => {}),
    followColorScheme(scheme, apply) {
      stopColorScheme();
      stopColorScheme = watchColorScheme({ window: win, scope: lifecycle.scope, scheme, apply });
      return stopColorScheme;
    },
    destroy: () => lifecycle.destroy(),
  };
}
