import { syncUrl, type UrlAdapter, type UrlSync } from '@svc-embed/host';
import { watch } from 'vue';

/** What {@link useUrlAdapter} makes an adapter of: a router's value and its writer. */
export interface RouterUrl {
  /** Reads the in-embed path as the router has it now (`route.query.dash`), null when none; read reactively. */
  value: () => string | null;
  /** Asks the router to store `path` (null removes it): a new history entry, or with `replace` the current one. */
  write(path: string | null, options: { replace: boolean }): void;
}

/**
 * Turns a router's state into the `UrlAdapter` that `syncUrl` reads and writes, and the value of
 * the `syncUrl` prop (a `UrlSync`, which brings `syncUrl` with it), so that the router stays in
 * charge of history: `read()` gives `value()`, `write` calls
 * `write`, and a change of `value()` (back, forward, a link) is told to the subscribers. Call it in
 * `setup`: it stops watching with the component. For Vue Router, {@link useRouterUrl} does it all.
 * @example
 * const dash = useUrlAdapter({ value: () => store.dash, write: (path) => { store.dash = path; } });
 */
export function useUrlAdapter(router: RouterUrl): UrlAdapter & UrlSync {
  const subscribers = new Set<() => void>();
  watch(router.value, () => subscribers.forEach((onChange) => onChange()));
  const adapter: UrlAdapter & UrlSync = {
    read: router.value,
    write: (path, options) => router.write(path, options),
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    follow: (embed) => syncUrl(embed, { adapter }),
  };
  return adapter;
}
