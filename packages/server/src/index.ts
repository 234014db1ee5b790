export { createSessionEndpoint } from './session-endpoint.js';
export type { SessionEndpoint } from './session-endpoint.js';
export type { EndpointErrorReport, EndpointLimits, RequestContext, RevocationReport, RevokeContext, SessionEndpointOptions, Viewer } from './endpoint-options.js';
export { EndpointError, ENDPOINT_ERROR_CODES } from './errors.js';
export type { EndpointErrorCode } from './errors.js';
export { ERROR_STATUS } from './http/responses.js';
export { createMemoryStore, MEMORY_SWEEP_INTERVAL_MS } from './stores/memory-store.js';
export type { MemoryStore, MemoryStoreOptions } from './stores/memory-store.js';
export type { NodeHandler } from './http/node-adapter.js';
export { LOGOUT_CONCURRENCY } from './revocation/revoke-claimed.js';
export type { LogoutAnswer, LogoutReason } from '@svc-embed/protocol/session-endpoint';
export type { SweepReport } from './revocation/sweep.js';
export type { EndpointStatus, MintOutcome, MintRefusal, RevokeCallCounts, SweepFigures } from './metrics/endpoint-figures.js';
export type { OpenTelemetryMeter } from './metrics/open-telemetry.js';
export {
  DEFAULT_BODY_BYTES, DEFAULT_BODY_TIMEOUT_MS, DEFAULT_MINT_WINDOW_MS, DEFAULT_MINTS_PER_WINDOW, DEFAULT_REDEMPTION_WINDOW_MS, DEFAULT_REVOCATION_LEASE_MS, DEFAULT_SESSION_LIFETIME_MS,
  DEFAULT_REVOCATIONS_PER_WINDOW, DEFAULT_REVOCATION_WINDOW_MS, DEFAULT_REVOKE_CONCURRENCY, DEFAULT_REVOKE_RETRY_MAX_MS, DEFAULT_REVOKE_RETRY_MS, DEFAULT_REVOKE_TIMEOUT_MS,
} from './resolve-options.js';
export type {
  AddOutcome, ClaimedIds, ClaimOutcome, HintPage, IdClaim, LedgerHorizon, MintAttempt, MintCount, NewEntry, PendingClaim, PendingCount, PendingHint, RetrySchedule, SessionStore, Settlement, SignedOutIds, SignOutClaim,
} from './stores/session-store.js';
export { mergeCsp } from './merge-csp.js';
export { pageSessionScript } from './page-script.js';
export type { PageSessionScriptOptions } from './page-script.js';
export type { PageSessionAnswer } from '@svc-embed/protocol/session-endpoint';
export { MAX_VIEWER_ID_LENGTH } from './viewer-id.js';
