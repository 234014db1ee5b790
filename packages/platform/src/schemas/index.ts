export { WORKSPACE_ITEM_TYPES, workspaceItemTypeSchema } from './parts.js';
export type { WorkspaceItemType } from './parts.js';
export {
  workspaceItemRefSchema,
  bulkActionErrorSchema,
  workspaceBulkFailureSchema,
  workspaceFolderPathEntrySchema,
  resourceOwnerSchema,
  workbookSchema,
  bulkMoveResultSchema,
} from './workspace.js';
export type {
  WorkspaceItemRef,
  BulkActionError,
  WorkspaceBulkFailure,
  WorkspaceFolderPathEntry,
  ResourceOwner,
  Workbook,
  BulkMoveResult,
} from './workspace.js';
export { DASHBOARD_STATUSES, dashboardSchema } from './dashboard.js';
export type { Dashboard } from './dashboard.js';
export { APP_ENTRY_MAX_LENGTH, dashboardLayoutSchema, dashboardAppSourceSchema, dashboardConfigSchema } from './dashboard-config.js';
export type { DashboardLayout, DashboardAppSource, DashboardConfig } from './dashboard-config.js';
export { WIDGET_TYPES, widgetPositionSchema, dashboardWidgetSchema } from './dashboard-widget.js';
export type { DashboardWidget } from './dashboard-widget.js';
export { reportSnapshotSchema } from './report-snapshot.js';
export type { ReportSnapshot } from './report-snapshot.js';
export {
  promotionReferenceSchema,
  promotionActorSchema,
  workbookPromotionSchema,
  workbookPromotionSummarySchema,
} from './promotion.js';
export type { PromotionReference, PromotionActor, WorkbookPromotion, WorkbookPromotionSummary } from './promotion.js';
export {
  ENVIRONMENT_TYPES,
  paginationSchema,
  deploymentSchema,
  environmentSchema,
  metadataTokenSchema,
  branchSchema,
  deploymentVersionSchema,
} from './control-plane.js';
export type {
  EnvironmentType,
  Pagination,
  Deployment,
  Environment,
  MetadataToken,
  Branch,
  DeploymentVersion,
} from './control-plane.js';
export { EXPORT_FORMATS, dashboardExportJobSchema, dashboardExportStatusSchema, expiresAtMs } from './dashboard-export.js';
export type { ExportFormat, DashboardExportJob, DashboardExportStatus } from './dashboard-export.js';
export { embedSessionResponseSchema } from './embed-session.js';
