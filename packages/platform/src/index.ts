export { createPlatformClient } from './client.js';
export type { PlatformClient, PlatformClientOptions } from './client.js';
export { checkBaseUrl, isLoopbackHost } from './base-url.js';
export { systemClock } from './clock.js';
export type { Clock } from './clock.js';
export {
  PLATFORM_ERROR_CODES,
  PlatformError,
  InvalidArgumentError,
  InvalidResponseError,
  NetworkError,
  AbortedError,
} from './errors.js';
export type { PlatformErrorCode, RequestTarget } from './errors.js';
export {
  HttpStatusError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
} from './http-errors.js';
export { parseRetryAfter } from './http/retry-after.js';
export { BULK_MOVE_MAX_ITEMS, collapseItems } from './operations/bulk-move.js';
export type { BulkMoveInput } from './operations/bulk-move.js';
export { BulkMoveInterruptedError } from './operations/bulk-move-batches.js';
export type { BulkMoveBatchesInput } from './operations/bulk-move-batches.js';
export { MAX_PAGES } from './operations/paginate.js';
export type { PageOptions, PageIterable } from './operations/paginate.js';
export type { DeploymentPage } from './operations/deployments.js';
export type { EnvironmentListOptions, EnvironmentPage } from './operations/environments.js';
export type { MetadataTokenInput } from './operations/metadata-token.js';
export type { StagingEnvironmentInput } from './operations/staging-environment.js';
export { RELEASE_CHANNEL_VERSION } from './operations/versions.js';
export type { VersionChange } from './operations/versions.js';
export type { AuditLogFilters, AuditLogExportOptions } from './operations/audit-logs.js';
export type { EmbedSessionRequest } from './operations/embed-session.js';
export type { Destination } from './stream/write-body.js';
export { EMBED_TENANT_NAME } from './exports/render-as.js';
export type { RenderAs, RenderOverrides, UserAttribute } from './exports/render-as.js';
export { DEFAULT_POLL_BACKOFF, backoffDelay } from './exports/backoff.js';
export type { Backoff } from './exports/backoff.js';
export { ExportFailedError, ExportExpiredError } from './exports/export-errors.js';
export type { DashboardExportRequest } from './exports/submit.js';
export type { WaitForExportOptions } from './exports/poll.js';
export type { DownloadOptions, DownloadResult } from './exports/download.js';
export type { ExportDashboardOptions, ExportProgress, ExportResult } from './exports/export-dashboard.js';
export * from './schemas/index.js';
export { runCli } from './cli/run-cli.js';
export type { CliIo } from './cli/run-cli.js';
