// Type tests for @svc-embed/platform: the either/or rules of the spec are in the types, so a request
// that names both or neither alternative does not compile. Every @ts-expect-error line must fail.
import { createPlatformClient, type Workbook } from '@svc-embed/platform';

declare const client: ReturnType<typeof createPlatformClient>;

// §4.5 branchName xor branchId.
client.setStagingEnvironment(7, { enabled: true, branchName: 'feature-x' });
client.setStagingEnvironment(7, { enabled: false, branchId: 12 });
// @ts-expect-error both branchName and branchId
client.setStagingEnvironment(7, { enabled: true, branchName: 'feature-x', branchId: 12 });
// @ts-expect-error neither branchName nor branchId
client.setStagingEnvironment(7, { enabled: true });
// @ts-expect-error enabled is required
client.setStagingEnvironment(7, { branchId: 12 });

// §4.8a dashboardId xor dashboardPublicId, png or pdf.
client.submitDashboardExport(7, { dashboardId: 1, format: 'png' });
client.submitDashboardExport(7, { dashboardPublicId: 'd-42', format: 'pdf' });
// @ts-expect-error both ids
client.submitDashboardExport(7, { dashboardId: 1, dashboardPublicId: 'd-42', format: 'png' });
// @ts-expect-error svg is not an export format
client.submitDashboardExport(7, { dashboardId: 1, format: 'svg' });

// Embed session ids: externalId xor internalId.
client.generateEmbedSessionId({ deploymentId: 42, externalId: 'ada' });
client.generateEmbedSessionId({ deploymentId: 42, internalId: 'u-1' });
// @ts-expect-error both externalId and internalId
client.generateEmbedSessionId({ deploymentId: 42, externalId: 'ada', internalId: 'u-1' });
// @ts-expect-error deploymentId is required
client.generateEmbedSessionId({ externalId: 'ada' });

// §4.1 bulk move items are typed references.
client.bulkMove(7, { items: [{ type: 'WORKBOOK', id: 1 }], folderId: null });
// @ts-expect-error DASHBOARD is not a workspace item type
client.bulkMove(7, { items: [{ type: 'DASHBOARD', id: 1 }], folderId: null });

// Records are inferred from the §2 schemas: optional and nullable as specified.
declare const workbook: Workbook;
const folder: number | null | undefined = workbook.folderId;
const kind: 'FOLDER' | 'WORKBOOK' | 'REPORT' = workbook.type;
// @ts-expect-error name is a required string
const missing: undefined = workbook.name;
export { folder, kind, missing };
