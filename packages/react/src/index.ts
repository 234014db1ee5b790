export { SvcEmbed } from './svc-embed.js';
export type { SvcEmbedProps } from './svc-embed.js';
export { useEmbed } from './use-embed.js';
export { usePreloadEmbed } from './use-preload-embed.js';
export type { UseEmbedResult } from './use-embed.js';
export type { UseEmbedOptions } from './use-embed-options.js';
export { SessionLedgerProvider, useSessionLedger } from './session-ledger-context.js';
export type { SessionLedgerValue, ViewerStatus } from './session-ledger-context.js';
export type { EmbedEventProps } from './event-props.js';
export { useUrlAdapter } from './use-url-adapter.js';
export type { RouterUrl } from './use-url-adapter.js';
// From @svc-embed/host, for the props that take them: `syncUrl={urlParam('dash')}`, `lazy={whenVisible()}`,
// `timings={recordTimings()}`, `keepAlive={keepAlive('reports')}`; and `preloadEmbed`. An app that does not use one does not carry it.
export { urlParam, whenVisible, recordTimings, keepAlive, preloadEmbed } from '@svc-embed/host';
