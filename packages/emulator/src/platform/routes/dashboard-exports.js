import { HttpError, readJsonBody, sendBody, sendJson } from '../../http-io.js';
import { createJob, jobState, jobsInFlight, sweepExpiredJobs } from '../exports/jobs.js';
import { resolveRenderAs } from '../exports/render-as.js';
import { authorizeDeployment } from '../identity.js';
import { isObject, isoDateTime } from '../request-parts.js';
import { accessLevel, atLeast } from '../workspace/access.js';

const FORMATS = ['png', 'pdf'];
const MEDIA_TYPES = { png: 'image/png', pdf: 'application/pdf' };

/** @param {Record<string, unknown>} body */
function parseSubmit(body) {
  const { dashboardId, dashboardPublicId, format } = body;
  if ((dashboardId === undefined) === (dashboardPublicId === undefined)) throw new HttpError(400, 'send exactly one of dashboardId or dashboardPublicId');
  if (dashboardId !== undefined && !Number.isInteger(dashboardId)) throw new HttpError(400, 'dashboardId must be an integer');
  if (dashboardPublicId !== undefined && (typeof dashboardPublicId !== 'string' || dashboardPublicId === ''))
    throw new HttpError(400, 'dashboardPublicId must be a non-empty string');
  if (typeof format !== 'string' || !FORMATS.includes(format)) throw new HttpError(400, `format must be png or pdf (got ${JSON.stringify(format)})`);
  return { dashboardId, dashboardPublicId, format: /** @type {'png' | 'pdf'} */ (format) };
}

/**
 * The job of the path, after sweeping expired ones: 404 when missing, expired or in another
 * deployment; 403 for anyone but its submitter.
 * @param {import('../../router.js').RouteContext} context
 */
function submittedJob(context) {
  const caller = authorizeDeployment(context);
  sweepExpiredJobs(caller.state);
  const job = caller.state.exportJobs.get(context.params.jobId ?? '');
  if (!job || job.deploymentId !== caller.deployment.id)
    throw new HttpError(404, `export job ${context.params.jobId} does not exist or has expired; submit a new export`);
  if (job.submitterId !== caller.user.id) throw new HttpError(403, `only the identity that submitted export job ${job.jobId} may poll or download it`);
  return { caller, job };
}

/**
 * Dashboard export jobs (§4.8a):
 * - `POST /api/v1/deployments/:deploymentId/dashboard-exports`: exactly one of `dashboardId` or
 *   `dashboardPublicId` (400), `format` png or pdf, optional `renderAs`. 404 for a dashboard not
 *   in the deployment; 403 without manage access to its workbook or when downloads are
 *   restricted; 400 for a dashboard never published; 429 with `Retry-After` when the rendered-as
 *   identity already has `exportConcurrency` jobs rendering. 200 `{ jobId, expiresAt }`.
 * - `GET .../dashboard-exports/:jobId`: `{ status, error?, format, submittedAt, expiresAt }`.
 * - `GET .../dashboard-exports/:jobId/download`: the file; 409 `{ error }` until completed.
 * Jobs are dropped with their files 5 minutes after submission (404 from then on).
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'platform-dashboard-exports',
  routes: [
    {
      method: 'POST',
      path: '/api/v1/deployments/:deploymentId/dashboard-exports',
      async handle(context) {
        const caller = authorizeDeployment(context);
        const { state, deployment, user } = caller;
        sweepExpiredJobs(state);
        const body = await readJsonBody(context.req);
        if (!isObject(body)) throw new HttpError(400, 'request body must be a JSON object');
        const request = parseSubmit(body);
        const dashboard = state.dashboards.find(
          (candidate) =>
            candidate.deploymentId === deployment.id &&
            (request.dashboardId !== undefined ? candidate.id === request.dashboardId : candidate.publicId === request.dashboardPublicId),
        );
        if (!dashboard) throw new HttpError(404, `dashboard ${request.dashboardId ?? request.dashboardPublicId} does not exist in deployment ${deployment.id}`);
        const workbook = state.items.get(`WORKBOOK:${dashboard.workbookId}`);
        if (!workbook || !atLeast(accessLevel(state, user, workbook), 'manage'))
          throw new HttpError(403, `${user.email} needs manage access to workbook ${dashboard.workbookId} to export its dashboard`);
        if (!dashboard.published) throw new HttpError(400, `dashboard ${dashboard.publicId} has never been published; only published dashboards can be exported`);
        if (state.settings.restrictDataDownload || dashboard.restrictDataDownload) throw new HttpError(403, 'this account restricts data downloads, exports included');
        const target = resolveRenderAs(caller, body.renderAs, dashboard.workbookId);
        const busy = jobsInFlight(state, target.identity);
        if (busy.length >= state.settings.exportConcurrency) {
          const freeAt = Math.min(...busy.map((job) => job.readyAt));
          const seconds = Math.max(1, Math.ceil((freeAt - state.clock.now()) / 1000));
          throw new HttpError(429, `${busy.length} exports are already rendering for this identity; retry in ${seconds} s`, { 'Retry-After': String(seconds) });
        }
        target.commit();
        const job = createJob(state, {
          deploymentId: deployment.id,
          dashboard,
          format: request.format,
          submitterId: user.id,
          renderIdentity: target.identity,
          rowFilter: target.rowFilter,
        });
        state.recordAudit('dashboard.export.submitted', user.email, { dashboard: dashboard.publicId, format: job.format, jobId: job.jobId });
        sendJson(context.res, 200, { jobId: job.jobId, expiresAt: isoDateTime(job.expiresAt) });
      },
    },
    {
      method: 'GET',
      path: '/api/v1/deployments/:deploymentId/dashboard-exports/:jobId',
      handle(context) {
        const { caller, job } = submittedJob(context);
        const current = jobState(caller.state, job);
        sendJson(context.res, 200, {
          status: current.status,
          ...(current.status === 'failed' ? { error: current.error } : {}),
          format: job.format,
          submittedAt: isoDateTime(job.submittedAt),
          expiresAt: isoDateTime(job.expiresAt),
        });
      },
    },
    {
      method: 'GET',
      path: '/api/v1/deployments/:deploymentId/dashboard-exports/:jobId/download',
      handle(context) {
        const { caller, job } = submittedJob(context);
        const current = jobState(caller.state, job);
        if (current.status === 'failed') throw new HttpError(409, `export job ${job.jobId} failed (${current.error}); there is no file`);
        if (current.status !== 'completed') throw new HttpError(409, `export job ${job.jobId} is ${current.status}; poll until its status is completed`);
        sendBody(context.res, 200, current.file, {
          'Content-Type': MEDIA_TYPES[job.format],
          'Content-Disposition': `attachment; filename="${job.dashboard.publicId}.${job.format}"`,
          'Cache-Control': 'no-store',
        });
      },
    },
  ],
};
