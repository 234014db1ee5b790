import type { EmbedListeners } from '@svc-embed/host';
import { EVENT_NAMES } from '@svc-embed/protocol';
import { camelize, toHandlerKey } from 'vue';

/** `session-expiring` -> `sessionExpiring`: how Vue names an emit (templates listen with `@session-expiring`). */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** What an embed tells about: every event of the catalog and the host notifications (`renewed`, `renewal-failed`). */
export type ListenedName = Exclude<keyof EmbedListeners, '*'>;

/**
 * `<SvcEmbed>`'s emits: one per event of the catalog (`ready`, `download`, `dashboardLoaded`,
 * `sessionExpiring` …) and per host notification (`renewed`, `renewalFailed`), with the arguments of
 * the `embed.on(name, …)` listener: `(payload, message)`. Templates write them `@download`,
 * `@dashboard-loaded`, `@renewal-failed`.
 */
export type SvcEmbedEmits = { [N in ListenedName as CamelCase<N>]: (...args: Parameters<EmbedListeners[N]>) => true };

/**
 * `useEmbed`'s listeners: one `on<Name>` option per event of the catalog (`onReady`, `onDownload`,
 * `onDashboardLoaded` …) and per host notification (`onRenewed`, `onRenewalFailed`), typed as
 * `embed.on(name, …)` listeners.
 */
export type EmbedEventHandlers = { [N in ListenedName as `on${Capitalize<CamelCase<N>>}`]?: EmbedListeners[N] };

/** Every name an embed tells about, in catalog order, then the host notifications. */
const LISTENED: readonly ListenedName[] = [...EVENT_NAMES, 'renewed', 'renewal-failed'];

/** The emit of a listened name: `dashboard-loaded` -> `dashboardLoaded`. */
export const emitName: (name: ListenedName) => string = camelize;

/** The listener option of a listened name: `dashboard-loaded` -> `onDashboardLoaded`. */
export const handlerName = (name: ListenedName): keyof EmbedEventHandlers => toHandlerKey(camelize(name)) as keyof EmbedEventHandlers;

/** The runtime `emits` option of `<SvcEmbed>`: every emit by name, unvalidated (the embed has checked each payload). */
export const SVC_EMBED_EMITS = LISTENED.map(emitName) as unknown as SvcEmbedEmits;
