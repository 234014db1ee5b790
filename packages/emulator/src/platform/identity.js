import { requireApiKey, requireDeploymentScope } from '../api-key-auth.js';
import { HttpError } from '../http-io.js';
import { platformState } from './state.js';

/**
 * @typedef {import('../options.js').ApiKey & { user?: string, expiresAt?: number }} PlatformApiKey
 * Platform routes read two optional fields of an API key: `user` (the e-mail of the console user
 * the key acts as; default the owner) and `expiresAt` (epoch ms; from then on the key gets 401).
 */

/**
 * @typedef {object} Caller
 * @property {PlatformApiKey} key
 * @property {import('./seed/users.js').ConsoleUser} user
 * @property {import('./state.js').PlatformState} state
 */

/**
 * Authenticates a platform request: 401 when the credential is missing, malformed, unknown or
 * expired, or names a user that does not exist or is deactivated.
 * @param {import('../router.js').RouteContext} context
 * @returns {Caller}
 */
export function authenticate({ req, emulator }) {
  const key = /** @type {PlatformApiKey} */ (requireApiKey(req, emulator.options.apiKeys));
  const state = platformState(emulator);
  if (key.expiresAt !== undefined && state.clock.now() >= key.expiresAt) throw new HttpError(401, 'this API key has expired; create a new one');
  const email = key.user ?? /** @type {import('./seed/users.js').ConsoleUser} */ (state.users[0]).email;
  const user = state.users.find((candidate) => candidate.email === email);
  if (!user || !user.active) throw new HttpError(401, `the user of this API key (${email}) is unknown or deactivated`);
  return { key, user, state };
}

/**
 * Authenticates, then checks the deployment of the path: 403 when the key is scoped to other
 * deployments, 404 when it does not exist.
 * @param {import('../router.js').RouteContext} context
 * @returns {Caller & { deployment: import('./seed/deployments.js').DeploymentRecord }}
 */
export function authorizeDeployment(context) {
  const caller = authenticate(context);
  const raw = context.params.deploymentId ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id <= 0) throw new HttpError(404, `no deployment ${JSON.stringify(raw)}; deployment ids are positive integers`);
  requireDeploymentScope(caller.key, id);
  const deployment = caller.state.deployments.get(id);
  if (!deployment) throw new HttpError(404, `deployment ${id} does not exist`);
  return { ...caller, deployment };
}

/**
 * 403 unless the caller's user holds `permission` (administrators do not get it implicitly).
 * @param {Caller} caller @param {string} permission
 */
export function requirePermission(caller, permission) {
  if (!caller.user.permissions.includes(permission))
    throw new HttpError(403, `this needs the ${permission} permission, which ${caller.user.email} does not have`);
}
