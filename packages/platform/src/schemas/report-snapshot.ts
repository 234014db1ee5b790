import * as z from 'zod/mini';
import { freeObject, optionalNullable } from './parts.js';

const str = optionalNullable(z.string());

/** §2.2 ReportSnapshot: a report as frozen into a dashboard version. */
export const reportSnapshotSchema = z.object({
  id: z.int(),
  reportId: z.int(),
  versionNumber: z.int(),
  name: str,
  title: str,
  description: str,
  publicId: str,
  pythonCode: str,
  sqlQuery: str,
  isSourceReport: optionalNullable(z.boolean()),
  kind: optionalNullable(z.enum(['vega', 'table', 'kpi', 'html', 'map', 'sankey'])),
  meta: optionalNullable(freeObject),
  spec: optionalNullable(z.union([z.string(), freeObject])),
  fillMissingRows: optionalNullable(
    z.object({ member: z.string(), excludedDimensions: optionalNullable(z.array(z.string())) }),
  ),
  periodComparisons: optionalNullable(
    z.array(
      z.object({
        measure: z.string(),
        timeDimension: z.string(),
        offset: z.object({ amount: z.int(), unit: z.string() }),
        outputs: optionalNullable(z.array(z.string())),
      }),
    ),
  ),
  preferences: optionalNullable(
    z.object({
      columnFormats: z.optional(
        z.record(
          z.string(),
          z.object({ type: z.enum(['currency', 'percent', 'number']), decimalPlaces: optionalNullable(z.int()) }),
        ),
      ),
    }),
  ),
});

/** §2.2 ReportSnapshot, inferred from {@link reportSnapshotSchema}. */
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;
