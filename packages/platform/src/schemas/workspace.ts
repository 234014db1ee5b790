import * as z from 'zod/mini';
import { dashboardConfigSchema } from './dashboard-config.js';
import { dashboardSchema } from './dashboard.js';
import { dateOrDateTime, freeObject, optionalNullable, workspaceItemTypeSchema } from './parts.js';
import { workbookPromotionSummarySchema } from './promotion.js';

/** §2.2 WorkspaceItemRef: a request item of a bulk move. */
export const workspaceItemRefSchema = z.object({ type: workspaceItemTypeSchema, id: z.int() });

/** §2.2 BulkActionError: the status and message the single-item move would have returned. */
export const bulkActionErrorSchema = z.object({ status: z.int(), message: z.string() });

/** §2.2 WorkspaceBulkFailure: an item of a bulk move that was not applied. */
export const workspaceBulkFailureSchema = z.object({
  type: workspaceItemTypeSchema,
  id: z.int(),
  error: bulkActionErrorSchema,
});

/** §2.2 WorkspaceFolderPathEntry: one folder of an item's path. */
export const workspaceFolderPathEntrySchema = z.object({ id: z.int(), name: z.string() });

/** §2.2 ResourceOwner: the user who owns an item. */
export const resourceOwnerSchema = z.object({
  id: z.int(),
  email: z.string(),
  firstName: optionalNullable(z.string()),
  picture: optionalNullable(z.string()),
});

/** §2.1 Workbook, also the shape of every moved item (folders and reports too; `type` tells). */
export const workbookSchema = z.object({
  id: z.int(),
  name: z.string(),
  meta: freeObject,
  calculatedFields: freeObject,
  deploymentId: z.int(),
  createdAt: dateOrDateTime,
  updatedAt: dateOrDateTime,
  type: workspaceItemTypeSchema,
  createdBy: z.optional(z.int()),
  userId: optionalNullable(z.number()),
  user: optionalNullable(resourceOwnerSchema),
  folderId: optionalNullable(z.number()),
  folderPath: z.optional(z.array(workspaceFolderPathEntrySchema)),
  isFavorite: optionalNullable(z.boolean()),
  slug: optionalNullable(z.string()),
  dashboardDraft: optionalNullable(dashboardConfigSchema),
  dashboardPublished: optionalNullable(dashboardConfigSchema),
  publishedDashboard: optionalNullable(dashboardSchema),
  promotion: optionalNullable(workbookPromotionSummarySchema),
});

/** §4.1 bulk-move response: `moved` items and `failed` items, both always present. */
export const bulkMoveResultSchema = z.object({
  moved: z.array(workbookSchema),
  failed: z.array(workspaceBulkFailureSchema),
});

/** §2.2 WorkspaceItemRef, inferred. */
export type WorkspaceItemRef = z.infer<typeof workspaceItemRefSchema>;
/** §2.2 BulkActionError, inferred. */
export type BulkActionError = z.infer<typeof bulkActionErrorSchema>;
/** §2.2 WorkspaceBulkFailure, inferred. */
export type WorkspaceBulkFailure = z.infer<typeof workspaceBulkFailureSchema>;
/** §2.2 WorkspaceFolderPathEntry, inferred. */
export type WorkspaceFolderPathEntry = z.infer<typeof workspaceFolderPathEntrySchema>;
/** §2.2 ResourceOwner, inferred. */
export type ResourceOwner = z.infer<typeof resourceOwnerSchema>;
/** §2.1 Workbook, inferred. */
export type Workbook = z.infer<typeof workbookSchema>;
/** §4.1 bulk-move response, inferred. */
export type BulkMoveResult = z.infer<typeof bulkMoveResultSchema>;
