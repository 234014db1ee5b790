import auditLogs from './routes/audit-logs.js';
import bulkMove from './routes/bulk-move.js';
import dashboardExports from './routes/dashboard-exports.js';
import deployments from './routes/deployments.js';
import environments from './routes/environments.js';
import metadataToken from './routes/metadata-token.js';
import stagingEnvironment from './routes/staging-environment.js';
import versions from './routes/versions.js';

/**
 * The platform API's route modules (service-api.md §4.1-4.8a): bulk move, deployments,
 * environments, metadata tokens, branch staging environments, versions, audit-log CSV and
 * dashboard exports. Their state (seeded users, deployments, workspace, dashboards, audit events,
 * export jobs) lives per emulator; see {@link platformState}.
 * @type {import('../router.js').RouteModule[]}
 */
export const PLATFORM_ROUTE_MODULES = [bulkMove, deployments, environments, metadataToken, stagingEnvironment, versions, auditLogs, dashboardExports];

export { platformState } from './state.js';
// For tests of the exports: the PNG's layout and colours, the PDF's page, the PNG's CRC-32, and the
// demo rows every export is computed from.
export { PNG_LAYOUT, PNG_COLORS } from './exports/render-png.js';
export { PDF_PAGE } from './exports/render-pdf.js';
export { crc32 } from './exports/png.js';
export { datasetRows } from '../dashboards/datasets.js';
