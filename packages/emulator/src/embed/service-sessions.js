import { randomId } from '../random-id.js';
import { createSessionIndex } from './session-index.js';
import { createSessionLogs } from './session-logs.js';
import { describeRecord } from './session-record.js';

/**
 * @typedef {import('./session-record.js').SessionClaims} SessionClaims
 * @typedef {import('./session-record.js').SessionRecord} SessionRecord
 * @typedef {import('./session-logs.js').MintEntry} MintEntry
 * @typedef {import('./session-logs.js').ExchangeEntry} ExchangeEntry
 * @typedef {import('./session-logs.js').RevocationEntry} RevocationEntry
 * @typedef {'unknown' | 'redeemed' | 'expired' | 'revoked'} ExchangeRefusal
 */

/**
 * The lifetimes the service's sessions apply and the clock it reads.
 * @typedef {{ clock: { now(): number }, sessionIdLifetimeMs: number, sessionLifetimeMs: number, trustMarginMs: number }} SessionConfig
 */

/** The parts every rule of the service's sessions works on. @typedef {{ config: SessionConfig, index: import('./session-index.js').SessionIndex, logs: import('./session-logs.js').SessionLogs }} SessionsParts */

/**
 * Why an id cannot be exchanged at `now`, or undefined when it can: revoked wins, then a redeemed
 * id (ids are single use), then an expired one.
 * @param {SessionRecord | undefined} record @param {number} now
 * @returns {ExchangeRefusal | undefined}
 */
function exchangeRefusal(record, now) {
  if (!record) return 'unknown';
  if (record.revokedAt !== undefined) return 'revoked';
  if (record.redeemedAt !== undefined) return 'redeemed';
  return now >= record.idExpiresAt ? 'expired' : undefined;
}

/** Where the emulator mints an id: a single-use session id for the claims, logged. @param {SessionsParts} parts @param {SessionClaims} claims */
function mintId({ config, index, logs }, claims) {
  const now = config.clock.now();
  /** @type {SessionRecord} */
  const record = { sessionId: randomId('ses'), claims, mintedAt: now, idExpiresAt: now + config.sessionIdLifetimeMs };
  index.add(record);
  logs.mints.push({ sessionId: record.sessionId, at: now, deploymentId: claims.deploymentId, externalId: claims.externalId, internalId: claims.internalId });
  return record;
}

/**
 * Where the emulator exchanges an id: at most once, within the id's lifetime, unless revoked; every
 * attempt logged. The token's session lives `sessionLifetimeMs`, trusted until `trustMarginMs` before.
 * @param {SessionsParts} parts @param {string} sessionId
 * @returns {{ ok: true, record: SessionRecord } | { ok: false, reason: ExchangeRefusal }}
 */
function exchangeId({ config, index, logs }, sessionId) {
  const now = config.clock.now();
  const record = index.byId(sessionId);
  const reason = exchangeRefusal(record, now);
  logs.exchanges.push({ sessionId, at: now, ok: reason === undefined, ...(reason ? { reason } : {}) });
  if (reason || !record) return { ok: false, reason: reason ?? 'unknown' };
  record.redeemedAt = now;
  record.token = randomId('tok', 24);
  record.expiresAt = now + config.sessionLifetimeMs;
  record.usableUntil = record.expiresAt - config.trustMarginMs;
  index.addToken(record);
  return { ok: true, record };
}

/**
 * Where the emulator revokes an id: a pending id can no longer be exchanged, a redeemed one's token
 * stops working. Idempotent; every request logged.
 * @param {SessionsParts} parts @param {string} sessionId
 * @returns {'revoked' | 'already-revoked' | 'unknown'}
 */
function revokeId({ config, index, logs }, sessionId) {
  const now = config.clock.now();
  const record = index.byId(sessionId);
  /** @type {'revoked' | 'already-revoked' | 'unknown'} */
  const result = !record ? 'unknown' : record.revokedAt !== undefined ? 'already-revoked' : 'revoked';
  if (record && result === 'revoked') record.revokedAt = now;
  logs.revocations.push({ sessionId, at: now, result });
  return result;
}

/**
 * Makes the token issued for this id lapse now (the nominal and the usable expiry); false for an id
 * that was never redeemed.
 * @param {SessionsParts} parts @param {string} sessionId
 */
function expireNow({ config, index }, sessionId) {
  const record = index.byId(sessionId);
  if (!record || record.redeemedAt === undefined) return false;
  const now = config.clock.now();
  record.expiresAt = Math.min(/** @type {number} */ (record.expiresAt), now);
  record.usableUntil = Math.min(/** @type {number} */ (record.usableUntil), now);
  return true;
}

/**
 * Checks a session token as the data endpoints do.
 * @param {import('./session-index.js').SessionIndex} index @param {string | undefined} token
 * @returns {{ ok: true, record: SessionRecord } | { ok: false, reason: 'missing' | 'unknown' | 'expired' | 'revoked' }}
 */
function authorizeToken(index, token) {
  if (!token) return { ok: false, reason: 'missing' };
  const record = index.byToken(token);
  if (!record) return { ok: false, reason: 'unknown' };
  const status = index.statusOf(record);
  return status === 'redeemed' ? { ok: true, record } : { ok: false, reason: status === 'revoked' ? 'revoked' : 'expired' };
}

/**
 * Session ids, tokens and their logs: the embed half's state. Every rule reads `clock.now()`, so
 * tests move time by hand.
 * @param {SessionConfig} config
 */
export function createServiceSessions(config) {
  const index = createSessionIndex(config.clock);
  const logs = createSessionLogs();
  const parts = { config, index, logs };
  return {
    /** Mints a single-use session id for the claims. @param {SessionClaims} claims */
    mint: (claims) => mintId(parts, claims),
    /** Redeems an id for a token: at most once, within the id's lifetime, unless revoked. @param {string} sessionId */
    exchange: (sessionId) => exchangeId(parts, sessionId),
    /** Revokes an id (idempotent). @param {string} sessionId */
    revoke: (sessionId) => revokeId(parts, sessionId),
    /** Checks a session token as the data endpoints do. @param {string | undefined} token */
    authorizeToken: (token) => authorizeToken(index, token),
    /** Makes the token issued for this id lapse now, for "expire now" buttons and tests. @param {string} sessionId */
    expireNow: (sessionId) => expireNow(parts, sessionId),
    /** @param {string} sessionId */
    get: (sessionId) => index.byId(sessionId),
    /** @param {string} sessionId */
    describe(sessionId) {
      const record = index.byId(sessionId);
      return record && describeRecord(record, index.statusOf(record));
    },
    /** Every record, described, oldest first. */
    list: () => index.all().map((record) => describeRecord(record, index.statusOf(record))),
    statusOf: index.statusOf,
    mints: logs.mints,
    exchanges: logs.exchanges,
    revocations: logs.revocations,
  };
}

/** @typedef {ReturnType<typeof createServiceSessions>} ServiceSessions */
