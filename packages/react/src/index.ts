export { SvcEmbed } from './svc-embed.js';
export type { SvcEmbedProps } from './svc-embed.js';
export { useEmbed } from './use-embed.js';
export type { UseEmbedOptions, UseEmbedResult } from './use-embed.js';
export { SessionLedgerProvider, useSessionLedger } from './session-ledger-context.js';
export type { SessionLedgerValue, ViewerStatus } from './session-ledger-context.js';
export type { EmbedEventProps } from './event-props.js';
export { useUrlAdapter } from './use-url-adapter.js';
export type { RouterUrl } from './use-url-adapter.js';
