import { requireInteger } from '../checks.js';
import type { ClientContext } from '../context.js';
import { InvalidArgumentError } from '../errors.js';
import { NotFoundError, RateLimitedError } from '../http-errors.js';
import { expiresAtMs, type DashboardExportJob, type DashboardExportStatus } from '../schemas/dashboard-export.js';
import type { Destination } from '../stream/write-body.js';
import { backoffDelay, resolveBackoff, type Backoff } from './backoff.js';
import { downloadDashboardExport, type DownloadResult } from './download.js';
import { ExportExpiredError } from './export-errors.js';
import { waitForDashboardExport } from './poll.js';
import { exportRequestBody, submitDashboardExport, type DashboardExportRequest } from './submit.js';

/** What {@link exportDashboard} is doing, for progress displays. */
export type ExportProgress =
  | { phase: 'rate-limited'; attempt: number; waitMs: number }
  | { phase: 'submitted'; jobId: string; expiresAt: number }
  | { phase: 'polled'; jobId: string; status: DashboardExportStatus }
  | { phase: 'downloading'; jobId: string; bytes: number; totalBytes: number | undefined };

/** Options of {@link exportDashboard}, besides the export request itself. */
export interface ExportDashboardOptions {
  /** Where the file goes: a path (written whole or not at all) or a writable stream. */
  to: Destination;
  /** Delays between polls (default 500 ms doubling to 5 s). */
  backoff?: Backoff;
  /** Submissions retried after 429 before giving up (default 5). */
  maxRateLimitRetries?: number;
  /** Longest single wait a 429 may ask for before giving up (default 5 minutes). */
  maxRateLimitWaitMs?: number;
  /** Called as the export moves along. */
  onProgress?: (progress: ExportProgress) => void;
}

/** What {@link exportDashboard} produced. */
export interface ExportResult extends DownloadResult {
  jobId: string;
  /** The job's `expiresAt`, epoch milliseconds. */
  expiresAt: number;
}

/** Submits, waiting as a 429's `Retry-After` asks, a bounded number of times. */
async function submitWithRateLimit(
  ctx: ClientContext,
  deploymentId: number | string,
  request: DashboardExportRequest & ExportDashboardOptions,
): Promise<DashboardExportJob> {
  const retries = requireInteger('maxRateLimitRetries', request.maxRateLimitRetries ?? 5, 0);
  const maxWait = requireInteger('maxRateLimitWaitMs', request.maxRateLimitWaitMs ?? 5 * 60_000, 0);
  const backoff = resolveBackoff(request.backoff);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await submitDashboardExport(ctx, deploymentId, request);
    } catch (error) {
      if (!(error instanceof RateLimitedError) || attempt >= retries) throw error;
      const waitMs = error.retryAfterMs ?? backoffDelay(backoff, attempt);
      if (waitMs > maxWait) throw error;
      request.onProgress?.({ phase: 'rate-limited', attempt: attempt + 1, waitMs });
      await ctx.clock.sleep(waitMs, request.signal);
    }
  }
}

/**
 * Submit, poll and download in one call, all before the job's `expiresAt`: waits and resubmits
 * when the server answers 429 (as its `Retry-After` asks), polls with backoff, then streams the
 * file to `to`.
 * @example
 * await client.exportDashboard(42, { dashboardPublicId: 'd-7', format: 'pdf', to: 'board.pdf' });
 */
export async function exportDashboard(
  ctx: ClientContext,
  deploymentId: number | string,
  request: DashboardExportRequest & ExportDashboardOptions,
): Promise<ExportResult> {
  if (request?.to === undefined || request.to === '')
    throw new InvalidArgumentError('to', 'to is required: a file path or a writable stream');
  exportRequestBody(request);
  resolveBackoff(request.backoff);
  const job = await submitWithRateLimit(ctx, deploymentId, request);
  const expiresAt = expiresAtMs(job);
  request.onProgress?.({ phase: 'submitted', jobId: job.jobId, expiresAt });
  await waitForDashboardExport(ctx, deploymentId, job, {
    backoff: request.backoff,
    signal: request.signal,
    onStatus: (status) => request.onProgress?.({ phase: 'polled', jobId: job.jobId, status }),
  });
  if (ctx.clock.now() >= expiresAt) throw new ExportExpiredError(job.jobId, expiresAt, 'before the download started');
  try {
    const result = await downloadDashboardExport(ctx, deploymentId, job.jobId, {
      to: request.to,
      signal: request.signal,
      onBytes: (bytes, totalBytes) => request.onProgress?.({ phase: 'downloading', jobId: job.jobId, bytes, totalBytes }),
    });
    return { ...result, jobId: job.jobId, expiresAt };
  } catch (error) {
    if (error instanceof NotFoundError) throw new ExportExpiredError(job.jobId, expiresAt, 'or is gone (404)', error);
    throw error;
  }
}
