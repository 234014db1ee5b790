import { DAY_MS } from '../../options.js';

/**
 * @typedef {'view' | 'edit' | 'manage'} AccessLevel
 * @typedef {object} WorkspaceItem
 * @property {'FOLDER' | 'WORKBOOK' | 'REPORT'} type
 * @property {number} id
 * @property {number} deploymentId
 * @property {string} name
 * @property {number | null} folderId Parent folder; null is the workspace root.
 * @property {number} ownerId
 * @property {number} createdAt
 * @property {number} updatedAt
 * @property {Record<string, AccessLevel>} access Access by user e-mail, inherited by what the folder holds.
 * @property {string} [dashboardPublicId] Workbooks: their dashboard.
 */

/**
 * @typedef {object} DashboardRecord
 * @property {number} id
 * @property {string} publicId
 * @property {number} deploymentId
 * @property {number} workbookId
 * @property {string} title
 * @property {'draft' | 'published' | 'archived'} status
 * @property {boolean} published False for a draft that was never published.
 * @property {string} source Public id in the embed catalog (`dashboards/catalog.js`) whose widgets and
 *   dataset it renders.
 * @property {string} [dataset] Overrides the catalog's dataset (an unknown one makes rendering fail).
 * @property {boolean} [restrictDataDownload]
 */

/**
 * Folders, workbooks and reports of deployments 42 and 7. The analyst may edit the Sales folder
 * (and what it holds), only view Finance, manage Support operations, and has no access to Archive.
 * @param {number} now
 * @returns {WorkspaceItem[]}
 */
export function seedWorkspace(now) {
  const at = now - 30 * DAY_MS;
  /** @type {(type: WorkspaceItem['type'], id: number, name: string, folderId: number | null, extra?: Partial<WorkspaceItem>) => WorkspaceItem} */
  const item = (type, id, name, folderId, extra = {}) => ({
    type, id, name, folderId, deploymentId: 42, ownerId: 1, createdAt: at + id * 60_000, updatedAt: at + id * 60_000, access: {}, ...extra,
  });
  return [
    item('FOLDER', 10, 'Sales', null, { access: { 'analyst@acme.example': 'edit' } }),
    item('FOLDER', 11, 'Regional', 10),
    item('FOLDER', 12, 'Archive', null),
    item('FOLDER', 13, 'Finance', null, { access: { 'analyst@acme.example': 'view' } }),
    item('FOLDER', 14, 'Quarterly', 12),
    item('WORKBOOK', 101, 'Sales overview', 10, { dashboardPublicId: 'sales-overview' }),
    item('WORKBOOK', 102, 'Support operations', null, { dashboardPublicId: 'support-ops', access: { 'analyst@acme.example': 'manage' } }),
    item('WORKBOOK', 103, 'Forecast', 10, { dashboardPublicId: 'forecast-draft' }),
    item('WORKBOOK', 104, 'Legacy KPIs', 12, { dashboardPublicId: 'legacy-kpis' }),
    item('REPORT', 201, 'Top customers', 10),
    item('REPORT', 202, 'Churn', 13),
    item('FOLDER', 70, 'Scratch', null, { deploymentId: 7 }),
    item('WORKBOOK', 701, 'Experiments', 70, { deploymentId: 7 }),
  ];
}

/**
 * Dashboards of the seeded workbooks. `forecast-draft` was never published; `legacy-kpis` is
 * published but its dataset no longer exists, so rendering it fails.
 * @returns {DashboardRecord[]}
 */
export function seedDashboards() {
  return [
    { id: 501, publicId: 'sales-overview', deploymentId: 42, workbookId: 101, title: 'Sales overview', status: 'published', published: true, source: 'sales-overview' },
    { id: 502, publicId: 'support-ops', deploymentId: 42, workbookId: 102, title: 'Support operations', status: 'published', published: true, source: 'support-ops' },
    { id: 503, publicId: 'forecast-draft', deploymentId: 42, workbookId: 103, title: 'Forecast', status: 'draft', published: false, source: 'sales-overview' },
    { id: 504, publicId: 'legacy-kpis', deploymentId: 42, workbookId: 104, title: 'Legacy KPIs', status: 'published', published: true, source: 'sales-overview', dataset: 'legacy-orders' },
  ];
}
