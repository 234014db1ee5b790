import * as z from 'zod/mini';
import { dashboardWidgetSchema } from './dashboard-widget.js';
import { freeObject, optionalNullable } from './parts.js';

const sizes = z.object({
  lg: optionalNullable(z.int()),
  md: optionalNullable(z.int()),
  sm: optionalNullable(z.int()),
  xs: optionalNullable(z.int()),
  xxs: optionalNullable(z.int()),
});

/** §2.2 DashboardLayout: every field optional and nullable. */
export const dashboardLayoutSchema = z.object({
  breakpoints: optionalNullable(sizes),
  cols: optionalNullable(sizes),
  containerPadding: optionalNullable(z.array(z.int())),
  margin: optionalNullable(z.array(z.int())),
  rowHeight: optionalNullable(z.int()),
});

/** Longest `entry` of an app source (§8). */
export const APP_ENTRY_MAX_LENGTH = 255;

/** §2.2 DashboardAppSource: every field optional and nullable. */
export const dashboardAppSourceSchema = z.object({
  entry: optionalNullable(z.string().check(z.maxLength(APP_ENTRY_MAX_LENGTH))),
  files: optionalNullable(z.record(z.string(), z.string())),
  html: optionalNullable(z.string()),
  manifest: optionalNullable(
    z.object({
      dependencies: optionalNullable(z.record(z.string(), z.string())),
      version: optionalNullable(z.int()),
    }),
  ),
});

/** §2.2 DashboardConfig: every field optional and nullable. */
export const dashboardConfigSchema = z.object({
  kind: optionalNullable(z.enum(['CLASSIC', 'APP'])),
  title: optionalNullable(z.string()),
  description: optionalNullable(z.string()),
  layout: optionalNullable(dashboardLayoutSchema),
  widgets: optionalNullable(z.array(dashboardWidgetSchema)),
  settings: optionalNullable(freeObject),
  theme: optionalNullable(freeObject),
  app: optionalNullable(dashboardAppSourceSchema),
});

/** §2.2 DashboardLayout, inferred. */
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;
/** §2.2 DashboardAppSource, inferred. */
export type DashboardAppSource = z.infer<typeof dashboardAppSourceSchema>;
/** §2.2 DashboardConfig, inferred. */
export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;
