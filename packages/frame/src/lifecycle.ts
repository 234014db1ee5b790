import { createScope, type Scope, type TimerSource } from '@svc-embed/runtime';

/**
 * Where a frame stands:
 * - `loading`: every event is held until `ready()`;
 * - `auth-failed`: after `authFailed()`, until an exchange works: errors go out at once, the rest is held;
 * - `ready`: everything goes out at once;
 * - `destroyed`: nothing is listened to or sent any more.
 */
type FramePhase = 'loading' | 'auth-failed' | 'ready' | 'destroyed';

/** Options of {@link createLifecycle}. */
interface LifecycleOptions {
  /** Where the scope's timers come from: the frame's window. */
  timers: TimerSource;
}

/**
 * The first part of a frame: its phase and its scope. Every later part arms its listeners and timers
 * in the scope and registers its own clean-up with `scope.onDispose`; `destroy` releases them all.
 */
export interface Lifecycle {
  /** Every listener, timer and clean-up of the frame. */
  readonly scope: Scope;
  /** The phase now. */
  readonly phase: FramePhase;
  /** Moves to `next` (`loading`, `auth-failed` or `ready`); does nothing once destroyed. */
  enter(next: Exclude<FramePhase, 'destroyed'>): void;
  /** Enters `destroyed` and disposes the scope, so every part cleans up. Idempotent. */
  destroy(): void;
}

/** Creates the {@link Lifecycle} of a frame, in phase `loading`. */
export function createLifecycle(options: LifecycleOptions): Lifecycle {
  const scope = createScope({ timers: options.timers });
  let phase: FramePhase = 'loading';
  return {
    scope,
    get phase() {
      return phase;
    },
    enter(next) {
      if (phase !== 'destroyed') phase = next;
    },
    destroy() {
      phase = 'destroyed';
      scope.dispose();
    },
  };
}
