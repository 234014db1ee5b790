import { checkBaseUrl } from './base-url.js';
import { requireInteger } from './checks.js';
import { systemClock, type Clock } from './clock.js';
import type { ClientContext } from './context.js';
import { InvalidArgumentError } from './errors.js';
import { downloadDashboardExport, type DownloadOptions, type DownloadResult } from './exports/download.js';
import { exportDashboard, type ExportDashboardOptions, type ExportResult } from './exports/export-dashboard.js';
import { getDashboardExport, waitForDashboardExport, type WaitForExportOptions } from './exports/poll.js';
import { submitDashboardExport, type DashboardExportRequest } from './exports/submit.js';
import { exportAuditLogs, openAuditLogCsv, type AuditLogExportOptions, type AuditLogFilters } from './operations/audit-logs.js';
import { bulkMoveInBatches, type BulkMoveBatchesInput } from './operations/bulk-move-batches.js';
import { bulkMove, type BulkMoveInput } from './operations/bulk-move.js';
import { iterateDeployments, listDeployments, type DeploymentPage } from './operations/deployments.js';
import { generateEmbedSessionId, type EmbedSessionRequest } from './operations/embed-session.js';
import { iterateEnvironments, listEnvironments, type EnvironmentListOptions, type EnvironmentPage } from './operations/environments.js';
import { issueMetadataToken, type MetadataTokenInput } from './operations/metadata-token.js';
import type { PageIterable, PageOptions } from './operations/paginate.js';
import { setStagingEnvironment, type StagingEnvironmentInput } from './operations/staging-environment.js';
import { changeVersion, listVersions, type VersionChange } from './operations/versions.js';
import type { Branch, Deployment, DeploymentVersion, Environment, MetadataToken } from './schemas/control-plane.js';
import type { DashboardExportJob, DashboardExportStatus } from './schemas/dashboard-export.js';
import type { BulkMoveResult } from './schemas/workspace.js';

/** Options of {@link createPlatformClient}. */
export interface PlatformClientOptions {
  /** Tenant URL, for example `https://tenant.example`. https is required except on loopback hosts. */
  baseUrl: string;
  /** API key (or OAuth access token), sent as `Authorization: Bearer <apiKey>`. Keep it server-side. */
  apiKey: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** Clock for waits and deadlines (default: the wall clock and real timers). */
  clock?: Partial<Clock>;
  /** Time allowed for the response headers of one attempt (default 30 000 ms). */
  timeoutMs?: number;
  /**
   * Further attempts for idempotent requests (GET, and the PUTs) after a network failure, a 429
   * or a 502-504 (default 2). Requests that create something (POST) are never retried this way.
   */
  retries?: number;
  /** First delay between those attempts, doubled each time (default 250 ms). */
  retryDelayMs?: number;
  /** Longest `Retry-After` a retried read waits for; longer ones reject with the 429 (default 10 000 ms). */
  maxRetryAfterMs?: number;
  /** `User-Agent` header (default `svc-embed-platform/0.1.0`). */
  userAgent?: string;
}

/** The platform API of one tenant, with one credential. Create it with {@link createPlatformClient}. */
export interface PlatformClient {
  /** The checked base URL. */
  readonly baseUrl: string;

  /** Moves 1 to 100 distinct workspace items (§4.1); see {@link bulkMove}. Partial success resolves. */
  bulkMove(deploymentId: number | string, input: BulkMoveInput): Promise<BulkMoveResult>;
  /** Moves any number of items in batches of at most 100 and merges the results; see {@link bulkMoveInBatches}. */
  bulkMoveInBatches(deploymentId: number | string, input: BulkMoveBatchesInput): Promise<BulkMoveResult>;

  /** One page of deployments (§4.2). */
  listDeployments(options?: PageOptions): Promise<DeploymentPage>;
  /** Every deployment: `for await (const d of client.deployments())`, or `.pages()`, or `.toArray()`. */
  deployments(options?: PageOptions): PageIterable<Deployment, DeploymentPage>;
  /** One page of a deployment's environments, optionally of one `type` (§4.3). */
  listEnvironments(deploymentId: number | string, options?: EnvironmentListOptions): Promise<EnvironmentPage>;
  /** Every environment of a deployment, as an async iterable. */
  environments(deploymentId: number | string, options?: EnvironmentListOptions): PageIterable<Environment, EnvironmentPage>;

  /** Issues a metadata-only JWT for an environment (§4.4); `expiresIn` defaults to 86400 s on the server. */
  issueMetadataToken(deploymentId: number | string, environmentId: string, input: MetadataTokenInput): Promise<MetadataToken>;
  /** Enables or disables a shared branch's staging environment, by `branchName` xor `branchId` (§4.5). */
  setStagingEnvironment(deploymentId: number | string, input: StagingEnvironmentInput): Promise<Branch>;

  /** The versions a deployment may run (§4.6). */
  listVersions(deploymentId: number | string, options?: { signal?: AbortSignal }): Promise<DeploymentVersion[]>;
  /** Changes a deployment's version (§4.7) and resolves with the version now current. */
  changeVersion(deploymentId: number | string, change: VersionChange): Promise<DeploymentVersion>;

  /** Opens the audit-log CSV export (§4.8) and resolves with its unread body stream. */
  openAuditLogCsv(filters?: AuditLogFilters): Promise<ReadableStream<Uint8Array>>;
  /** Streams the audit-log CSV to a file or writable stream; resolves with the byte count. */
  exportAuditLogs(options: AuditLogExportOptions): Promise<{ bytes: number }>;

  /** Submits a dashboard export job (§4.8a); a 429 rejects with a RateLimitedError. */
  submitDashboardExport(deploymentId: number | string, request: DashboardExportRequest): Promise<DashboardExportJob>;
  /** Polls an export job once. */
  getDashboardExport(deploymentId: number | string, jobId: string, options?: { signal?: AbortSignal }): Promise<DashboardExportStatus>;
  /** Polls with backoff until the job completes, fails or expires. */
  waitForDashboardExport(
    deploymentId: number | string,
    job: DashboardExportJob,
    options?: WaitForExportOptions,
  ): Promise<DashboardExportStatus>;
  /** Streams a completed job's file to a file or writable stream. */
  downloadDashboardExport(deploymentId: number | string, jobId: string, options: DownloadOptions): Promise<DownloadResult>;
  /** Submit (waiting out 429s), poll and download in one call, before `expiresAt`. */
  exportDashboard(deploymentId: number | string, request: DashboardExportRequest & ExportDashboardOptions): Promise<ExportResult>;

  /** Mints a single-use signed-embed session id for a viewer (valid 5 minutes). */
  generateEmbedSessionId(request: EmbedSessionRequest): Promise<string>;
}

/** Checks the options and fills in defaults. */
function contextOf(options: PlatformClientOptions): ClientContext {
  if (!options || typeof options !== 'object') throw new InvalidArgumentError('options', 'createPlatformClient takes { baseUrl, apiKey }');
  const baseUrl = checkBaseUrl(options.baseUrl);
  if (typeof options.apiKey !== 'string' || options.apiKey === '' || /\s/.test(options.apiKey))
    throw new InvalidArgumentError('apiKey', 'apiKey is required: the API key or access token, without spaces or the "Bearer" prefix');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new InvalidArgumentError('fetch', 'no fetch available: use Node 20+ or pass options.fetch');
  return {
    baseUrl,
    apiKey: options.apiKey,
    fetch: fetchImpl,
    clock: { now: options.clock?.now ?? systemClock.now, sleep: options.clock?.sleep ?? systemClock.sleep },
    timeoutMs: requireInteger('timeoutMs', options.timeoutMs ?? 30_000),
    retries: requireInteger('retries', options.retries ?? 2, 0),
    retryDelayMs: requireInteger('retryDelayMs', options.retryDelayMs ?? 250, 0),
    maxRetryAfterMs: requireInteger('maxRetryAfterMs', options.maxRetryAfterMs ?? 10_000, 0),
    userAgent: options.userAgent ?? 'svc-embed-platform/0.1.0',
  };
}

/**
 * Creates a client for the platform API. Use it on a server only: the API key must never reach
 * a browser.
 * @example
 * const client = createPlatformClient({ baseUrl: 'https://tenant.example', apiKey: process.env.SVC_EMBED_API_KEY! });
 * for await (const deployment of client.deployments()) console.log(deployment.id, deployment.name);
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const ctx = contextOf(options);
  return {
    baseUrl: ctx.baseUrl,
    bulkMove: (deploymentId, input) => bulkMove(ctx, deploymentId, input),
    bulkMoveInBatches: (deploymentId, input) => bulkMoveInBatches(ctx, deploymentId, input),
    listDeployments: (pageOptions) => listDeployments(ctx, pageOptions),
    deployments: (pageOptions) => iterateDeployments(ctx, pageOptions),
    listEnvironments: (deploymentId, listOptions) => listEnvironments(ctx, deploymentId, listOptions),
    environments: (deploymentId, listOptions) => iterateEnvironments(ctx, deploymentId, listOptions),
    issueMetadataToken: (deploymentId, environmentId, input) => issueMetadataToken(ctx, deploymentId, environmentId, input),
    setStagingEnvironment: (deploymentId, input) => setStagingEnvironment(ctx, deploymentId, input),
    listVersions: (deploymentId, callOptions) => listVersions(ctx, deploymentId, callOptions),
    changeVersion: (deploymentId, change) => changeVersion(ctx, deploymentId, change),
    openAuditLogCsv: (filters) => openAuditLogCsv(ctx, filters),
    exportAuditLogs: (exportOptions) => exportAuditLogs(ctx, exportOptions),
    submitDashboardExport: (deploymentId, request) => submitDashboardExport(ctx, deploymentId, request),
    getDashboardExport: (deploymentId, jobId, callOptions) => getDashboardExport(ctx, deploymentId, jobId, callOptions),
    waitForDashboardExport: (deploymentId, job, waitOptions) => waitForDashboardExport(ctx, deploymentId, job, waitOptions),
    downloadDashboardExport: (deploymentId, jobId, downloadOptions) => downloadDashboardExport(ctx, deploymentId, jobId, downloadOptions),
    exportDashboard: (deploymentId, request) => exportDashboard(ctx, deploymentId, request),
    generateEmbedSessionId: (request) => generateEmbedSessionId(ctx, request),
  };
}
