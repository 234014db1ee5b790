import { deadline, isRunning, type RenewalSignal, type RenewalState } from './renewal.js';

/**
 * What a renewal trigger means for the state it meets (named apart from the verdict, whether the
 * embed took an id). At rest (no run in progress) a trigger is a `duplicate` or a `start`; only
 * during a run can it `join`, be `taken-then-start` or `ambiguous`:
 * - `duplicate`: its session is renewed or being renewed, or it is about an older session: dropped
 *   (a caller of `renewSession()` waits for the run in progress, if any);
 * - `start`: no run in progress: start one for its session;
 * - `join`: add its session to the run in progress;
 * - `taken-then-start`: our id is out and the embed speaks of a newer session: that id was taken.
 *   Settle the run, then start one for the newer session;
 * - `ambiguous`: built in the very millisecond our `set-session` went out, so it may be about either
 *   session: it neither joins nor settles (the next event tells).
 */
export type TriggerMeaning = 'duplicate' | 'start' | 'join' | 'taken-then-start' | 'ambiguous';

/** A classified trigger: what it means and the expiry of the session it is about. */
interface ClassifiedTrigger {
  /** What to do with it. */
  meaning: TriggerMeaning;
  /** Expiry of its session: the one it names, else the current session's (known or estimated). */
  at: number;
}

/**
 * Classifies a trigger against the state. Times are compared on the browser's clock (the embed stamps
 * its events with it), never the service's: expiries come from the service and may be skewed.
 * @example classifyTrigger(idleState, { type: 'trigger', trigger: 'manual', now }).meaning // 'start'
 */
export function classifyTrigger(state: RenewalState, signal: Extract<RenewalSignal, { type: 'trigger' }>): ClassifiedTrigger {
  const { trigger, expiry, builtAt } = signal;
  const at = expiry ?? deadline(state);
  const older = builtAt !== undefined && builtAt < state.sentAt;
  const tie = builtAt === state.sentAt;
  const running = isRunning(state);
  // renewSession() renews now: its estimated expiry matching a renewed session's does not make it a duplicate.
  const renewed = trigger !== 'manual' && state.handled.includes(at);
  if (renewed || ((older || tie) && !running)) return { meaning: 'duplicate', at };
  if (!running) return { meaning: 'start', at };
  if (tie) return { meaning: 'ambiguous', at };
  // Only the embed can tell of a newer session (a wake-up or renewSession() names none). A lapse
  // stamped at or after the old expiry is the old session.
  const lapsedOld = trigger === 'session-expired' && state.known !== undefined && at >= state.known;
  if (state.phase === 'awaiting-verdict' && expiry !== undefined && !older && !lapsedOld) return { meaning: 'taken-then-start', at };
  return { meaning: 'join', at };
}
