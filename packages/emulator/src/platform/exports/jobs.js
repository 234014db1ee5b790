import { randomId } from '../../random-id.js';
import { dashboardData } from './dashboard-data.js';
import { renderDashboardPdf } from './render-pdf.js';
import { renderDashboardPng } from './render-png.js';

/** @typedef {import('./export-job.js').ExportJob} ExportJob */

/**
 * Drops every job whose `expiresAt` has come, with its file.
 * @param {import('../state.js').PlatformState} state
 */
export function sweepExpiredJobs(state) {
  const now = state.clock.now();
  for (const [jobId, job] of state.exportJobs) if (now >= job.expiresAt) state.exportJobs.delete(jobId);
}

/**
 * Creates a job rendering from now for `settings.exportRenderMs`, dropped 5 minutes after now.
 * @param {import('../state.js').PlatformState} state
 * @param {Omit<ExportJob, 'jobId' | 'submittedAt' | 'readyAt' | 'expiresAt' | 'result'>} fields
 * @returns {ExportJob}
 */
export function createJob(state, fields) {
  const now = state.clock.now();
  const job = { ...fields, jobId: randomId('exp'), submittedAt: now, readyAt: now + state.settings.exportRenderMs, expiresAt: now + state.settings.exportLifetimeMs };
  state.exportJobs.set(job.jobId, job);
  return job;
}

/**
 * Jobs of a rendered-as identity still rendering.
 * @param {import('../state.js').PlatformState} state @param {string} identity
 */
export function jobsInFlight(state, identity) {
  const now = state.clock.now();
  return [...state.exportJobs.values()].filter((job) => job.renderIdentity === identity && now < job.readyAt);
}

/** The file or the failure of a finished job, rendered once. @param {ExportJob} job */
function resultOf(job) {
  if (!job.result) {
    try {
      const data = dashboardData(job.dashboard, job.submittedAt, job.rowFilter);
      job.result = { file: job.format === 'png' ? renderDashboardPng(data) : renderDashboardPdf(data) };
    } catch (error) {
      job.result = { error: `rendering failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  return job.result;
}

/**
 * A job's state on the clock: `queued` for the first fifth of the render time, then `rendering`,
 * then `completed` (with `file`) or `failed` (with `error`).
 * @param {import('../state.js').PlatformState} state @param {ExportJob} job
 * @returns {{ status: 'queued' | 'rendering' } | { status: 'completed', file: Buffer } | { status: 'failed', error: string }}
 */
export function jobState(state, job) {
  const now = state.clock.now();
  if (now < job.readyAt) return { status: now < job.submittedAt + (job.readyAt - job.submittedAt) / 5 ? 'queued' : 'rendering' };
  const result = resultOf(job);
  return 'file' in result ? { status: 'completed', file: result.file } : { status: 'failed', error: result.error };
}
