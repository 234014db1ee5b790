import { HttpError } from '../http-io.js';

const TENANT_NAME = /^[a-z][a-z0-9-]{3,34}[a-z0-9]$/;

/** @param {string} message */
const bad = (message) => new HttpError(400, message);

/** @param {unknown} value */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates a generate-session body as the service documents it: `deploymentId` (number, required),
 * exactly one of `externalId` (trimmed and lowercased) or `internalId`, and the optional `email`,
 * `embedTenantName`, `creatorMode`, `userAttributes`, `groups`, `securityContext`. Unknown fields
 * are ignored.
 * @param {unknown} body
 * @returns {import('./session-record.js').SessionClaims}
 * @throws {HttpError} 400 naming the first field that is wrong.
 */
export function parseSessionClaims(body) {
  if (!isObject(body)) throw bad('request body must be a JSON object');
  const input = /** @type {Record<string, unknown>} */ (body);
  const { deploymentId, externalId, internalId } = input;
  if (deploymentId === undefined) throw bad('deploymentId is required (a positive integer)');
  if (!Number.isInteger(deploymentId) || /** @type {number} */ (deploymentId) <= 0)
    throw bad(`deploymentId must be a positive integer (got ${JSON.stringify(deploymentId)})`);
  const hasExternal = externalId !== undefined && externalId !== null;
  const hasInternal = internalId !== undefined && internalId !== null;
  if (hasExternal === hasInternal) throw bad('send exactly one of externalId or internalId');
  /** @type {import('./session-record.js').SessionClaims} */
  const claims = { deploymentId: /** @type {number} */ (deploymentId) };
  if (hasExternal) {
    if (typeof externalId !== 'string' || externalId.trim() === '') throw bad('externalId must be a non-empty string');
    claims.externalId = externalId.trim().toLowerCase();
  } else {
    if (!(typeof internalId === 'string' && internalId.trim() !== '') && !Number.isInteger(internalId))
      throw bad('internalId must be a non-empty string or an integer');
    claims.internalId = String(internalId).trim();
  }
  if (input.email !== undefined) {
    if (typeof input.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(input.email)) throw bad('email must be an e-mail address');
    claims.email = input.email;
  }
  if (input.embedTenantName !== undefined) {
    if (typeof input.embedTenantName !== 'string' || !TENANT_NAME.test(input.embedTenantName))
      throw bad('embedTenantName must match ^[a-z][a-z0-9-]{3,34}[a-z0-9]$');
    claims.embedTenantName = input.embedTenantName;
  }
  if (input.creatorMode !== undefined) {
    if (typeof input.creatorMode !== 'boolean') throw bad('creatorMode must be a boolean');
    claims.creatorMode = input.creatorMode;
  }
  if (input.userAttributes !== undefined) {
    const list = input.userAttributes;
    if (!Array.isArray(list) || !list.every((item) => isObject(item) && typeof item.name === 'string' && item.name !== '' && 'value' in item))
      throw bad('userAttributes must be an array of { name, value }');
    claims.userAttributes = list.map(({ name, value }) => ({ name, value }));
  }
  if (input.groups !== undefined) {
    if (!Array.isArray(input.groups) || !input.groups.every((group) => typeof group === 'string'))
      throw bad('groups must be an array of strings');
    claims.groups = [...input.groups];
  }
  if (input.securityContext !== undefined) {
    if (!isObject(input.securityContext)) throw bad('securityContext must be a JSON object');
    claims.securityContext = /** @type {Record<string, unknown>} */ (input.securityContext);
  }
  return claims;
}
