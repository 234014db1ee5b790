import { requireExactlyOne, requireInteger, requireOneOf, requireString } from '../checks.js';
import type { ClientContext } from '../context.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import { deploymentSegment } from '../operations/deployment-path.js';
import { EXPORT_FORMATS, dashboardExportJobSchema, type DashboardExportJob, type ExportFormat } from '../schemas/dashboard-export.js';
import { checkRenderAs, type RenderAs } from './render-as.js';

/** Which published dashboard to export (by id or by public id, not both), as what, for whom. */
export type DashboardExportRequest = {
  /** `png` or `pdf`. */
  format: ExportFormat;
  /** Render with this user's row-level security (administrators only). */
  renderAs?: RenderAs;
  /** Cancels the request. */
  signal?: AbortSignal;
} & ({ dashboardId: number; dashboardPublicId?: never } | { dashboardPublicId: string; dashboardId?: never });

/** Checks a request and builds the JSON body. */
export function exportRequestBody(request: DashboardExportRequest): Record<string, unknown> {
  const which = requireExactlyOne(request as Record<string, unknown>, 'dashboardId', 'dashboardPublicId');
  const body: Record<string, unknown> =
    which === 'dashboardId'
      ? { dashboardId: requireInteger('dashboardId', request.dashboardId) }
      : { dashboardPublicId: requireString('dashboardPublicId', request.dashboardPublicId) };
  body.format = requireOneOf('format', request.format, EXPORT_FORMATS);
  if (request.renderAs !== undefined) body.renderAs = checkRenderAs(request.renderAs);
  return body;
}

/**
 * `POST /api/v1/deployments/{deployment_id}/dashboard-exports` (§4.8a): starts a job. Sent once;
 * a 429 rejects with a RateLimitedError carrying `retryAfterMs` ({@link exportDashboard} waits
 * and retries on its own).
 */
export async function submitDashboardExport(
  ctx: ClientContext,
  deploymentId: number | string,
  request: DashboardExportRequest,
): Promise<DashboardExportJob> {
  const path = `/api/v1/deployments/${deploymentSegment(deploymentId)}/dashboard-exports`;
  const body = exportRequestBody(request);
  const sent = await send(ctx, { method: 'POST', path, body, idempotent: false, signal: request.signal });
  return readJson(sent, dashboardExportJobSchema);
}
