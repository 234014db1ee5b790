import type { Scope } from '@svc-embed/runtime';
import type { LazyStart, LazyTarget } from './embed-options.js';
import type { FirstSession, FirstSessionTarget } from './session-from-page.js';

/** What {@link startEmbed} needs. */
interface StartOptions extends Omit<LazyTarget, 'start'>, Pick<FirstSessionTarget, 'record'> {
  /** The `lazy` option. */
  lazy: LazyStart | undefined;
  /** The `firstSession` option, for an embed that mints (one that does not takes no id from the page). */
  firstSession: FirstSession | undefined;
  /** The embed's scope: destroying the embed stops waiting. */
  scope: Scope;
  /** Starts the embed: mints its first id (or uses the page's, `sessionId`), or sets its URL. */
  start: (sessionId?: string) => void;
  /** Puts the iframe in the page, unless it is there. */
  place: () => void;
  /** Opens the warm-up, when it helps. */
  warm: () => void;
}

/**
 * Starts the embed now, or, with `lazy`, when `lazy` says: nothing is minted and no URL is set
 * before, so the id is fresh when it is used. The mint first: `start` queues the first mint's
 * microtask, and `place` (then `warm`) runs in the microtask after it, so the mint's request is out before the
 * iframe's append (in Chromium it commits a blank page synchronously: tens of ms under load). With
 * `firstSession`, the page's id is handed to `start` (or none: then it mints).
 */
export function startEmbed({ lazy, firstSession, scope, start, place, warm, record, ...target }: StartOptions): void {
  const begin = (sessionId?: string) => {
    start(sessionId);
    void Promise.resolve().then(() => {
      place();
      warm();
    });
  };
  const go = () => (firstSession ? firstSession({ window: target.window, scope, record, start: begin }) : begin());
  if (lazy) scope.onDispose(lazy({ ...target, start: go }));
  else go();
}
