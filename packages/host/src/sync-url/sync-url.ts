import { isEmbedPath } from '@svc-embed/protocol';
import type { Embed, Unsubscribe } from '../embed.js';
import { embedInternals } from '../embed-internals.js';
import type { DebugLogger } from '../base/debug-logger.js';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import type { SyncUrlOptions, SyncUrlParamOptions, UrlAdapter } from './sync-url-options.js';
import { pacedAdapter } from './history-pace.js';
import { queryParamAdapter } from './url-adapter.js';

/** The query parameters in use on each window, so two embeds cannot share one. */
const claims = new WeakMap<Window, Set<string>>();

/** A parameter's name as `syncUrl` takes it: plain, so that it reads the same in the URL (`?dash=`). */
const PLAIN_NAME = /^[\w.~-]{1,64}$/;

/**
 * Claims `param` on `win` for one embed; returns its release.
 * @throws {EmbedError} `invalid-option` when another embed has it
 */
function claimParam(win: Window, param: string): Unsubscribe {
  const taken = claims.get(win) ?? new Set<string>();
  if (taken.has(param)) throw new EmbedError('invalid-option', DEV ? `syncUrl: "${param}" is used by another embed: give each its own param` : ['syncUrl', param]);
  claims.set(win, taken.add(param));
  return () => taken.delete(param);
}

/**
 * Keeps the embed's place in the host page's URL, so that a reload, the back and forward buttons and
 * a shared link land where the viewer was: each `navigate` event writes the in-embed path to the
 * query parameter (`?dash=/orders`, other parameters and the hash untouched); the path found there is
 * sent as the `navigate` action once the embed is `ready`; back and forward send the entry's path
 * (the embed's first page where the entry has none) and add no entry. Both sides are untrusted: a
 * path that fails the protocol's check (`isEmbedPath`), in the URL or in a `navigate` event, is
 * never sent nor written; it is logged in debug mode (and removed from the URL). A navigation adds
 * a history entry only with a user activation, at most a few a second (see `pacedAdapter`). Stops
 * on `destroy()`, on sign-out, or when the returned function is called.
 * @throws {EmbedError} `invalid-option` for a missing, taken or not plain `param`, a wrong `history`, or what is not an embed
 * @example
 * const embed = createEmbed({ baseUrl, publicId: 'sales-overview', container: '#analytics', mintSessionId });
 * syncUrl(embed, { param: 'dash' }); // https://shop.example/reports?dash=/orders
 */
export function syncUrl(embed: Embed, options: SyncUrlOptions): Unsubscribe {
  const internals = embedInternals(embed);
  const { history = 'push', adapter } = options;
  const param = adapter ? '' : options.param;
  if (!internals || !(adapter || (typeof param === 'string' && PLAIN_NAME.test(param))) || (history !== 'push' && history !== 'replace'))
    throw new EmbedError('invalid-option', DEV ? `syncUrl: give an embed from createEmbed, param (a plain name such as "dash") or adapter, and history "push" or "replace" (got param ${JSON.stringify(param)})` : ['syncUrl', param]);
  const { scope, log, now } = internals;
  const win = (options as SyncUrlParamOptions).window ?? (embed.iframe.ownerDocument.defaultView as Window);
  const stops: Unsubscribe[] = [];
  if (!adapter) stops.push(claimParam(win, param));
  const store = pacedAdapter({ adapter: adapter ?? queryParamAdapter({ window: win, param, scope }), window: win, scope, now });
  stops.push(...followEmbed({ embed, adapter: store, replace: history === 'replace', log }));
  const stop = () => {
    for (const each of stops.splice(0)) each();
  };
  scope.onDispose(stop);
  return stop;
}

/** What {@link followEmbed} works with. */
interface FollowOptions {
  embed: Embed;
  adapter: UrlAdapter;
  /** True when each navigation replaces the current history entry. */
  replace: boolean;
  log: DebugLogger;
}

/** Keeps the embed and the adapter in step; returns the removals of what it listens to. */
function followEmbed({ embed, adapter, replace, log }: FollowOptions): Unsubscribe[] {
  /** The embed's first page (its first `view`), where an entry without a path leads. */
  let start: string | undefined;
  /** Where the embed is, as far as its events told. */
  let current: string | undefined;
  /**
   * The paths `navigate` actions asked for, oldest first, not answered yet: the `navigate` events
   * that answer them write nothing (the URL already leads). The embed answers in order and may drop
   * one (a page it does not have): an answer drops the asks before it, and any other navigation
   * (the viewer's own) drops them all.
   */
  let asked: string[] = [];

  /** The stored path if it passes the protocol's check; a failing one is logged, removed, and read as none. */
  const trustedPath = (): string | null => {
    const stored = adapter.read();
    if (stored === null || isEmbedPath(stored)) return stored;
    log('url', 'ignored', stored);
    adapter.write(null, { replace: true });
    return null;
  };
  /** Asks the embed for `path`, unless it is there, or on its way there (an ask not answered yet). */
  const goTo = (path: string | null | undefined) => {
    if (!path || path === (asked.at(-1) ?? current)) return;
    asked.push(path);
    embed.navigate(path);
  };
  const isShowing = () => embed.state === 'ready' || embed.state === 'renewing';

  const stored = trustedPath();
  if (isShowing()) goTo(stored);
  return [
    // Each `ready` is a fresh document at its first page: take it where the URL says.
    embed.on('ready', () => {
      current = undefined;
      asked = [];
      goTo(trustedPath());
    }),
    embed.on('view', ({ path }) => {
      if (!isEmbedPath(path)) return;
      start ??= path;
      current ??= path;
    }),
    // The surface's path is untrusted too: one that fails the check is never written.
    embed.on('navigate', ({ path }) => {
      if (!isEmbedPath(path)) return log('url', 'refused', path.slice(0, 100));
      current = path;
      const answer = asked.indexOf(path);
      asked = answer < 0 ? [] : asked.slice(answer + 1);
      if (answer >= 0 || (adapter.read() ?? start) === path) return;
      adapter.write(path, { replace });
    }),
    adapter.subscribe(() => {
      const path = trustedPath() ?? start;
      if (isShowing()) goTo(path);
    }),
  ];
}
