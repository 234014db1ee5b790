// The public types of `syncUrl`: its options, and the adapter that keeps the path (a file of their
// own: the published type files reach them, and nothing of the private runtime).
import type { Embed, Unsubscribe } from '../embed.js';

/**
 * Where `syncUrl` keeps the embed's path: the page's query parameter by default, or an SPA
 * router's state (React Router, Next.js, Vue Router), so that the router stays in charge of history.
 */
export interface UrlAdapter {
  /** The path stored now, or null when there is none. Untrusted: `syncUrl` checks it. */
  read(): string | null;
  /** Stores `path` (null removes it): a new history entry, or with `replace` the current one changed. */
  write(path: string | null, options: { replace: boolean }): void;
  /** Calls `onChange` when the stored path changes other than by `write` (back, forward, a link); returns the unsubscription. */
  subscribe(onChange: () => void): Unsubscribe;
}

/** Options of `syncUrl` that keep the path in a query parameter of the page's own URL. */
export interface SyncUrlParamOptions {
  /** The host page's query parameter that holds the in-embed path, such as `dash` (`?dash=/orders`). One per embed on a page. */
  param: string;
  /** `push` (default): one history entry per in-embed navigation; `replace`: the current entry follows the embed. */
  history?: 'push' | 'replace';
  /** The window whose URL and history hold `param`. Default: the window of the embed's iframe. */
  window?: Window;
  adapter?: undefined;
}

/** Options of `syncUrl` that keep the path in an SPA router's state. */
export interface SyncUrlAdapterOptions {
  /** Where the path is kept: your router (see {@link UrlAdapter}). Wins over a `param` given too. */
  adapter: UrlAdapter;
  /** `push` (default): one history entry per in-embed navigation; `replace`: the current entry follows the embed. */
  history?: 'push' | 'replace';
}

/** Options of `syncUrl`: a query parameter (`param`) or your router (`adapter`). */
export type SyncUrlOptions = SyncUrlParamOptions | SyncUrlAdapterOptions;

/**
 * How to keep an embed's in-embed path in the URL, as the bindings' `syncUrl` prop takes it (React,
 * Vue): made by `urlParam('dash')` (the page's query parameter) or a binding's router hook
 * (`useUrlAdapter`, `useRouterUrl`); for an adapter of your own, `{ follow: (embed) => syncUrl(embed,
 * { adapter }) }`. It carries `syncUrl` with it, so a component that is given none does not carry it.
 */
export interface UrlSync {
  /** Keeps `embed`'s path in the URL (`syncUrl`) until the returned function is called, or the embed ends. */
  follow(embed: Embed): Unsubscribe;
}
