import { preloadEmbed, type PreloadOptions } from '@svc-embed/host';
import { computed, onMounted, toValue, watch, type MaybeRefOrGetter } from 'vue';
import { reportRefusal } from './refusal.js';

/**
 * Preloads an embed (`preloadEmbed` of `@svc-embed/host`) while the component is mounted and
 * `options` is not `null`: the route the viewer is likely to open next, minted and loaded hidden, for
 * the `<SvcEmbed>` with the same `keep-alive` key to adopt. It starts once mounted, in the browser (or
 * when `options` becomes non-null; the options are read then: a later change does not restart it),
 * and is cancelled (destroyed, its ids revoked, unless adopted) on unmount or when `options` becomes
 * `null`. The cancel waits for the task to end, so that the route that replaces this component adopts
 * the preload first (put it in a component that stays, a layout, when the route comes later: a lazy
 * one). A refused option prints the `[svc-embed] invalid-option:` line and preloads nothing.
 * @example
 * usePreloadEmbed(() => (onHome.value ? { baseUrl, publicId: 'd-42', sessionEndpoint: '/api/embed-session', keepAlive: reports } : null));
 */
export function usePreloadEmbed(options: MaybeRefOrGetter<PreloadOptions | null>): void {
  const wanted = computed(() => toValue(options) !== null);
  // In onMounted: never on the server. The watcher is the component's: stopped (its clean-up run) on unmount.
  onMounted(() => watch(wanted, (on, _, onCleanup) => {
    const given = toValue(options);
    if (!on || !given) return;
    try {
      const cancel = preloadEmbed(given);
      onCleanup(() => setTimeout(cancel));
    } catch (error) {
      reportRefusal(error);
    }
  }, { immediate: true }));
}
