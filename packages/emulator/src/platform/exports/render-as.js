import { HttpError } from '../../http-io.js';
import { isObject } from '../request-parts.js';
import { rowFilterOf } from './row-security.js';

const TENANT_NAME = /^[a-z][a-z0-9-]{3,34}[a-z0-9]$/;

/**
 * @typedef {object} RenderTarget
 * @property {string} identity Whose concurrency budget the job uses.
 * @property {Record<string, string | number>} rowFilter
 * @property {() => void} commit Creates the embed subject when it does not exist yet (identity only).
 */

/** @param {Record<string, unknown>} input */
function overrides(input) {
  const { groups, userAttributes, securityContext } = input;
  if (groups !== undefined && !(Array.isArray(groups) && groups.every((group) => typeof group === 'string')))
    throw new HttpError(400, 'renderAs.groups must be an array of strings');
  if (userAttributes !== undefined && !(Array.isArray(userAttributes) && userAttributes.every((item) => isObject(item) && typeof item.name === 'string' && 'value' in item)))
    throw new HttpError(400, 'renderAs.userAttributes must be an array of { name, value }');
  if (securityContext !== undefined && !isObject(securityContext)) throw new HttpError(400, 'renderAs.securityContext must be a JSON object');
  return {
    userAttributes: /** @type {Array<{ name: string, value: unknown }> | undefined} */ (userAttributes),
    securityContext: /** @type {Record<string, unknown> | undefined} */ (securityContext),
  };
}

/**
 * Whom an export renders as. Without `renderAs`: the caller, with their stored attributes. With
 * it (administrators only, else 403): a console user by `email` (404 when unknown or deactivated)
 * or an embed subject by `externalId` and optional `embedTenantName` (404 for an unknown tenant,
 * 403 when the tenant does not have the workbook shared). `groups`, `userAttributes` and
 * `securityContext` shape this render's row filter only and are never stored.
 * @param {import('../identity.js').Caller} caller
 * @param {unknown} renderAs
 * @param {number} workbookId
 * @returns {RenderTarget}
 */
export function resolveRenderAs(caller, renderAs, workbookId) {
  const { state, user } = caller;
  if (renderAs === undefined)
    return { identity: `console:${user.email}`, rowFilter: rowFilterOf({ stored: user.attributes }), commit: () => {} };
  if (!user.admin) throw new HttpError(403, `renderAs needs an account administrator; ${user.email} is not one`);
  if (!isObject(renderAs)) throw new HttpError(400, 'renderAs must be a JSON object');
  const input = /** @type {Record<string, unknown>} */ (renderAs);
  const extra = overrides(input);
  if (input.kind === 'console') {
    if (typeof input.email !== 'string') throw new HttpError(400, 'renderAs.email is required for a console user');
    const target = state.users.find((candidate) => candidate.email === input.email);
    if (!target || !target.active) throw new HttpError(404, `console user ${input.email} does not exist or is deactivated`);
    return { identity: `console:${target.email}`, rowFilter: rowFilterOf({ stored: target.attributes, ...extra }), commit: () => {} };
  }
  if (input.kind !== 'embed') throw new HttpError(400, 'renderAs.kind must be console or embed');
  if (typeof input.externalId !== 'string' || input.externalId.trim() === '') throw new HttpError(400, 'renderAs.externalId is required for an embed user');
  const externalId = input.externalId.trim().toLowerCase();
  const tenantName = input.embedTenantName ?? null;
  if (tenantName !== null) {
    if (typeof tenantName !== 'string' || !TENANT_NAME.test(tenantName)) throw new HttpError(400, 'renderAs.embedTenantName must match ^[a-z][a-z0-9-]{3,34}[a-z0-9]$');
    const tenant = state.embedTenants.find((candidate) => candidate.name === tenantName);
    if (!tenant) throw new HttpError(404, `embed tenant ${tenantName} does not exist`);
    if (!tenant.sharedWorkbookIds.includes(workbookId)) throw new HttpError(403, `workbook ${workbookId} is not shared with embed tenant ${tenantName}`);
  }
  const key = `${tenantName ?? ''}:${externalId}`;
  return {
    identity: `embed:${key}`,
    rowFilter: rowFilterOf(extra),
    commit: () => {
      if (!state.embedUsers.has(key)) state.embedUsers.set(key, { externalId, embedTenantName: tenantName, createdAt: state.clock.now() });
    },
  };
}
