import type { RenewalFailure, RenewalInfo, RenewalTrigger } from './embed.js';
import type { DebugLogger } from './embed-options.js';
import { EmbedError } from './errors.js';
import { retry } from './retry.js';
import type { Scope } from './scope.js';
import type { SessionMint } from './session-mint.js';

/** The embed warns about 30 minutes before a session stops working: renew from then on. */
export const RENEWAL_WINDOW_MS = 30 * 60_000;
/** Estimated usable life of a session when no `expiresAt` was seen (minted for 24 h, trusted ~23 h). */
export const ESTIMATED_LIFETIME_MS = 23 * 3_600_000;
/** How long after `set-session` a rejection from the embed still counts against that id. */
export const REJECTION_WINDOW_MS = 10_000;

/** Session renewal of one embed: one renewal per session, whatever triggers it. */
export interface SessionRenewal {
  /**
   * Renews the session that lapses at `expiry` (default: its known or estimated expiry), joining the
   * renewal in flight. A trigger for a session already renewed is ignored. `builtAt` is the event's
   * `timestamp`: an event built before (or as) our last set-session went out is about an older session.
   */
  renew(trigger: RenewalTrigger, expiry?: number, builtAt?: number): Promise<void>;
  /** The embed rejected a `set-session` id (an `error` event with `context: 'session-renewal'`). */
  rejected(): void;
  /** The page came back to the foreground: renew when the session is near or past its expiry. */
  check(): void;
  /** A first session id was just put to use: the base of the expiry estimate. */
  minted(): void;
}

/**
 * Creates the {@link SessionRenewal} of one embed. `ready` resolves on the embed's first `ready`
 * event; `mint` mints and hands the id to `send`, which posts `set-session`; `notify` emits the
 * host-side notifications.
 */
export function createSessionRenewal(
  scope: Scope,
  now: () => number,
  ready: Promise<unknown>,
  mint: SessionMint,
  send: (sessionId: string) => void,
  [attempts, retryDelayMs]: number[],
  notify: (name: 'renewed' | 'renewal-failed', info: RenewalInfo | RenewalFailure) => void,
  log: DebugLogger,
): SessionRenewal {
  let mintedAt = now();
  // Wake-ups before the embed is ready say nothing about a session: the first one may not even be in use yet.
  let isReady = false;
  ready.then(() => (isReady = true), () => {});
  let known: number | undefined;
  // Expiries of sessions renewed (or being renewed): triggers about them are duplicates. Sessions
  // are told apart by their expiry, not by ordering times: a session can lapse early ("expire now",
  // revocation), before the expiry of the one it replaced.
  const handled = new Set<number>();
  let targets: number[] = [];
  // When the last set-session went out (browser clock): an event built before it is about an older session.
  let sentAt = -Infinity;
  let inflight: Promise<void> | undefined;
  // Set while a sent id awaits its verdict: true when the embed rejected it, false when it took it.
  let verdict: ((rejected: boolean) => void) | undefined;
  // The last renewal taken as a success, until the next starts: a rejection after its verdict (the
  // embed's exchange outlasted REJECTION_WINDOW_MS) undoes it.
  let taken: { trigger: RenewalTrigger; targets: number[]; sentBefore: number } | undefined;
  const deadline = () => known ?? mintedAt + ESTIMATED_LIFETIME_MS;
  const join = (at: number) => (handled.add(at), targets.push(at), (known = Math.max(known ?? at, at)));

  // One attempt: a fresh id, sent, then up to REJECTION_WINDOW_MS for the embed to reject it.
  const attempt = async () => {
    await mint(send);
    sentAt = now();
    const rejected = await scope.guard(new Promise<boolean>((resolve) => {
      const cancel = scope.later(REJECTION_WINDOW_MS, () => resolve(false));
      verdict = (value) => (cancel(), resolve(value));
    }));
    verdict = undefined;
    if (rejected) throw new EmbedError('session-rejected', 'the embed rejected the new session id');
  };

  const renew = (trigger: RenewalTrigger, expiry?: number, builtAt?: number): Promise<void> => {
    const at = expiry ?? deadline();
    // Compared on the browser's clock (the embed stamps its events with it), never the service's:
    // expiries come from the service and may be skewed. An event built in the very millisecond our
    // set-session went out may be about either session: it joins, but marks nothing as renewed, so
    // the new session's own lapse still renews it.
    const older = builtAt !== undefined && builtAt < sentAt;
    const tie = builtAt === sentAt;
    if (handled.has(at) || ((older || tie) && !inflight)) return log('drop', trigger, 'already renewed'), inflight ?? Promise.resolve();
    if (inflight) {
      // Our id is out and the embed speaks of another session than the one being renewed (it warns
      // about a new expiry, or a session lapsed after we sent): it took the id. Settle this renewal
      // now, then renew that session. A lapse stamped at or after the old expiry is the old session.
      // Only the embed can tell: a wake-up or renewSession() (no expiry given) joins.
      if (verdict && expiry !== undefined && !older && !tie && !(trigger === 'session-expired' && at >= known!)) return verdict(false), inflight.then(() => renew(trigger, at));
      if (!tie) join(at);
      return inflight;
    }
    targets = [];
    taken = undefined;
    join(at);
    log('renew', trigger);
    let count = 0;
    const sentBefore = sentAt;
    const info = () => ((inflight = verdict = undefined), { trigger, attempts: count });
    return (inflight = scope
      .guard(ready)
      .then(() => retry((n) => ((count = n), attempt()), attempts!, retryDelayMs!, scope, log))
      .then(
        () => {
          mintedAt = now();
          known = undefined;
          taken = { trigger, targets, sentBefore };
          notify('renewed', info());
        },
        (error) => {
          // A failed renewal is not remembered: the next trigger for these sessions starts anew.
          targets.forEach((target) => handled.delete(target));
          // Nor are its ids (each was rejected or never sent): the embed still runs the session it had.
          sentAt = sentBefore;
          // After destroy nobody listens; the caller of renewSession() still gets the error.
          notify('renewal-failed', { ...info(), error });
          throw error;
        },
      ));
  };

  return {
    renew,
    rejected: () => {
      if (verdict) return verdict(true);
      if (!taken) return log('drop', 'rejection with no renewal waiting');
      // Rejected after all: forget that renewal and renew those sessions again, with a fresh id.
      const { trigger, targets: again, sentBefore } = taken;
      again.forEach((target) => handled.delete(target));
      sentAt = sentBefore;
      renew(trigger, Math.max(...again)).catch(() => {});
    },
    check: () => void (isReady && now() >= deadline() - RENEWAL_WINDOW_MS && renew('foreground').catch(() => {})),
    minted: () => void (mintedAt = now()),
  };
}
