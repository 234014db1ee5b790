import { requireInteger } from '../checks.js';
import type { ClientContext } from '../context.js';
import { InvalidArgumentError, PLATFORM_ERROR_CODES, PlatformError } from '../errors.js';
import { HttpStatusError } from '../http-errors.js';
import type { BulkMoveResult, WorkspaceItemRef } from '../schemas/workspace.js';
import { BULK_MOVE_MAX_ITEMS, bulkMove, checkFolderId, collapseItems, type BulkMoveInput } from './bulk-move.js';
import { idSegmentNumeric } from './deployment-path.js';

/** Arguments of {@link bulkMoveInBatches}. */
export interface BulkMoveBatchesInput extends BulkMoveInput {
  /** Items per request, 1 to 100 (default 100). */
  batchSize?: number;
  /** Called after each batch with its own result. */
  onBatch?: (progress: { batch: number; batches: number; result: BulkMoveResult }) => void;
}

/**
 * A batched bulk move stopped because one request failed. `completed` merges the batches that
 * were answered; `failedBatch` is the batch whose request failed; `unsent` the items after it.
 */
export class BulkMoveInterruptedError extends PlatformError {
  /** `moved` and `failed` of every batch answered before the failure. */
  readonly completed: BulkMoveResult;
  /** Items of the request that failed. */
  readonly failedBatch: WorkspaceItemRef[];
  /**
   * False when the server certainly applied none of `failedBatch` (it answered 4xx); true when the
   * outcome is unknown (no response, or 5xx), so check those items before sending them again.
   */
  readonly failedBatchMayHaveApplied: boolean;
  /** Items never sent. */
  readonly unsent: WorkspaceItemRef[];

  constructor(cause: unknown, completed: BulkMoveResult, failedBatch: WorkspaceItemRef[], unsent: WorkspaceItemRef[]) {
    const mayHaveApplied = !(cause instanceof HttpStatusError && cause.status < 500);
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      PLATFORM_ERROR_CODES.bulkMoveInterrupted,
      `bulk move stopped after ${completed.moved.length + completed.failed.length} items: ${reason}` +
        (mayHaveApplied ? '; the failed batch may have been partly applied' : ''),
      { cause, status: cause instanceof PlatformError ? cause.status : undefined },
    );
    this.name = 'BulkMoveInterruptedError';
    this.completed = completed;
    this.failedBatch = failedBatch;
    this.failedBatchMayHaveApplied = mayHaveApplied;
    this.unsent = unsent;
  }
}

/**
 * Moves any number of items by splitting them (after collapsing repeats) into requests of at most
 * `batchSize`, sent one after another in order, and merges every `moved` and `failed`. A request
 * that fails is not retried; the call rejects with a {@link BulkMoveInterruptedError}.
 * @example
 * const { moved, failed } = await client.bulkMoveInBatches(42, { items, folderId: 7 });
 */
export async function bulkMoveInBatches(
  ctx: ClientContext,
  deploymentId: number | string,
  input: BulkMoveBatchesInput,
): Promise<BulkMoveResult> {
  idSegmentNumeric(deploymentId);
  const items = collapseItems(input?.items);
  checkFolderId(input.folderId);
  const size = input.batchSize === undefined ? BULK_MOVE_MAX_ITEMS : requireInteger('batchSize', input.batchSize);
  if (size > BULK_MOVE_MAX_ITEMS)
    throw new InvalidArgumentError('batchSize', `batchSize must be 1 to ${BULK_MOVE_MAX_ITEMS} (got ${size})`);
  if (items.length === 0) throw new InvalidArgumentError('items', 'items must hold at least one { type, id }');
  const batches: WorkspaceItemRef[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  const merged: BulkMoveResult = { moved: [], failed: [] };
  for (const [index, batch] of batches.entries()) {
    let result: BulkMoveResult;
    try {
      result = await bulkMove(ctx, deploymentId, { items: batch, folderId: input.folderId, signal: input.signal });
    } catch (error) {
      throw new BulkMoveInterruptedError(error, merged, batch, batches.slice(index + 1).flat());
    }
    merged.moved.push(...result.moved);
    merged.failed.push(...result.failed);
    input.onBatch?.({ batch: index + 1, batches: batches.length, result });
  }
  return merged;
}
