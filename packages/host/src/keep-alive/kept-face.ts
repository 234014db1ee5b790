import type { ReadyPayload } from '@svc-embed/protocol';
import { createScope } from '@svc-embed/runtime';
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
}

/**
 * The {@link Embed} one mount holds of a kept embed: the kept embed's own methods until `destroy()`,
 * which releases what this mount added (its listeners, its `syncUrl`, anything on its scope) and
 * parks the kept embed instead of ending it. After that, as after any `destroy()`, `state` is
 * `destroyed` and the actions throw `destroyed`; the next mount gets a face of its own. The kept
 * embed's end (an eviction, the idle limit, the sign-out) ends the face too. Its `ready` is the kept
 * embed's, or rejects with `destroyed` when the face let go first.
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
    on: <K extends keyof EmbedListeners>(name: K, listener: EmbedListeners[K]) => track(inner.on(name, listener)),
    once: <K extends keyof EmbedListeners>(name: K, listener: EmbedListeners[K]) => track(inner.once(name, listener)),
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
  return internals ? registerEmbed(face, { log: internals.log, now: internals.now, scope, place: internals.place, emit: internals.emit }) : face;
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
