// A minted session id and what became of it: the claims it was minted for, its token once
// redeemed, and its status at a given time. The service's sessions (service-sessions.js) keep the records.

/**
 * @typedef {object} SessionClaims
 * @property {number} deploymentId
 * @property {string} [externalId]
 * @property {string} [internalId]
 * @property {string} [email]
 * @property {string} [embedTenantName]
 * @property {boolean} [creatorMode]
 * @property {Array<{ name: string, value: unknown }>} [userAttributes]
 * @property {string[]} [groups]
 * @property {Record<string, unknown>} [securityContext]
 */

/**
 * @typedef {object} SessionRecord
 * @property {string} sessionId
 * @property {SessionClaims} claims
 * @property {number} mintedAt
 * @property {number} idExpiresAt When the unredeemed id stops being accepted.
 * @property {number} [redeemedAt]
 * @property {number} [revokedAt]
 * @property {string} [token] The session token issued on redemption.
 * @property {number} [expiresAt] Nominal expiry of the token.
 * @property {number} [usableUntil] When the embed stops trusting the token.
 */

/**
 * @typedef {'pending' | 'redeemed' | 'expired' | 'revoked'} SessionStatus
 * `pending`: minted, not yet exchanged, still valid; `redeemed`: exchanged and its token still valid;
 * `expired`: the id lapsed unredeemed, or its token lapsed; `revoked`: revoked through the API.
 */

/**
 * The status of a record at `now`: revoked wins; a redeemed id lives as long as its token (the
 * nominal expiry), an unredeemed one as long as the id.
 * @param {SessionRecord} record
 * @param {number} now
 * @returns {SessionStatus}
 */
export function sessionStatus(record, now) {
  if (record.revokedAt !== undefined) return 'revoked';
  if (record.redeemedAt !== undefined) return now < /** @type {number} */ (record.expiresAt) ? 'redeemed' : 'expired';
  return now < record.idExpiresAt ? 'pending' : 'expired';
}

/**
 * The public view of a record (never the token itself).
 * @param {SessionRecord} record
 * @param {SessionStatus} status
 */
export function describeRecord(record, status) {
  const { sessionId, claims, mintedAt, idExpiresAt, redeemedAt, revokedAt, expiresAt, usableUntil } = record;
  return {
    sessionId,
    status,
    deploymentId: claims.deploymentId,
    externalId: claims.externalId,
    internalId: claims.internalId,
    mintedAt,
    idExpiresAt,
    redeemedAt,
    revokedAt,
    expiresAt,
    usableUntil,
  };
}
