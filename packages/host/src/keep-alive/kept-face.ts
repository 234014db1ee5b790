import type { EventMessage, ReadyPayload } from '@svc-embed/protocol';
import { createListenerRegistry, createScope, reportError, type Scope } from '@svc-embed/runtime';
import { createDeferred } from '../base/deferred.js';
import { destroyedError } from '../base/errors.js';
import type { Embed, EmbedListeners, Unsubscribe } from '../embed.js';
import { embedInternals, registerEmbed } from '../embed-internals.js';
import type { EmbedTimings } from '../mount/embed-timings.js';

/** What {@link faceOf} works with. */
interface FaceOptions {
  /** The kept embed, as `createEmbed` assembled it. */
  inner: Embed;
  /** The page's window (the face's scope takes its timers). */
  window: Window;
  /** This mount's timings: the kept embed's own for the mount that made it, new ones for an adopter. */
  timings: Readonly<EmbedTimings> | undefined;
  /** What `destroy()` does once the face has let go: parks the kept embed, or ends it when it cannot be kept. */
  park: () => void;
  /** For an adopter of a kept embed that is ready: the `ready` it last sent, told again to this face's listeners ({@link replayReady}). */
  replay?: ReadyMessage;
}

/** The `ready` a kept embed sent, as its listeners got it. */
export type ReadyMessage = EventMessage<'ready'>;

/**
 * The {@link Embed} one mount holds of a kept embed: the kept embed's own methods until `destroy()`,
 * which releases what this mount added (its listeners, its `syncUrl`, anything on its scope) and
 * parks the kept embed instead of ending it. After that, as after any `destroy()`, `state` is
 * `destroyed` and the actions throw `destroyed`; the next mount gets a face of its own. The kept
 * embed's end (an eviction, the idle limit, the sign-out) ends the face too. Its `ready` is the kept
 * embed's, or rejects with `destroyed` when the face let go first; with `replay`, its `ready` and
 * `'*'` listeners hear the kept embed's `ready` once, a task later, as a fresh embed's would.
 */
export function faceOf(options: FaceOptions): Embed {
  const { inner, park } = options;
  const internals = embedInternals(inner);
  const scope = createScope({ timers: options.window });
  const offs = new Set<Unsubscribe>();
  const endWithInner = internals?.scope.onDispose(() => scope.dispose());
  /** Rejected with `destroyed` when this face lets go: its `ready`, if the kept embed was not ready by then, rejects as a destroyed embed's does. */
  const gone = createDeferred<ReadyPayload>();
  gone.promise.catch(() => {});
  let ready: Promise<ReadyPayload> | undefined;
  scope.onDispose(() => {
    gone.reject(destroyedError());
    offs.forEach((off) => off());
    offs.clear();
    endWithInner?.();
  });
  /** `act`, refused with `destroyed` once this face has let go. */
  const live = <A extends unknown[], R>(act: (...args: A) => R) => (...args: A): R => {
    if (scope.disposed) throw destroyedError();
    return act(...args);
  };
  const track = (off: Unsubscribe) => tracked({ off, offs, disposed: scope.disposed });
  const replaying = options.replay && replayReady({ message: options.replay, inner, scope, window: options.window });
  const on: On = (name, listener) => track(replaying?.(name, listener) ?? inner.on(name, listener));
  const face: Embed = {
    iframe: inner.iframe,
    get state() {
      return scope.disposed ? 'destroyed' : inner.state;
    },
    timings: options.timings,
    get ready() {
      // Read only when the page reads it: reading the kept embed's tells it the page handles a failure.
      ready ??= Promise.race([inner.ready, gone.promise]);
      return ready;
    },
    on,
    once: onceOf(on),
    setColorScheme: live(inner.setColorScheme),
    setTheme: live(inner.setTheme),
    setLocale: live(inner.setLocale),
    setTimezone: live(inner.setTimezone),
    setFilter: live(inner.setFilter) as Embed['setFilter'],
    navigate: live(inner.navigate),
    refresh: live(inner.refresh),
    setSession: live(inner.setSession),
    renewSession: () => (scope.disposed ? Promise.reject(destroyedError()) : inner.renewSession()),
    logout: () => inner.logout(),
    destroy() {
      if (scope.disposed) return;
      scope.dispose();
      park();
    },
  };
  return internals ? registerEmbed(face, { log: internals.log, now: internals.now, scope, place: internals.place }) : face;
}

/** An embed's `on`. */
type On = <K extends keyof EmbedListeners>(name: K, listener: EmbedListeners[K]) => Unsubscribe;

/** The `once` of an `on`: the listener removed before its first call. */
function onceOf(on: On): On {
  return (name, listener) => {
    const off = on(name, ((...args: unknown[]) => {
      off();
      (listener as (...listenerArgs: unknown[]) => void)(...args);
    }) as typeof listener);
    return off;
  };
}

/** `off`, kept in `offs` (released when the face lets go) unless the face has let go already: then released at once. */
function tracked(options: { off: Unsubscribe; offs: Set<Unsubscribe>; disposed: boolean }): Unsubscribe {
  const { off, offs } = options;
  if (options.disposed) {
    off();
    return off;
  }
  offs.add(off);
  return () => {
    offs.delete(off);
    off();
  };
}

/** What {@link replayReady} works with. */
interface Replay {
  /** The kept embed's last `ready`. */
  message: ReadyMessage;
  /** The kept embed. */
  inner: Embed;
  /** The adopter's face's scope: the replay goes with it. */
  scope: Scope;
  /** The page's window (a listener's throw is reported to it). */
  window: Window;
}

/**
 * Tells an adopter's `ready` and `'*'` listeners the kept embed's `ready` (its payload and message),
 * once, in a task after the adoption: as a fresh embed's comes after `createEmbed` returns, so that
 * listeners added right after it (`<svc-embed>`'s `svc-ready`, a component's `onReady`) hear it. A
 * `ready` the kept embed sends before then (its document loaded afresh) is told instead; a face that
 * lets go before then tells none. Returns the face's `on` for `ready` and `'*'` while the replay
 * waits (the listener added to the kept embed and to the replay), and `undefined` for anything else.
 */
function replayReady(options: Replay): <K extends keyof EmbedListeners>(name: K, listener: EmbedListeners[K]) => Unsubscribe | undefined {
  const { message, inner, scope } = options;
  const waiting = createListenerRegistry<EmbedListeners>({ report: (error) => reportError(options.window, error) });
  let pending = true;
  const stop = () => {
    pending = false;
    cancel();
    offLive();
    waiting.clear();
  };
  // A live ready, before the replay: it is the one told (to the listeners on the kept embed).
  const offLive = inner.on('ready', stop);
  const cancel = scope.later(0, () => {
    pending = false;
    waiting.emit('ready', message.payload, message);
    waiting.emit('*', message.payload, message);
    stop();
  });
  scope.onDispose(stop);
  return (name, listener) => {
    if (!pending || (name !== 'ready' && name !== '*')) return undefined;
    const offs = [inner.on(name, listener), waiting.on(name, listener)];
    return () => offs.forEach((off) => off());
  };
}
