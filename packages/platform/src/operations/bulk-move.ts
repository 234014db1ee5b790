import { idSegmentNumeric } from './deployment-path.js';
import { requireInteger, requireOneOf } from '../checks.js';
import type { ClientContext } from '../context.js';
import { InvalidArgumentError } from '../errors.js';
import { readJson } from '../http/read-json.js';
import { send } from '../http/request.js';
import { WORKSPACE_ITEM_TYPES } from '../schemas/parts.js';
import { bulkMoveResultSchema, type BulkMoveResult, type WorkspaceItemRef } from '../schemas/workspace.js';

/** Most items one bulk-move request may carry (§8). */
export const BULK_MOVE_MAX_ITEMS = 100;

/** Arguments of a bulk move. */
export interface BulkMoveInput {
  /** Items to move, in the order they are applied. Repeated references are collapsed to the first. */
  items: readonly WorkspaceItemRef[];
  /**
   * Destination folder for every item, or `null` for the workspace root. Required here: the spec
   * leaves the behaviour of an omitted `folderId` unspecified.
   */
  folderId: number | null;
  /** Cancels the request. */
  signal?: AbortSignal;
}

/**
 * Checks items and collapses repeated references (same `type` and `id`), keeping the first
 * occurrence's position. Throws an InvalidArgumentError for an item that is not a WorkspaceItemRef.
 */
export function collapseItems(items: unknown): WorkspaceItemRef[] {
  if (!Array.isArray(items)) throw new InvalidArgumentError('items', 'items must be an array of { type, id }');
  const seen = new Set<string>();
  const distinct: WorkspaceItemRef[] = [];
  items.forEach((item: unknown, index) => {
    const ref = (item ?? {}) as Partial<WorkspaceItemRef>;
    const type = requireOneOf(`items.${index}.type`, ref.type, WORKSPACE_ITEM_TYPES);
    const id = requireInteger(`items.${index}.id`, ref.id);
    const key = `${type}:${id}`;
    if (seen.has(key)) return;
    seen.add(key);
    distinct.push({ type, id });
  });
  return distinct;
}

/** `folderId`: a positive integer or null, and present. */
export function checkFolderId(folderId: unknown): number | null {
  if (folderId === undefined)
    throw new InvalidArgumentError('folderId', 'folderId is required: a folder id, or null for the workspace root');
  return folderId === null ? null : requireInteger('folderId', folderId);
}

/**
 * `POST /api/v1/deployments/{deploymentId}/workspace/bulk-move` (§4.1): 1 to 100 distinct items.
 * Resolves with 200's `moved` and `failed` even when some or all items failed. Never retried:
 * a lost response leaves it unknown which items were applied.
 */
export async function bulkMove(ctx: ClientContext, deploymentId: number | string, input: BulkMoveInput): Promise<BulkMoveResult> {
  const path = `/api/v1/deployments/${idSegmentNumeric(deploymentId)}/workspace/bulk-move`;
  const items = collapseItems(input?.items);
  const folderId = checkFolderId(input.folderId);
  if (items.length < 1 || items.length > BULK_MOVE_MAX_ITEMS)
    throw new InvalidArgumentError(
      'items',
      `a bulk move takes 1 to ${BULK_MOVE_MAX_ITEMS} distinct items (got ${items.length}); use bulkMoveInBatches for longer lists`,
    );
  const sent = await send(ctx, { method: 'POST', path, body: { items, folderId }, idempotent: false, signal: input.signal });
  return readJson(sent, bulkMoveResultSchema);
}
