import { randomBytes } from 'node:crypto';
import { seedAuditEvents } from './seed/audit.js';
import { seedDeployments } from './seed/deployments.js';
import { seedEmbedTenants, seedUsers } from './seed/users.js';
import { seedDashboards, seedWorkspace } from './seed/workspace.js';

/**
 * Settings of the platform routes that tests and tools may change at any time.
 * @typedef {object} PlatformSettings
 * @property {number} exportConcurrency Export jobs in flight per rendered-as identity before 429 (default 2).
 * @property {number} exportRenderMs Time a job renders, on the emulator's clock (default 2000).
 * @property {number} exportLifetimeMs Time from submission until a job is dropped (5 minutes, §8).
 * @property {boolean} auditLogFeature The account is on the plan tier with audit logs (default true).
 * @property {boolean} restrictDataDownload The account restricts data downloads (default false).
 */

/**
 * The emulated account behind the platform routes: users, deployments, workspace, dashboards,
 * audit events and export jobs. Every time rule reads `clock.now()`.
 * @param {{ now(): number }} clock
 */
export function createPlatformState(clock) {
  const now = clock.now();
  /** @type {PlatformSettings} */
  const settings = { exportConcurrency: 2, exportRenderMs: 2000, exportLifetimeMs: 5 * 60_000, auditLogFeature: true, restrictDataDownload: false };
  const auditEvents = seedAuditEvents(now);
  let auditSequence = auditEvents.length;
  return {
    clock,
    settings,
    users: seedUsers(),
    embedTenants: seedEmbedTenants(),
    /** Embed subjects created by exports rendered as them: identity only, never attributes. @type {Map<string, { externalId: string, embedTenantName: string | null, createdAt: number }>} */
    embedUsers: new Map(),
    deployments: new Map(seedDeployments(now).map((deployment) => [deployment.id, deployment])),
    /** Workspace items by `TYPE:id`. */
    items: new Map(seedWorkspace(now).map((item) => [`${item.type}:${item.id}`, item])),
    dashboards: seedDashboards(),
    auditEvents,
    /** Export jobs by id; dropped at `expiresAt`. @type {Map<string, import('./exports/export-job.js').ExportJob>} */
    exportJobs: new Map(),
    /** Secret that signs metadata tokens. */
    jwtSecret: randomBytes(32),
    /**
     * Appends an audit event stamped with the clock.
     * @param {string} eventName @param {string} userEmail @param {Record<string, unknown>} data
     */
    recordAudit(eventName, userEmail, data) {
      auditSequence += 1;
      auditEvents.push({ id: `evt_${String(auditSequence).padStart(5, '0')}`, at: clock.now(), eventName, userEmail, data });
    },
  };
}

/** @typedef {ReturnType<typeof createPlatformState>} PlatformState */

/**
 * Where an emulator's handle and its route context hold the platform half's state, which
 * `createEmulator` makes when it starts; read it with {@link platformState}.
 */
export const PLATFORM_STATE = Symbol('svc-embed emulator platform state');

/**
 * The platform state of an emulator: pass the handle `createEmulator` returned, or a route
 * handler's `emulator` context. Each emulator has its own, seeded when it starts.
 * @param {{ [PLATFORM_STATE]: PlatformState }} emulator
 * @returns {PlatformState}
 * @example
 * const emulator = await createEmulator({ clock });
 * platformState(emulator).settings.exportConcurrency = 1;
 */
export function platformState(emulator) {
  return emulator[PLATFORM_STATE];
}
