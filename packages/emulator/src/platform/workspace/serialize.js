import { folderPath } from './access.js';
import { dashboardConfig, publishedDashboard } from './dashboard-records.js';

/** @param {number} ms */
const iso = (ms) => new Date(ms).toISOString();

/**
 * A workspace item in the §2.1 Workbook shape, as the single-item move returns it. Folders and
 * reports use the same shape without the dashboard fields.
 * @param {import('../state.js').PlatformState} state
 * @param {import('../seed/workspace.js').WorkspaceItem} item
 */
export function toWorkbook(state, item) {
  const owner = state.users.find((user) => user.id === item.ownerId);
  /** @type {Record<string, unknown>} */
  const record = {
    id: item.id,
    name: item.name,
    meta: { kind: item.type.toLowerCase() },
    calculatedFields: {},
    deploymentId: item.deploymentId,
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
    type: item.type,
    createdBy: item.ownerId,
    userId: owner ? owner.id : null,
    user: owner ? { id: owner.id, email: owner.email, firstName: owner.firstName, picture: null } : null,
    folderId: item.folderId,
    folderPath: folderPath(state, item).map((folder) => ({ id: folder.id, name: folder.name })),
    isFavorite: false,
    slug: item.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
  };
  if (item.type === 'WORKBOOK') {
    const dashboard = state.dashboards.find((candidate) => candidate.workbookId === item.id);
    record.dashboardDraft = dashboard ? dashboardConfig(dashboard) : null;
    record.dashboardPublished = dashboard?.published ? dashboardConfig(dashboard) : null;
    record.publishedDashboard = dashboard?.published ? publishedDashboard(dashboard) : null;
    record.promotion = null;
  }
  return record;
}
