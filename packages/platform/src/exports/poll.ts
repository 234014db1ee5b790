import { idSegment, requireInteger } from '../checks.js';
import type { ClientContext } from '../context.js';
import { NotFoundError } from '../http-errors.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import { deploymentSegment } from '../operations/deployment-path.js';
import {
  dashboardExportStatusSchema,
  expiresAtMs,
  type DashboardExportJob,
  type DashboardExportStatus,
} from '../schemas/dashboard-export.js';
import { backoffDelay, resolveBackoff, type Backoff } from './backoff.js';
import { ExportExpiredError, ExportFailedError } from './export-errors.js';

/** Path of a job, or of its download with `suffix` `/download`. */
export function jobPath(deploymentId: number | string, jobId: string, suffix = ''): string {
  return `/api/v1/deployments/${deploymentSegment(deploymentId)}/dashboard-exports/${idSegment('jobId', jobId)}${suffix}`;
}

/**
 * `GET /api/v1/deployments/{deployment_id}/dashboard-exports/{jobId}` (§4.8a): the job's `status`
 * (and `error` when failed). Only the submitting identity may poll; a job past `expiresAt` is 404.
 */
export async function getDashboardExport(
  ctx: ClientContext,
  deploymentId: number | string,
  jobId: string,
  options?: { signal?: AbortSignal },
): Promise<DashboardExportStatus> {
  const sent = await send(ctx, { method: 'GET', path: jobPath(deploymentId, jobId), idempotent: true, signal: options?.signal });
  return readJson(sent, dashboardExportStatusSchema);
}

/** Options of {@link waitForDashboardExport}. */
export interface WaitForExportOptions {
  /** Delays between polls (default 500 ms doubling to 5 s). */
  backoff?: Backoff;
  /** Most polls before giving up (default 1000); `expiresAt` normally ends the wait first. */
  maxPolls?: number;
  /** Called with every poll result. */
  onStatus?: (status: DashboardExportStatus) => void;
  /** Cancels the wait. */
  signal?: AbortSignal;
}

/**
 * Polls a job with backoff until it is `completed` (resolves with that poll result), `failed`
 * (rejects with an {@link ExportFailedError}) or past `expiresAt` or gone (rejects with an
 * {@link ExportExpiredError}). Never sleeps past `expiresAt` and never polls at or after it.
 */
export async function waitForDashboardExport(
  ctx: ClientContext,
  deploymentId: number | string,
  job: DashboardExportJob,
  options: WaitForExportOptions = {},
): Promise<DashboardExportStatus> {
  const backoff = resolveBackoff(options.backoff);
  const maxPolls = requireInteger('maxPolls', options.maxPolls ?? 1000);
  const expiresAt = expiresAtMs(job);
  for (let index = 0; index < maxPolls; index += 1) {
    if (ctx.clock.now() >= expiresAt) throw new ExportExpiredError(job.jobId, expiresAt, 'before it completed');
    let status: DashboardExportStatus;
    try {
      status = await getDashboardExport(ctx, deploymentId, job.jobId, options);
    } catch (error) {
      if (error instanceof NotFoundError) throw new ExportExpiredError(job.jobId, expiresAt, 'or is gone (404)', error);
      throw error;
    }
    options.onStatus?.(status);
    if (status.status === 'completed') return status;
    if (status.status === 'failed') throw new ExportFailedError(job.jobId, status.error ?? '');
    const remaining = expiresAt - ctx.clock.now();
    if (remaining <= 0) throw new ExportExpiredError(job.jobId, expiresAt, 'before it completed');
    await ctx.clock.sleep(Math.min(backoffDelay(backoff, index), remaining), options.signal);
  }
  throw new ExportExpiredError(job.jobId, expiresAt, `before it completed: still in progress after ${maxPolls} polls`);
}
