import * as z from 'zod/mini';
import { dashboardConfigSchema } from './dashboard-config.js';
import { optionalNullable } from './parts.js';
import { reportSnapshotSchema } from './report-snapshot.js';

/** Dashboard statuses. */
export const DASHBOARD_STATUSES = ['draft', 'published', 'archived'] as const;

/** §2.2 Dashboard: one version of a workbook's dashboard. */
export const dashboardSchema = z.object({
  id: z.int(),
  publicId: z.string(),
  deploymentId: z.int(),
  workbookId: z.int(),
  status: z.enum(DASHBOARD_STATUSES),
  allowEmbed: z.boolean(),
  config: dashboardConfigSchema,
  versionNumber: z.int(),
  versionId: z.int(),
  reportSnapshots: z.array(reportSnapshotSchema),
  createdBy: optionalNullable(z.int()),
  description: optionalNullable(z.string()),
  title: optionalNullable(z.string()),
  fromSharedWorkspace: optionalNullable(z.boolean()),
  restrictDataDownload: optionalNullable(z.boolean()),
  useBoardDashboards: optionalNullable(z.boolean()),
});

/** §2.2 Dashboard, inferred from {@link dashboardSchema}. */
export type Dashboard = z.infer<typeof dashboardSchema>;
