// One dashboard export job: what was asked, for whom, and when it renders and is dropped. The
// platform state keeps the jobs (state.js); jobs.js creates them and reads their state on the clock.

/**
 * @typedef {object} ExportJob
 * @property {string} jobId
 * @property {number} deploymentId
 * @property {import('../seed/workspace.js').DashboardRecord} dashboard
 * @property {'png' | 'pdf'} format
 * @property {number} submitterId The console user whose key submitted it; only they may poll or download.
 * @property {string} renderIdentity Whose concurrency budget it uses: `console:<email>` or `embed:<tenant>:<externalId>`.
 * @property {Record<string, string | number>} rowFilter Row-level security of this render only.
 * @property {number} submittedAt
 * @property {number} readyAt When rendering finishes.
 * @property {number} expiresAt When the job and its file are dropped.
 * @property {{ file: Buffer } | { error: string }} [result] Set when first asked for after `readyAt`.
 */

export {};
