import { randomId } from '../random-id.js';
import { describeRecord, sessionStatus } from './session-record.js';

/**
 * @typedef {import('./session-record.js').SessionClaims} SessionClaims
 * @typedef {import('./session-record.js').SessionRecord} SessionRecord
 * @typedef {import('./session-record.js').SessionStatus} SessionStatus
 */

/** Records kept before old, dead ones are pruned (bounds memory in a long-running emulator). */
const MAX_RECORDS = 10_000;

/**
 * One successful mint, in order of minting.
 * @typedef {object} MintEntry
 * @property {string} sessionId the id minted
 * @property {number} at when, epoch ms (the emulator's clock)
 * @property {number} deploymentId the deployment it was minted for
 * @property {string | undefined} externalId the viewer's external id, when given
 * @property {string | undefined} internalId the viewer's internal id, when given
 */

/**
 * One exchange attempt of an id for a session token (the embed's `set-session` or first load).
 * @typedef {object} ExchangeEntry
 * @property {string} sessionId the id presented
 * @property {number} at when, epoch ms
 * @property {boolean} ok whether it was exchanged
 * @property {'unknown' | 'redeemed' | 'expired' | 'revoked'} [reason] why not, when `ok` is false
 */

/**
 * One revocation request (`DELETE /api/v1/embed/sessions/:id`).
 * @typedef {object} RevocationEntry
 * @property {string} sessionId the id to revoke
 * @property {number} at when, epoch ms
 * @property {'revoked' | 'already-revoked' | 'unknown'} result what became of it
 */

/**
 * Session ids, tokens and their logs. Every rule reads `clock.now()`, so tests move time by hand.
 * @param {{ clock: { now(): number }, sessionIdLifetimeMs: number, sessionLifetimeMs: number, trustMarginMs: number }} config
 */
export function createSessionStore(config) {
  const { clock } = config;
  /** @type {Map<string, SessionRecord>} */
  const byId = new Map();
  /** @type {Map<string, SessionRecord>} */
  const byToken = new Map();
  /** @type {MintEntry[]} Every successful mint, in order. */
  const mints = [];
  /** @type {ExchangeEntry[]} Every exchange attempt, in order. */
  const exchanges = [];
  /** @type {RevocationEntry[]} Every revocation request, in order. */
  const revocations = [];

  /** @param {SessionRecord} record @returns {SessionStatus} */
  const statusOf = (record) => sessionStatus(record, clock.now());

  function prune() {
    if (byId.size < MAX_RECORDS) return;
    for (const record of byId.values()) {
      if (byId.size < MAX_RECORDS * 0.9) break;
      if (statusOf(record) === 'pending' || statusOf(record) === 'redeemed') continue;
      byId.delete(record.sessionId);
      if (record.token) byToken.delete(record.token);
    }
  }

  return {
    /**
     * Mints a single-use session id for the claims.
     * @param {SessionClaims} claims
     */
    mint(claims) {
      prune();
      const now = clock.now();
      /** @type {SessionRecord} */
      const record = { sessionId: randomId('ses'), claims, mintedAt: now, idExpiresAt: now + config.sessionIdLifetimeMs };
      byId.set(record.sessionId, record);
      mints.push({ sessionId: record.sessionId, at: now, deploymentId: claims.deploymentId, externalId: claims.externalId, internalId: claims.internalId });
      return record;
    },

    /**
     * Redeems an id for a token: at most once, within the id's lifetime, unless revoked.
     * @param {string} sessionId
     * @returns {{ ok: true, record: SessionRecord } | { ok: false, reason: 'unknown' | 'redeemed' | 'expired' | 'revoked' }}
     */
    exchange(sessionId) {
      const now = clock.now();
      const record = byId.get(sessionId);
      /** @type {'unknown' | 'redeemed' | 'expired' | 'revoked' | undefined} */
      let reason;
      if (!record) reason = 'unknown';
      else if (record.revokedAt !== undefined) reason = 'revoked';
      else if (record.redeemedAt !== undefined) reason = 'redeemed';
      else if (now >= record.idExpiresAt) reason = 'expired';
      exchanges.push({ sessionId, at: now, ok: reason === undefined, ...(reason ? { reason } : {}) });
      if (reason || !record) return { ok: false, reason: reason ?? 'unknown' };
      record.redeemedAt = now;
      record.token = randomId('tok', 24);
      record.expiresAt = now + config.sessionLifetimeMs;
      record.usableUntil = record.expiresAt - config.trustMarginMs;
      byToken.set(record.token, record);
      return { ok: true, record };
    },

    /**
     * Revokes an id: a pending id can no longer be exchanged, a redeemed one's token stops working.
     * Idempotent.
     * @param {string} sessionId
     * @returns {'revoked' | 'already-revoked' | 'unknown'}
     */
    revoke(sessionId) {
      const now = clock.now();
      const record = byId.get(sessionId);
      /** @type {'revoked' | 'already-revoked' | 'unknown'} */
      const result = !record ? 'unknown' : record.revokedAt !== undefined ? 'already-revoked' : 'revoked';
      if (record && result === 'revoked') record.revokedAt = now;
      revocations.push({ sessionId, at: now, result });
      return result;
    },

    /**
     * Checks a session token as the data endpoints do.
     * @param {string | undefined} token
     * @returns {{ ok: true, record: SessionRecord } | { ok: false, reason: 'missing' | 'unknown' | 'expired' | 'revoked' }}
     */
    authorizeToken(token) {
      if (!token) return { ok: false, reason: 'missing' };
      const record = byToken.get(token);
      if (!record) return { ok: false, reason: 'unknown' };
      const status = statusOf(record);
      return status === 'redeemed' ? { ok: true, record } : { ok: false, reason: status === 'revoked' ? 'revoked' : 'expired' };
    },

    /**
     * Makes the token issued for this id lapse now (the nominal and the usable expiry), for "expire
     * now" buttons and tests. Returns false for an id that was never redeemed.
     * @param {string} sessionId
     */
    expireNow(sessionId) {
      const record = byId.get(sessionId);
      if (!record || record.redeemedAt === undefined) return false;
      const now = clock.now();
      record.expiresAt = Math.min(/** @type {number} */ (record.expiresAt), now);
      record.usableUntil = Math.min(/** @type {number} */ (record.usableUntil), now);
      return true;
    },

    /** @param {string} sessionId */
    get(sessionId) {
      return byId.get(sessionId);
    },

    /** @param {string} sessionId */
    describe(sessionId) {
      const record = byId.get(sessionId);
      return record && describeRecord(record, statusOf(record));
    },

    /** Every record, described, oldest first. */
    list() {
      return [...byId.values()].map((record) => describeRecord(record, statusOf(record)));
    },

    statusOf,
    mints,
    exchanges,
    revocations,
  };
}

/** @typedef {ReturnType<typeof createSessionStore>} SessionStore */
