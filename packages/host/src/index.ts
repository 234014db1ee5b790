export { createEmbed } from './create-embed.js';
export { createSessionLedger } from './session-ledger.js';
export { syncUrl } from './sync-url.js';
export type { SyncUrlOptions, SyncUrlParamOptions, SyncUrlAdapterOptions, UrlAdapter } from './sync-url.js';
export { EmbedError, EMBED_ERROR_CODES } from './errors.js';
export type { EmbedErrorCode } from './errors.js';
export type { Embed, EmbedListeners, HostListeners, RenewalInfo, RenewalFailure, RenewalTrigger, Unsubscribe } from './embed.js';
export type {
  EmbedOptions, EmbedSettings, LazyOption, EmbedPlace, EmbedSurface, EmbedInContainer, EmbedInIframe, EmbedDashboard, EmbedSrc, EmbedIframeSrc, DebugLogger,
} from './embed-options.js';
export type { SessionLedger, SessionLedgerOptions, LogoutResult } from './session-ledger.js';
export type { MintLimit } from './mint-limit.js';
export type { EmbedState, EmbedStateChange } from './embed-state.js';
export type { EmbedTimings } from './embed-timings.js';
export type { EventName, EventPayload, EventMessage, AnyEventMessage, UnknownMessage, ActionName, ActionPayload, Surface } from '@svc-embed/protocol';
