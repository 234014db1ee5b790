import type { Scope } from '@svc-embed/runtime';
import type { LazyStart, LazyTarget } from './embed-options.js';

/** What {@link startEmbed} needs. */
interface StartOptions extends Omit<LazyTarget, 'start'> {
  /** The `lazy` option. */
  lazy: LazyStart | undefined;
  /** The embed's scope: destroying the embed stops waiting. */
  scope: Scope;
  /** Starts the embed (mints its first id, sets its URL). */
  start: () => void;
}

/** Starts the embed now, or, with `lazy`, when `lazy` says: nothing is minted and no URL is set before, so the id is fresh when it is used. */
export function startEmbed({ lazy, scope, start, ...target }: StartOptions): void {
  if (lazy) scope.onDispose(lazy({ ...target, start }));
  else start();
}
