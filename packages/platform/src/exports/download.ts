import type { ClientContext } from '../context.js';
import { InvalidArgumentError } from '../errors.js';
import { send } from '../http/request.js';
import { writeBody, type Destination } from '../stream/write-body.js';
import { jobPath } from './poll.js';

/** Options of {@link downloadDashboardExport}. */
export interface DownloadOptions {
  /** A file path, or a writable stream. */
  to: Destination;
  /** Called as bytes arrive, with the total when the server sent `Content-Length`. */
  onBytes?: (bytes: number, totalBytes: number | undefined) => void;
  /** Cancels the download. */
  signal?: AbortSignal;
}

/** What a download wrote. */
export interface DownloadResult {
  /** Bytes written. */
  bytes: number;
  /** The file's media type, `image/png` or `application/pdf`. */
  contentType: string;
}

/**
 * `GET .../dashboard-exports/{jobId}/download` (§4.8a): streams the PNG or PDF of a completed job
 * to a file or stream. Only the submitting identity may download.
 */
export async function downloadDashboardExport(
  ctx: ClientContext,
  deploymentId: number | string,
  jobId: string,
  options: DownloadOptions,
): Promise<DownloadResult> {
  if (options?.to === undefined || options.to === '')
    throw new InvalidArgumentError('to', 'to is required: a file path or a writable stream');
  const sent = await send(ctx, {
    method: 'GET',
    path: jobPath(deploymentId, jobId, '/download'),
    accept: 'image/png, application/pdf',
    idempotent: true,
    signal: options.signal,
  });
  const length = sent.response.headers.get('content-length');
  const total = length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
  const contentType = sent.response.headers.get('content-type') ?? 'application/octet-stream';
  const bytes = await writeBody(sent.response.body, options.to, {
    target: sent.target,
    signal: options.signal,
    onBytes: options.onBytes && ((count) => options.onBytes?.(count, total)),
  });
  return { bytes, contentType };
}
