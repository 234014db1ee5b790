import * as z from 'zod/mini';
import { freeObject, optionalNullable } from './parts.js';

/** Kinds of dashboard widgets. */
export const WIDGET_TYPES = ['CHART', 'TEXT', 'FILTER', 'AI', 'TIME_GRAIN', 'FIELD', 'PARENT', 'SPACER', 'DIVIDER', 'CONTAINER'] as const;

/** A widget's grid position; every coordinate required. */
export const widgetPositionSchema = z.object({ x: z.int(), y: z.int(), w: z.int(), h: z.int() });

/** §2.2 DashboardWidget. */
export const dashboardWidgetSchema = z.object({
  id: z.string(),
  type: z.enum(WIDGET_TYPES),
  position: widgetPositionSchema,
  config: optionalNullable(freeObject),
  style: optionalNullable(freeObject),
  responsiveLayouts: optionalNullable(
    z.object({
      lg: optionalNullable(widgetPositionSchema),
      md: optionalNullable(widgetPositionSchema),
      sm: optionalNullable(widgetPositionSchema),
      xs: optionalNullable(widgetPositionSchema),
      xxs: optionalNullable(widgetPositionSchema),
    }),
  ),
});

/** §2.2 DashboardWidget, inferred from {@link dashboardWidgetSchema}. */
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;
