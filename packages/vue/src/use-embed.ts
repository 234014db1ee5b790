import type { Embed, EmbedState } from '@svc-embed/host';
import { eventName } from '@svc-embed/protocol';
import { computed, shallowRef, toValue, watch, type ComputedRef, type MaybeRefOrGetter, type ShallowRef } from 'vue';
import { handlerName, type ListenedName } from './embed-events.js';
import { embedOptions, recipeOf, type LooseEmbedOptions, type UseEmbedOptions } from './embed-settings.js';
import { followSettings } from './follow-settings.js';
import { createOrRefuse } from './refusal.js';
import { useViewer } from './viewer.js';

/** What {@link useEmbed} returns. */
export interface UseEmbedResult {
  /** Bind it to the element the iframe goes into: `<div ref="container" />` (the name you destructured it to). */
  container: ShallowRef<HTMLElement | null>;
  /** The embed, once created in the browser (never during server rendering, never while signed out). */
  embed: Readonly<ShallowRef<Embed | undefined>>;
  /** The embed's `state` (`minting`, `loading`, `ready`, `renewing`, `failed` …), updated on each change; undefined without an embed. */
  state: Readonly<ShallowRef<EmbedState | undefined>>;
  /** True while the viewer is signed out (the provider's `logout()`, or a `ledger` option that signed out): no embed is made. */
  signedOut: ComputedRef<boolean>;
}

/**
 * Creates an embed in the element bound to `container` once it is mounted, and destroys it on
 * unmount. Give the options as a getter (or a ref) so that they follow your component's state.
 * Changing a listener or a session callback never recreates the embed (the latest one is called);
 * changing `baseUrl`, `publicId`, `src`, `allowExport`, `sessionEndpoint`, giving or removing
 * `mintSessionId`, or the ledger does (a new URL and session). While the viewer is signed out (see
 * `provideSessionLedger`) it makes no embed. `colorScheme`, `locale`, `timezone` and `theme` follow
 * through actions.
 * @example
 * // <script setup lang="ts">
 * const { container, embed } = useEmbed(() => ({ baseUrl, publicId: 'd-42', sessionEndpoint: '/api/embed-session', onDownload: (p) => track(p.format) }));
 * // <template><div ref="container" style="height: 640px" /></template>
 */
export function useEmbed(options: MaybeRefOrGetter<UseEmbedOptions>): UseEmbedResult {
  const read = () => toValue(options);
  return embedIn(read, tellOptions(read));
}

/** Tells a component about what its embed reported: an event of the catalog or a host notification, with the listener's arguments. */
type Tell = (name: ListenedName, ...args: unknown[]) => void;

/** What the host tells besides the catalog's events. */
const HOST_NOTIFICATIONS = ['renewed', 'renewal-failed'] as const;

/** The `on<Name>` option of the latest options, for what the embed reported. */
const tellOptions = (read: () => LooseEmbedOptions): Tell => (name, ...args) => (read()[handlerName(name)] as ((...listenerArgs: unknown[]) => void) | undefined)?.(...args);

/**
 * {@link useEmbed} over options whose `publicId` and `src` are both optional, as `<SvcEmbed>`'s props
 * are (neither, or both, is refused by `createEmbed` with `invalid-option`); `tell` gets every event
 * and notification. A refused option makes no embed: it prints the `[svc-embed] invalid-option:`
 * line, and the state is `failed` (the container's `data-state`) until the options change.
 */
export function embedIn(read: () => LooseEmbedOptions, tell: Tell): UseEmbedResult {
  const container = shallowRef<HTMLElement | null>(null);
  const embed = shallowRef<Embed | undefined>();
  const state = shallowRef<EmbedState | undefined>();
  const recipe = computed(() => recipeOf(read()));
  const viewer = useViewer(read, recipe);
  // Refs and computed refs that trigger only when their value changes (so the callback runs for a change only).
  watch([container, recipe, viewer.ledger, viewer.signedOut], (now, _, onCleanup) => {
    const [element, , ledger, signedOut] = now;
    if (!element || signedOut) return;
    const created = createOrRefuse(embedOptions({ read, container: element, ledger }));
    if (!created) {
      state.value = 'failed';
      return onCleanup(() => {
        state.value = undefined;
      });
    }
    // Every event of the catalog by its name (the wire type's last part), then the notifications.
    created.on('*', (payload, message) => tell(eventName(message.type) as ListenedName, payload, message));
    for (const name of HOST_NOTIFICATIONS) created.on(name, (info: unknown) => tell(name, info));
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
