import type { Scope } from '@svc-embed/runtime';
import type { EmbedIds } from '../ledger/embed-ids.js';
import type { EmbedContext } from './embed-context.js';
import { startEmbed } from './lazy-start.js';

/** What {@link startMintFirst} starts. */
interface MintFirstStart {
  /** The resolved options: `lazy`, `firstSession`, whether there is a URL to load, the window and clock. */
  context: Pick<EmbedContext, 'options' | 'url' | 'window' | 'now'>;
  /** The embed's scope, and what puts its iframe in the page (nothing once the embed has ended). */
  lifecycle: { readonly scope: Scope; place(): void };
  /** Opens the warm-up, when it helps. */
  loader: { warm(): void };
  /** The embed's iframe (what `lazy` watches). */
  iframe: HTMLIFrameElement;
  /** The embed's side of the ledger: a page's first id is recorded there, with its viewer tag. */
  ids: Pick<EmbedIds, 'record'>;
  /** Whether the embed mints (`mintSessionId`): with a URL to load, its first id at the start. */
  mints: boolean;
  /** Starts the renewal machine with the page's first id (the URL is set at once), or without (the first mint's microtask is queued, or a private URL set). */
  start: (sessionId?: string) => void;
}

/**
 * Starts the embed, now or when `lazy` says, the first mint's request first: the iframe goes in its
 * container (and the warm-up in the page) in the microtask after the mint's, since in Chromium a
 * created iframe's append commits a blank page synchronously (tens of ms under load). With
 * `firstSession`, the page's id is taken in a microtask too, only if the embed still lives (an
 * embed destroyed in the task that made it, React StrictMode's, leaves it to the next), and used at
 * once: no mint, the URL set, then the iframe placed. A lazy embed's iframe is in the page from the
 * start (`lazy` watches it); a private one's once its URL is set.
 */
export function startMintFirst(parts: MintFirstStart): void {
  const { context, lifecycle, loader, mints } = parts;
  const { lazy, firstSession } = context.options;
  const place = () => {
    lifecycle.place();
    loader.warm();
  };
  const mintFirst = (sessionId?: string) => {
    parts.start(sessionId);
    if (sessionId) place();
    else void Promise.resolve().then(place);
  };
  const fromPage = () => {
    if (lifecycle.scope.disposed || !firstSession) return;
    const page = firstSession({ window: context.window, now: context.now() });
    if (page) parts.ids.record(page.sessionId, page.viewer);
    mintFirst(page?.sessionId);
  };
  const start = () => {
    if (!mints || context.url === undefined) {
      parts.start();
      place();
    } else if (firstSession) void Promise.resolve().then(fromPage);
    else mintFirst();
  };
  if (lazy) lifecycle.place();
  startEmbed({ lazy, window: context.window, iframe: parts.iframe, scope: lifecycle.scope, start });
}
