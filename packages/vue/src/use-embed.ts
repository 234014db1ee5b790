import { createEmbed, type Embed, type EmbedState, type SessionLedger } from '@svc-embed/host';
import { computed, shallowRef, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type ShallowRef } from 'vue';
import { LISTENED, handlerName } from './embed-events.js';
import { embedOptions, recipeOf, type LooseEmbedOptions, type UseEmbedOptions } from './embed-settings.js';
import { followSettings } from './follow-settings.js';
import { useMountState } from './mount-state.js';
import { useViewer } from './viewer.js';

/** What {@link useEmbed} returns. */
export interface UseEmbedResult {
  /** Bind it to the element the iframe goes into: `<div ref="container" />` (the name you destructured it to). */
  container: ShallowRef<HTMLElement | null>;
  /** The embed, once created in the browser (never during server rendering, never while signed out). */
  embed: Readonly<ShallowRef<Embed | undefined>>;
  /** The embed's `state` (`minting`, `loading`, `ready`, `renewing`, `failed` …), updated on each change; undefined without an embed. */
  state: Readonly<ShallowRef<EmbedState | undefined>>;
  /** True while the viewer is signed out (the provider's `logout()`, or a `ledger` option that logged out): no embed is made. */
  signedOut: ComputedRef<boolean>;
}

/**
 * What the embed should be now: none (no container yet, signed out, or kept aside by
 * `<KeepAlive>`), or one in `container`, recorded in `ledger`, made from `recipe`. A new `live` plan
 * is a new embed.
 */
type EmbedPlan = { phase: 'none' } | { phase: 'live'; container: HTMLElement; ledger: SessionLedger | undefined; recipe: string };

const samePlan = (a: EmbedPlan, b: EmbedPlan) =>
  a.phase === 'none' ? b.phase === 'none' : b.phase === 'live' && a.container === b.container && a.ledger === b.ledger && a.recipe === b.recipe;

/**
 * Creates an embed in the element bound to `container` once it is mounted, and destroys it on
 * unmount. Give the options as a getter (or a ref) so that they follow your component's state.
 * Changing a listener or a session callback never recreates the embed (the latest one is called);
 * changing `baseUrl`, `publicId`, `src`, `allowExport`, `sessionEndpoint`, giving or removing
 * `mintSessionId`, or the ledger does (a new URL and session). While the viewer is signed out (see
 * `provideSessionLedger`) it makes no embed. `colorScheme`, `locale`, `timezone` and `theme` follow
 * through actions. Inside `<KeepAlive>` a deactivated embed is destroyed and made anew on activation.
 * @example
 * // <script setup lang="ts">
 * const { container, embed } = useEmbed(() => ({ baseUrl, publicId: 'd-42', sessionEndpoint: '/api/embed-session', onDownload: (p) => track(p.format) }));
 * // <template><div ref="container" style="height: 640px" /></template>
 */
export function useEmbed(options: MaybeRefOrGetter<UseEmbedOptions>): UseEmbedResult {
  return embedIn(() => toValue(options));
}

/**
 * {@link useEmbed} over options whose `publicId` and `src` are both optional, as `<SvcEmbed>`'s props
 * are (neither, or both, is refused by `createEmbed` with `invalid-option`).
 */
export function embedIn(read: () => LooseEmbedOptions): UseEmbedResult {
  const container = shallowRef<HTMLElement | null>(null);
  const embed = shallowRef<Embed | undefined>();
  const state = shallowRef<EmbedState | undefined>();
  const viewer = useViewer(read);
  const mount = useMountState();
  const plan = computed<EmbedPlan>((previous) => {
    const element = container.value;
    const next: EmbedPlan = element && !viewer.signedOut.value && mount.value === 'active'
      ? { phase: 'live', container: element, ledger: viewer.ledger.value, recipe: recipeOf(read()) }
      : { phase: 'none' };
    return previous && samePlan(previous, next) ? previous : next;
  });
  watch(plan, (wanted, _, onCleanup) => {
    if (wanted.phase === 'none') return;
    const created = createEmbed(embedOptions({ read, container: wanted.container, ledger: wanted.ledger }));
    for (const name of LISTENED) {
      const handler = handlerName(name);
      created.on(name, (...args: unknown[]) => (read()[handler] as ((...listenerArgs: unknown[]) => void) | undefined)?.(...args));
    }
    created.on('state', (change) => {
      state.value = change.state;
    });
    embed.value = created;
    state.value = created.state;
    onCleanup(() => {
      created.destroy();
      embed.value = undefined;
      state.value = undefined;
    });
  }, { flush: 'post' });
  followSettings({ embed, read });
  return { container, embed, state, signedOut: viewer.signedOut };
}
