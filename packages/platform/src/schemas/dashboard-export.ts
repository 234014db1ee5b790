import * as z from 'zod/mini';
import { dateTime } from './parts.js';

/** Export file formats. */
export const EXPORT_FORMATS = ['png', 'pdf'] as const;

/**
 * §2.3 submit result of a dashboard export. `expiresAt` is a "timestamp": accepted as an ISO 8601
 * date-time or epoch milliseconds; {@link expiresAtMs} reads either.
 */
export const dashboardExportJobSchema = z.object({
  jobId: z.string(),
  expiresAt: z.union([dateTime, z.number()]),
});

/**
 * §2.3 poll result. The spec names `completed` and `failed`; other status values (in progress) are
 * not specified, so any string is accepted. Fields beyond `status` and `error` are kept as they come.
 */
export const dashboardExportStatusSchema = z.looseObject({
  status: z.string(),
  error: z.optional(z.string()),
});

/** `png` or `pdf`. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Submit result, inferred. */
export type DashboardExportJob = z.infer<typeof dashboardExportJobSchema>;
/** Poll result, inferred; `status` is `completed`, `failed` or an in-progress value. */
export type DashboardExportStatus = z.infer<typeof dashboardExportStatusSchema>;

/** `expiresAt` of a job as epoch milliseconds. */
export function expiresAtMs(job: Pick<DashboardExportJob, 'expiresAt'>): number {
  return typeof job.expiresAt === 'number' ? job.expiresAt : Date.parse(job.expiresAt);
}
