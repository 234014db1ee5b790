import { timingSafeEqual } from 'node:crypto';
import { HttpError } from './http-io.js';

const SCHEME = /^(Bearer|Api-Key)[ ]+(\S+)$/i;

/** @param {string} a @param {string} b */
function sameSecret(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks the platform credential: `Authorization: Bearer <key>` (the spec) or `Api-Key <key>` (the
 * service's public docs). Returns the matching key.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('./options.js').ApiKey[]} keys
 * @throws {HttpError} 401 when the header is missing, malformed or names no known key.
 */
export function requireApiKey(req, keys) {
  const header = req.headers.authorization;
  const challenge = { 'WWW-Authenticate': 'Bearer realm="svc-embed-emulator"' };
  if (!header) throw new HttpError(401, 'missing Authorization header; send "Authorization: Bearer <api key>"', challenge);
  const match = SCHEME.exec(header.trim());
  if (!match) throw new HttpError(401, 'malformed Authorization header; expected "Bearer <api key>" or "Api-Key <api key>"', challenge);
  const secret = /** @type {string} */ (match[2]);
  const key = keys.find((candidate) => sameSecret(candidate.key, secret));
  if (!key) throw new HttpError(401, 'unknown API key', challenge);
  return key;
}

/**
 * 403 unless the key may act on the deployment (unscoped keys may act on every deployment).
 * @param {import('./options.js').ApiKey} key
 * @param {number} deploymentId
 */
export function requireDeploymentScope(key, deploymentId) {
  if (key.deployments && !key.deployments.includes(deploymentId))
    throw new HttpError(403, `this API key is not authorized for deployment ${deploymentId}`);
}
