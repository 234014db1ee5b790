import type { Viewer } from '../endpoint-options.js';
import { EndpointError } from '../errors.js';
import type { ResolvedOptions } from '../resolve-options.js';
import { mintVerdict } from '../ledger/mint-window.js';
import { errorResponse, jsonResponse, noContentResponse } from './responses.js';
import { logoutViewer, revokeClaimed, type RevocationParts } from '../ledger/revocation.js';

/** Runs one store call; its failure becomes `store-unavailable` with the endpoint's own message. */
async function fromStore<T>(options: RevocationParts, viewerId: string, call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    options.report(error, { code: 'store-unavailable', viewerId });
    throw new EndpointError('store-unavailable', message, { cause: error });
  }
}

/**
 * `POST <path>`: counts the mint against the viewer's limit, mints, records the id in the viewer's
 * ledger, and only then answers `{ sessionId }`. An id that could not be recorded is revoked at once
 * and never handed out (503).
 */
export async function mintRoute<V extends Viewer>(options: ResolvedOptions<V>, viewer: V): Promise<Response> {
  const now = options.now();
  const { mintsPerWindow, mintWindowMs, sessionLifetimeMs } = options.limits;
  const counted = await fromStore(options, viewer.id, () => options.store.countMint({ viewerId: viewer.id, now, windowMs: mintWindowMs }), 'the session store is unavailable: no id was minted; try again shortly');
  const verdict = mintVerdict(counted, { now, windowMs: mintWindowMs, mintsPerWindow });
  if (verdict.kind === 'refused') {
    const seconds = verdict.retryAfterSeconds;
    return errorResponse('mint-limit', `too many session ids for this viewer: at most ${mintsPerWindow} in ${mintWindowMs / 1000} s; try again in ${seconds} s`, { 'Retry-After': String(seconds) });
  }
  const sessionId = await mintFor(options, viewer);
  try {
    await options.store.add(viewer.id, sessionId, now + sessionLifetimeMs);
  } catch (error) {
    options.report(error, { code: 'store-unavailable', viewerId: viewer.id, sessionId });
    await revokeUnrecorded(options, viewer.id, sessionId);
    return errorResponse('store-unavailable', 'the session store is unavailable: the new id could not be recorded, so it was revoked and not handed out; try again shortly');
  }
  return jsonResponse(200, { sessionId });
}

async function mintFor<V extends Viewer>(options: ResolvedOptions<V>, viewer: V): Promise<string> {
  let sessionId: unknown;
  try {
    sessionId = await options.mint(viewer);
  } catch (error) {
    options.report(error, { code: 'mint-failed', viewerId: viewer.id });
    throw new EndpointError('mint-failed', 'the service did not mint a session id; try again later');
  }
  if (typeof sessionId !== 'string' || sessionId.length === 0) {
    options.report(new TypeError(`mint() resolved to ${typeof sessionId}, not a session id string`), { code: 'mint-failed', viewerId: viewer.id });
    throw new EndpointError('mint-failed', 'the service did not mint a session id; try again later');
  }
  return sessionId;
}

/** Revokes an id that was minted but not recorded; a failure is reported (the id is never handed out, and lapses unredeemed). */
async function revokeUnrecorded(options: RevocationParts, viewerId: string, sessionId: string): Promise<void> {
  try {
    await options.revoke(sessionId);
  } catch (error) {
    options.report(error, { code: 'revoke-failed', viewerId, sessionId });
  }
}

/**
 * `DELETE <path>/<id>`: revokes the id only if this viewer's ledger holds it. Another viewer's id, or
 * an unknown one, answers 404 and the service is never called.
 */
export async function revokeRoute(options: RevocationParts, viewer: Viewer, sessionId: string): Promise<Response> {
  const claimed = await fromStore(options, viewer.id, () => options.store.claim(viewer.id, sessionId), 'the session store is unavailable: nothing was revoked; try again shortly');
  if (!claimed) return errorResponse('unknown-session', "no such session id in this viewer's ledger (already revoked, expired, or never minted here)");
  const { outcome } = await revokeClaimed(options, viewer.id, sessionId);
  if (outcome === 'failed') return errorResponse('revoke-failed', 'the service did not revoke the session id; it stays in the ledger, so the next logout tries again');
  return noContentResponse();
}

/** `POST <path>/logout`: revokes every id of the viewer's ledger; answers `{ revoked, failed }`. */
export async function logoutRoute(options: RevocationParts, viewer: Viewer): Promise<Response> {
  return jsonResponse(200, await logoutViewer(options, viewer.id));
}
