import type { Scope } from '@svc-embed/runtime';

/** What a {@link LazyStart} is given: the embed's iframe, its window, and how to start it. */
export interface LazyTarget {
  /** The embed's iframe, in the page (what comes into view). */
  iframe: HTMLIFrameElement;
  /** The page's window (its `IntersectionObserver`). */
  window: Window;
  /** Starts the embed: mints its first id and sets its URL. Once; later calls do nothing. */
  start(): void;
}

/**
 * `createEmbed`'s `lazy` option: when the embed starts. `createEmbed` calls it once, with the embed's
 * iframe; it calls `start` when the time has come (at once, or later), and returns the function that
 * stops waiting, which `destroy()` calls. `whenVisible()` makes one; any function of this shape works
 * (say, one that starts on a click).
 */
export type LazyStart = (target: LazyTarget) => () => void;

/** What {@link startEmbed} needs. */
export interface StartOptions extends Omit<LazyTarget, 'start'> {
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
