import type { Scope } from '@svc-embed/runtime';
import type { UrlAdapter } from './sync-url-options.js';

/** What {@link queryParamAdapter} works with. */
interface QueryParamAdapterOptions {
  /** The window whose location and history hold the parameter. */
  window: Window;
  /** The query parameter's name. */
  param: string;
  /** The embed's scope: the `popstate` listener ends with it. */
  scope: Scope;
}

/** A query component that keeps `/` readable (`?dash=/orders`) and escapes what would end it. */
const encodePart = (text: string) => encodeURIComponent(text).replace(/%2F/g, '/');

/**
 * `search` with `param` set to `value` (last), or removed when `value` is null. Every other part is
 * kept byte for byte, in its place; a part's name is read as `URLSearchParams` reads it.
 */
export function withQueryParam(options: { search: string; param: string; value: string | null }): string {
  const { search, param, value } = options;
  const parts = search.slice(1).split('&').filter((part) => part && !new URLSearchParams(part).has(param));
  if (value !== null) parts.push(`${encodePart(param)}=${encodePart(value)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * The {@link UrlAdapter} of a query parameter of the window's own URL: `history.pushState` and
 * `replaceState` write it (the path, the other parameters and the hash are kept), `popstate` tells
 * the changes that back and forward make.
 */
export function queryParamAdapter({ window: win, param, scope }: QueryParamAdapterOptions): UrlAdapter {
  return {
    read: () => new URLSearchParams(win.location.search).get(param),
    write(path, { replace }) {
      const { pathname, search, hash } = win.location;
      const url = `${pathname}${withQueryParam({ search, param, value: path })}${hash}`;
      if (replace) win.history.replaceState(win.history.state, '', url);
      else win.history.pushState(null, '', url);
    },
    subscribe: (onChange) => scope.listen(win, 'popstate', onChange),
  };
}
