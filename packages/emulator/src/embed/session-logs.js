// The service sessions' logs, in order, for tests and tools: every mint, every exchange attempt and
// every revocation request (`emulator.state.mints`, `.exchanges`, `.revocations`).

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

/** Empty logs. */
export function createSessionLogs() {
  return {
    /** @type {MintEntry[]} Every successful mint, in order. */
    mints: [],
    /** @type {ExchangeEntry[]} Every exchange attempt, in order. */
    exchanges: [],
    /** @type {RevocationEntry[]} Every revocation request, in order. */
    revocations: [],
  };
}

/** @typedef {ReturnType<typeof createSessionLogs>} SessionLogs */
