import { randomBytes } from 'node:crypto';

/**
 * An unguessable identifier with a readable prefix, such as `ses_Q2x...` or `tok_9fA...`.
 * @param {string} prefix
 * @param {number} [bytes]
 */
export function randomId(prefix, bytes = 18) {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}
