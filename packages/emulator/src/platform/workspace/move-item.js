import { accessLevel, atLeast, folderPath } from './access.js';

/**
 * @typedef {{ ok: true, item: import('../seed/workspace.js').WorkspaceItem }
 *   | { ok: false, status: number, message: string }} MoveOutcome
 */

/** @param {number} status @param {string} message @returns {MoveOutcome} */
const fail = (status, message) => ({ ok: false, status, message });

/**
 * The single-item move, applied at once (its own transaction): 404 when the item or the
 * destination folder is missing or in another deployment, 403 without edit access to either,
 * 400 for a folder into itself or its own descendant. On success the item's parent becomes
 * `folderId` (null: the workspace root).
 * @param {import('../state.js').PlatformState} state
 * @param {import('../seed/users.js').ConsoleUser} user
 * @param {number} deploymentId
 * @param {{ type: 'FOLDER' | 'WORKBOOK' | 'REPORT', id: number }} ref
 * @param {number | null} folderId
 * @returns {MoveOutcome}
 */
export function moveItem(state, user, deploymentId, ref, folderId) {
  const label = `${ref.type} ${ref.id}`;
  const item = state.items.get(`${ref.type}:${ref.id}`);
  if (!item || item.deploymentId !== deploymentId) return fail(404, `${label} does not exist in deployment ${deploymentId}`);
  if (!atLeast(accessLevel(state, user, item), 'edit')) return fail(403, `${user.email} needs edit access to ${label} to move it`);
  if (folderId !== null) {
    const target = state.items.get(`FOLDER:${folderId}`);
    if (!target || target.deploymentId !== deploymentId)
      return fail(404, `destination folder ${folderId} does not exist in deployment ${deploymentId}`);
    if (!atLeast(accessLevel(state, user, target), 'edit'))
      return fail(403, `${user.email} needs edit access to folder ${folderId} to move items into it`);
    if (item.type === 'FOLDER' && (target.id === item.id || folderPath(state, target).some((folder) => folder.id === item.id)))
      return fail(400, `folder ${item.id} cannot be moved into itself or one of its descendants (folder ${folderId})`);
  }
  item.folderId = folderId;
  item.updatedAt = state.clock.now();
  return { ok: true, item };
}
