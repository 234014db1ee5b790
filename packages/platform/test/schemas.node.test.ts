import { describe, expect, it } from 'vitest';
import {
  dashboardAppSourceSchema,
  dashboardConfigSchema,
  dashboardExportJobSchema,
  dashboardExportStatusSchema,
  dashboardSchema,
  dashboardWidgetSchema,
  deploymentSchema,
  environmentSchema,
  expiresAtMs,
  promotionActorSchema,
  promotionReferenceSchema,
  reportSnapshotSchema,
  resourceOwnerSchema,
  workbookPromotionSchema,
  workbookPromotionSummarySchema,
  workbookSchema,
  workspaceBulkFailureSchema,
} from '../src/index.js';

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown } };

const workbook = {
  id: 1,
  name: 'Sales',
  meta: {},
  calculatedFields: {},
  deploymentId: 42,
  createdAt: '2024-05-01',
  updatedAt: '2024-05-01T10:00:00Z',
  type: 'WORKBOOK',
};
const position = { x: 0, y: 0, w: 6, h: 4 };
const reference = { availability: 'available' };
const actor = { userId: 1, displayName: 'Ada', authenticationMethod: 'apiKey' };
const promotion = {
  id: 1, linkId: 2, completedAt: '2024-05-01T10:00:00+02:00', outcome: 'updated', performedBy: actor,
  overrideRequested: false, destinationWasDiverged: false, destinationChangedSincePreview: true, targetDashboardVersionId: 9,
};
const dashboard = {
  id: 1, publicId: 'd-1', deploymentId: 42, workbookId: 1, status: 'published', allowEmbed: true, config: {},
  versionNumber: 1, versionId: 10, reportSnapshots: [],
};

type Row = [record: string, field: string, schema: Schema, valid: Record<string, unknown>, acceptsAbsent: boolean, acceptsNull: boolean];

/** Each field with whether the spec lets it be absent and whether it lets it be null. */
const FIELDS: Row[] = [
  // §2.1 Workbook: required fields
  ...['id', 'name', 'meta', 'calculatedFields', 'deploymentId', 'createdAt', 'updatedAt', 'type'].map(
    (field): Row => ['Workbook', field, workbookSchema, workbook, false, false],
  ),
  ['Workbook', 'createdBy', workbookSchema, { ...workbook, createdBy: 1 }, true, false],
  ['Workbook', 'userId', workbookSchema, { ...workbook, userId: 1.5 }, true, true],
  ['Workbook', 'folderId', workbookSchema, { ...workbook, folderId: 3 }, true, true],
  ['Workbook', 'folderPath', workbookSchema, { ...workbook, folderPath: [{ id: 1, name: 'a' }] }, true, false],
  ...['isFavorite', 'slug', 'user', 'dashboardDraft', 'dashboardPublished', 'publishedDashboard', 'promotion'].map(
    (field): Row => ['Workbook', field, workbookSchema, workbook, true, true],
  ),
  ['ResourceOwner', 'email', resourceOwnerSchema, { id: 1, email: 'a@b.c' }, false, false],
  ['ResourceOwner', 'firstName', resourceOwnerSchema, { id: 1, email: 'a@b.c', firstName: 'A' }, true, true],
  ['WorkspaceBulkFailure', 'error', workspaceBulkFailureSchema, { type: 'FOLDER', id: 1, error: { status: 403, message: 'no' } }, false, false],
  // §2.2 Dashboard
  ...['id', 'publicId', 'deploymentId', 'workbookId', 'status', 'allowEmbed', 'config', 'versionNumber', 'versionId', 'reportSnapshots'].map(
    (field): Row => ['Dashboard', field, dashboardSchema, dashboard, false, false],
  ),
  ...['createdBy', 'description', 'title', 'fromSharedWorkspace', 'restrictDataDownload', 'useBoardDashboards'].map(
    (field): Row => ['Dashboard', field, dashboardSchema, dashboard, true, true],
  ),
  ...['kind', 'title', 'description', 'layout', 'widgets', 'settings', 'theme', 'app'].map(
    (field): Row => ['DashboardConfig', field, dashboardConfigSchema, {}, true, true],
  ),
  ...['entry', 'files', 'html', 'manifest'].map(
    (field): Row => ['DashboardAppSource', field, dashboardAppSourceSchema, {}, true, true],
  ),
  ['DashboardWidget', 'position', dashboardWidgetSchema, { id: 'w', type: 'CHART', position }, false, false],
  ['DashboardWidget', 'responsiveLayouts', dashboardWidgetSchema, { id: 'w', type: 'CHART', position }, true, true],
  ['ReportSnapshot', 'reportId', reportSnapshotSchema, { id: 1, reportId: 2, versionNumber: 3 }, false, false],
  ['ReportSnapshot', 'spec', reportSnapshotSchema, { id: 1, reportId: 2, versionNumber: 3 }, true, true],
  ['WorkbookPromotion', 'targetDashboardVersionId', workbookPromotionSchema, promotion, false, false],
  ['WorkbookPromotion', 'source', workbookPromotionSchema, promotion, true, true],
  ['WorkbookPromotionSummary', 'origin', workbookPromotionSummarySchema, { linkId: 1, parent: reference, origin: reference }, false, false],
  ['WorkbookPromotionSummary', 'lastPromotion', workbookPromotionSummarySchema, { linkId: 1, parent: reference, origin: reference }, true, true],
  ['PromotionReference', 'availability', promotionReferenceSchema, reference, false, false],
  ['PromotionReference', 'deploymentId', promotionReferenceSchema, reference, true, true],
  ['PromotionActor', 'authenticationMethod', promotionActorSchema, actor, false, false],
  ['PromotionActor', 'apiKeyId', promotionActorSchema, actor, true, true],
];

describe('§2 records: optional and nullable as specified', () => {
  it.each(FIELDS)('%s.%s', (_, field, schema, valid, acceptsAbsent, acceptsNull) => {
    expect(schema.safeParse(valid).success).toBe(true);
    const without = { ...valid };
    delete without[field];
    expect(schema.safeParse(without).success).toBe(acceptsAbsent);
    expect(schema.safeParse({ ...valid, [field]: null }).success).toBe(acceptsNull);
  });
});

describe('§2 records: value rules', () => {
  it.each([
    ['date', '2024-05-01', true],
    ['date-time with Z', '2024-05-01T10:00:00Z', true],
    ['date-time with offset', '2024-05-01T10:00:00.123+05:30', true],
    ['a month only', '2024-05', false],
    ['an English date', 'May 1, 2024', false],
    ['epoch ms', 1714557600000, false],
  ])('createdAt as %s: %s', (_, value, ok) => {
    expect(workbookSchema.safeParse({ ...workbook, createdAt: value }).success).toBe(ok);
  });

  it('integers stay integers; userId and folderId are numbers', () => {
    expect(workbookSchema.safeParse({ ...workbook, id: 1.5 }).success).toBe(false);
    expect(workbookSchema.safeParse({ ...workbook, createdBy: 1.5 }).success).toBe(false);
    expect(workbookSchema.safeParse({ ...workbook, userId: 1.5, folderId: 2.5 }).success).toBe(true);
  });

  it('enums: item type, dashboard status, widget type, report kind, column format', () => {
    expect(workbookSchema.safeParse({ ...workbook, type: 'DASHBOARD' }).success).toBe(false);
    expect(dashboardSchema.safeParse({ ...dashboard, status: 'deleted' }).success).toBe(false);
    expect(dashboardWidgetSchema.safeParse({ id: 'w', type: 'CHART', position: { x: 0, y: 0, w: 1 } }).success).toBe(false);
    expect(dashboardWidgetSchema.safeParse({ id: 'w', type: 'IMAGE', position }).success).toBe(false);
    expect(reportSnapshotSchema.safeParse({ id: 1, reportId: 2, versionNumber: 3, kind: 'pie' }).success).toBe(false);
    expect(reportSnapshotSchema.safeParse({ id: 1, reportId: 2, versionNumber: 3, preferences: { columnFormats: { a: { type: 'date' } } } }).success).toBe(false);
    expect(reportSnapshotSchema.safeParse({ id: 1, reportId: 2, versionNumber: 3, preferences: { columnFormats: { a: { type: 'percent', decimalPlaces: null } } } }).success).toBe(true);
  });

  it('ReportSnapshot nested records: fillMissingRows.member and every periodComparisons field but outputs required', () => {
    const base = { id: 1, reportId: 2, versionNumber: 3 };
    expect(reportSnapshotSchema.safeParse({ ...base, fillMissingRows: { excludedDimensions: null } }).success).toBe(false);
    expect(reportSnapshotSchema.safeParse({ ...base, fillMissingRows: { member: 'm' } }).success).toBe(true);
    const comparison = { measure: 'm', timeDimension: 't', offset: { amount: 1, unit: 'month' } };
    expect(reportSnapshotSchema.safeParse({ ...base, periodComparisons: [comparison] }).success).toBe(true);
    expect(reportSnapshotSchema.safeParse({ ...base, periodComparisons: [{ ...comparison, offset: { amount: 1 } }] }).success).toBe(false);
    expect(reportSnapshotSchema.safeParse({ ...base, spec: { mark: 'bar' } }).success).toBe(true);
    expect(reportSnapshotSchema.safeParse({ ...base, spec: 3 }).success).toBe(false);
  });

  it('DashboardAppSource.entry is at most 255 characters; layout keys are integers or null', () => {
    expect(dashboardAppSourceSchema.safeParse({ entry: 'a'.repeat(255) }).success).toBe(true);
    expect(dashboardAppSourceSchema.safeParse({ entry: 'a'.repeat(256) }).success).toBe(false);
    expect(dashboardAppSourceSchema.safeParse({ manifest: { dependencies: null, version: null } }).success).toBe(true);
    expect(dashboardConfigSchema.safeParse({ layout: { cols: { lg: 12, md: null }, rowHeight: 40 } }).success).toBe(true);
    expect(dashboardConfigSchema.safeParse({ layout: { cols: { lg: 'wide' } } }).success).toBe(false);
  });

  it('control-plane records: Deployment keeps fields the spec does not show, Environment needs its credentials', () => {
    const parsed = deploymentSchema.parse({ id: '42', name: 'P', created_at: '2024-05-01T00:00:00Z', region: 'eu' });
    expect(parsed.region).toBe('eu');
    expect(deploymentSchema.safeParse({ id: 42, name: 'P', created_at: '2024-05-01T00:00:00Z' }).success).toBe(false);
    const environment = { id: 'e', name: 'E', type: 'staging', api_credentials: { rest: { url: 'u' }, sql: { host: 'h', port: 5432 } } };
    expect(environmentSchema.safeParse(environment).success).toBe(true);
    expect(environmentSchema.safeParse({ ...environment, type: 'preview' }).success).toBe(false);
    expect(environmentSchema.safeParse({ ...environment, api_credentials: { rest: { url: 'u' } } }).success).toBe(false);
  });

  it('export job: expiresAt as an ISO date-time or epoch ms; poll status is open-ended, error optional', () => {
    expect(expiresAtMs(dashboardExportJobSchema.parse({ jobId: 'j', expiresAt: '2024-05-01T10:05:00Z' }))).toBe(Date.UTC(2024, 4, 1, 10, 5));
    expect(expiresAtMs(dashboardExportJobSchema.parse({ jobId: 'j', expiresAt: 1714557900000 }))).toBe(1714557900000);
    expect(dashboardExportJobSchema.safeParse({ jobId: 'j' }).success).toBe(false);
    expect(dashboardExportStatusSchema.safeParse({ status: 'rendering' }).success).toBe(true);
    expect(dashboardExportStatusSchema.safeParse({ status: 'failed', error: 'boom' }).success).toBe(true);
    expect(dashboardExportStatusSchema.safeParse({ error: 'boom' }).success).toBe(false);
  });
});
