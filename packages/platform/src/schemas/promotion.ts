import * as z from 'zod/mini';
import { dateOrDateTime, optionalNullable } from './parts.js';

/** §2.2 PromotionReference: the workbook at one end of a promotion link. */
export const promotionReferenceSchema = z.object({
  availability: z.enum(['available', 'unavailable']),
  deploymentId: optionalNullable(z.int()),
  workbookId: optionalNullable(z.int()),
  name: optionalNullable(z.string()),
});

/** §2.2 PromotionActor: who performed a promotion. */
export const promotionActorSchema = z.object({
  userId: z.int(),
  displayName: z.string(),
  authenticationMethod: z.enum(['session', 'apiKey']),
  apiKeyId: optionalNullable(z.int()),
});

/** §2.2 WorkbookPromotion: one completed promotion. */
export const workbookPromotionSchema = z.object({
  id: z.int(),
  linkId: z.int(),
  completedAt: dateOrDateTime,
  outcome: z.enum(['created', 'updated', 'unchanged']),
  performedBy: promotionActorSchema,
  overrideRequested: z.boolean(),
  destinationWasDiverged: z.boolean(),
  destinationChangedSincePreview: z.boolean(),
  targetDashboardVersionId: z.int(),
  source: optionalNullable(promotionReferenceSchema),
  target: optionalNullable(promotionReferenceSchema),
});

/** §2.2 WorkbookPromotionSummary: a workbook's promotion link. */
export const workbookPromotionSummarySchema = z.object({
  linkId: z.int(),
  parent: promotionReferenceSchema,
  origin: promotionReferenceSchema,
  firstPromotion: optionalNullable(workbookPromotionSchema),
  lastPromotion: optionalNullable(workbookPromotionSchema),
});

/** §2.2 PromotionReference, inferred. */
export type PromotionReference = z.infer<typeof promotionReferenceSchema>;
/** §2.2 PromotionActor, inferred. */
export type PromotionActor = z.infer<typeof promotionActorSchema>;
/** §2.2 WorkbookPromotion, inferred. */
export type WorkbookPromotion = z.infer<typeof workbookPromotionSchema>;
/** §2.2 WorkbookPromotionSummary, inferred. */
export type WorkbookPromotionSummary = z.infer<typeof workbookPromotionSummarySchema>;
