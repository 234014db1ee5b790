export * from './script.js';
export { requiredCsp } from './mount/required-csp.js';
export type { RequiredCsp, RequiredCspOptions } from './mount/required-csp.js';
export { urlParam } from './sync-url/url-sync.js';
export { keepAlive } from './keep-alive/keep-alive.js';
export type { KeepAliveOptions } from './keep-alive/keep-alive.js';
export { preloadEmbed } from './keep-alive/preload-embed.js';
export type { PreloadOptions } from './keep-alive/preload-embed.js';
export { preloadOnIntent } from './keep-alive/preload-on-intent.js';
export type { UrlParamOptions } from './sync-url/url-sync.js';
export type { SyncUrlOptions, SyncUrlParamOptions, SyncUrlAdapterOptions, UrlAdapter, UrlSync } from './sync-url/sync-url-options.js';
export type { WhenVisibleOptions } from './mount/when-visible.js';
export { sessionFromPage } from './mount/session-from-page.js';
export type { FirstSession, FirstSessionTarget, SessionFromPageOptions } from './mount/session-from-page.js';
export type { EmbedErrorCode } from './base/errors.js';
export type { Embed, EmbedListeners, HostListeners, Unsubscribe } from './embed.js';
export type { RenewalInfo, RenewalFailure, RenewalTrigger } from './renewal/renewal.js';
export type {
  EmbedOptions, EmbedSettings, EmbedSession, EmbedSessionCallbacks, EmbedSessionEndpoint, EmbedPrivate, EmbedPlace, EmbedSurface, EmbedInContainer, EmbedInIframe, EmbedDashboard,
  EmbedSrc, EmbedIframeSrc, LazyStart, LazyTarget, KeepAlive,
} from './mount/embed-options.js';
export type { DebugLogger } from './base/debug-logger.js';
export type { SessionLedger, SessionLedgerOptions } from './ledger/session-ledger.js';
export type { LogoutResult, LogoutReason, Unconfirmed } from './ledger/logout-result.js';
export type { MintLimit } from './ledger/mint-limit.js';
export type { EmbedState, EmbedStateChange } from './renewal/embed-state.js';
export type { AdoptedFrom, EmbedTimings, TimingName, TimingNotes, TimingRecorder } from './mount/embed-timings.js';
export type { EventName, EventPayload, EventMessage, AnyEventMessage, UnknownMessage, ActionName, ActionPayload, Surface } from '@svc-embed/protocol';
