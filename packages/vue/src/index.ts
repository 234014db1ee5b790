export { SvcEmbed } from './svc-embed.js';
export { useEmbed } from './use-embed.js';
export { usePreloadEmbed } from './use-preload-embed.js';
export type { UseEmbedResult } from './use-embed.js';
export type { UseEmbedOptions, FollowedSettings } from './embed-settings.js';
export type { SvcEmbedEmits, EmbedEventHandlers, ListenedName } from './embed-events.js';
export { provideSessionLedger, useSessionLedger } from './session-ledger.js';
export type { SessionLedgerValue, ViewerStatus } from './session-ledger.js';
export { useUrlAdapter } from './use-url-adapter.js';
export type { RouterUrl } from './use-url-adapter.js';
export { useRouterUrl } from './use-router-url.js';
export type { QueryRouter, RouterUrlOptions } from './use-router-url.js';
// From @svc-embed/host, for the props that take them: `:sync-url="urlParam('dash')"`, `:lazy="whenVisible()"`,
// `:timings="recordTimings()"`, `:keep-alive="keepAlive('reports')"`; and `preloadEmbed`. An app that does not use one does not carry it.
export { urlParam, whenVisible, recordTimings, keepAlive, preloadEmbed } from '@svc-embed/host';
