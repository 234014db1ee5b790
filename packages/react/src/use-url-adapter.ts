'use client';
import { syncUrl, type UrlAdapter, type UrlSync } from '@svc-embed/host';
import { useEffect, useRef, useState } from 'react';

/** What {@link useUrlAdapter} makes an adapter of: a router's value and its writer. */
export interface RouterUrl {
  /** The in-embed path as the router has it now (`searchParams.get('dash')`), null when none. */
  value: string | null;
  /** Asks the router to store `path` (null removes it): a new history entry, or with `replace` the current one. */
  write(path: string | null, options: { replace: boolean }): void;
}

/**
 * Turns a router's state into the `UrlAdapter` that `syncUrl` reads and writes, and the value of
 * the `syncUrl` prop (a `UrlSync`, which brings `syncUrl` with it), so that the router (React
 * Router, the Next.js App Router …) stays in charge of history: `read()` gives the latest `value`,
 * `write` calls the latest `write`, and a change of `value` that a render brings (back, forward, a
 * link) is told to the subscribers. The adapter is the same object on every render.
 * @example
 * const [searchParams, setSearchParams] = useSearchParams(); // React Router
 * const dash = useUrlAdapter({
 *   value: searchParams.get('dash'),
 *   write: (path, { replace }) => setSearchParams((params) => {
 *     if (path === null) params.delete('dash');
 *     else params.set('dash', path);
 *     return params;
 *   }, { replace }),
 * });
 * return <SvcEmbed baseUrl={baseUrl} publicId="sales-overview" syncUrl={dash} />;
 */
export function useUrlAdapter(router: RouterUrl): UrlAdapter & UrlSync {
  const latest = useRef(router);
  latest.current = router;
  const [{ adapter, changed }] = useState(() => {
    const subscribers = new Set<() => void>();
    const made: UrlAdapter & UrlSync = {
      read: () => latest.current.value,
      write: (path, options) => latest.current.write(path, options),
      subscribe(onChange) {
        subscribers.add(onChange);
        return () => subscribers.delete(onChange);
      },
      follow: (embed) => syncUrl(embed, { adapter: made }),
    };
    return { adapter: made, changed: () => subscribers.forEach((onChange) => onChange()) };
  });
  const seen = useRef(router.value);
  useEffect(() => {
    if (seen.current === router.value) return;
    seen.current = router.value;
    changed();
  }, [router.value, changed]);
  return adapter;
}
