import { preloadEmbed, type PreloadOptions } from '@svc-embed/host';
import { useEffect, useRef } from 'react';

/** A preload whose component let go: cancelled at its timer, unless the component wants it again first. */
interface Leaving {
  cancel: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Preloads an embed (`preloadEmbed` of `@svc-embed/host`) while the component is mounted and
 * `options` is not `null`: the route the viewer is likely to open next, minted and loaded hidden, for
 * the `<SvcEmbed>` with the same `keepAlive` key to adopt. It starts on mount (or when `options`
 * becomes non-null; the options are read then: a later change does not restart it) and is cancelled
 * (destroyed, its ids revoked, unless adopted) on unmount or when `options` becomes `null`. The cancel
 * waits for the task to end, so that the route that replaces this component in the same commit adopts
 * the preload first (put the hook in a component that stays, a layout, when the route comes later:
 * a lazy one). Under StrictMode the second mount keeps the first mount's preload.
 * @throws {EmbedError} `invalid-option` as `preloadEmbed`
 * @example
 * usePreloadEmbed(onHome ? { baseUrl, publicId: 'd-42', sessionEndpoint: '/api/embed-session', keepAlive: reports } : null);
 */
export function usePreloadEmbed(options: PreloadOptions | null): void {
  const latest = useRef(options);
  latest.current = options;
  const leaving = useRef<Leaving | undefined>(undefined);
  const wanted = options !== null;
  useEffect(() => {
    const given = latest.current;
    if (!given) return;
    // StrictMode's second mount, or options back before the cancel ran: keep the preload that was leaving.
    const back = leaving.current;
    leaving.current = undefined;
    if (back) clearTimeout(back.timer);
    const cancel = back?.cancel ?? preloadEmbed(given);
    return () => {
      const timer = setTimeout(() => {
        leaving.current = undefined;
        cancel();
      });
      leaving.current = { cancel, timer };
    };
  }, [wanted]);
}
