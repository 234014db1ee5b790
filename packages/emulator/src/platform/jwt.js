import { createHmac } from 'node:crypto';

/** @param {unknown} value */
const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An HS256 JSON Web Token of `claims`.
 * @param {Record<string, unknown>} claims
 * @param {Buffer} secret
 */
export function signJwt(claims, secret) {
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
