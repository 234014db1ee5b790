// The `UrlSync` the bindings' `syncUrl` prop takes for a query parameter: `syncUrl` bound to it, the
// same object for the same arguments (a render that makes it again restarts nothing).
import type { SyncUrlParamOptions, UrlSync } from './sync-url-options.js';
import { syncUrl } from './sync-url.js';

/** `history` of {@link urlParam}. */
export type UrlParamOptions = Pick<SyncUrlParamOptions, 'history'>;

/** The syncs made so far, by their arguments. */
const made = new Map<string, UrlSync>();

/**
 * Keeps the embed's path in the page's query parameter `param` (`?dash=/orders`): the value of a
 * binding's `syncUrl` prop. The same arguments give the same object. See `syncUrl` for what it does;
 * for a router, the bindings' `useUrlAdapter` (and Vue's `useRouterUrl`) give the prop's value.
 * @example <SvcEmbed baseUrl="https://tenant.example" publicId="d-42" syncUrl={urlParam('dash')} />
 */
export function urlParam(param: string, options: UrlParamOptions = {}): UrlSync {
  const { history = 'push' } = options;
  const key = `${history} ${param}`;
  const sync = made.get(key) ?? { follow: (embed) => syncUrl(embed, { param, history }) };
  made.set(key, sync);
  return sync;
}
