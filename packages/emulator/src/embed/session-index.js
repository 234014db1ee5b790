import { sessionStatus } from './session-record.js';

/** Records kept before old, dead ones are pruned (bounds memory in a long-running emulator). */
const MAX_RECORDS = 10_000;

/**
 * The service sessions' records, by id and by token, with their status on the clock. Adding a record
 * to a full index first drops the oldest records that are neither pending nor redeemed.
 * @param {{ now(): number }} clock
 */
export function createSessionIndex(clock) {
  /** @type {Map<string, import('./session-record.js').SessionRecord>} */
  const byId = new Map();
  /** @type {Map<string, import('./session-record.js').SessionRecord>} */
  const byToken = new Map();

  /** @param {import('./session-record.js').SessionRecord} record @returns {import('./session-record.js').SessionStatus} */
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
    statusOf,
    /** @param {import('./session-record.js').SessionRecord} record */
    add(record) {
      prune();
      byId.set(record.sessionId, record);
    },
    /** The record's token was issued: it finds the record from now on. @param {import('./session-record.js').SessionRecord} record */
    addToken(record) {
      if (record.token) byToken.set(record.token, record);
    },
    /** @param {string} sessionId */
    byId: (sessionId) => byId.get(sessionId),
    /** @param {string} token */
    byToken: (token) => byToken.get(token),
    /** Every record, oldest first. */
    all: () => [...byId.values()],
  };
}

/** @typedef {ReturnType<typeof createSessionIndex>} SessionIndex */
