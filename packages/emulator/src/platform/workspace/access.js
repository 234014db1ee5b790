const RANK = { none: 0, view: 1, edit: 2, manage: 3 };

/** @typedef {keyof typeof RANK} Level */

/**
 * A user's access to a workspace item: administrators manage everything; others get the level
 * set on the item or, failing that, on the nearest folder above it; `none` without any.
 * @param {import('../state.js').PlatformState} state
 * @param {import('../seed/users.js').ConsoleUser} user
 * @param {import('../seed/workspace.js').WorkspaceItem} item
 * @returns {Level}
 */
export function accessLevel(state, user, item) {
  if (user.admin) return 'manage';
  const seen = new Set();
  /** @type {import('../seed/workspace.js').WorkspaceItem | undefined} */
  let current = item;
  while (current && !seen.has(current)) {
    seen.add(current);
    const level = current.access[user.email];
    if (level) return level;
    current = current.folderId === null ? undefined : state.items.get(`FOLDER:${current.folderId}`);
  }
  return 'none';
}

/** @param {Level} level @param {Level} wanted */
export const atLeast = (level, wanted) => RANK[level] >= RANK[wanted];

/**
 * The folders from the root down to the item's parent.
 * @param {import('../state.js').PlatformState} state
 * @param {import('../seed/workspace.js').WorkspaceItem} item
 */
export function folderPath(state, item) {
  const path = [];
  const seen = new Set();
  let parent = item.folderId === null ? undefined : state.items.get(`FOLDER:${item.folderId}`);
  while (parent && !seen.has(parent)) {
    seen.add(parent);
    path.unshift(parent);
    parent = parent.folderId === null ? undefined : state.items.get(`FOLDER:${parent.folderId}`);
  }
  return path;
}
