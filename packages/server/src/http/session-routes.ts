/**
 * The three routes, each the ledger's process for it (revocation/) turned into an answer.
 * `POST <path>`: the mint limit, the mint, the record, then `{ sessionId }`.
 * `DELETE <path>/<id>`: the viewer's own id revoked (204), or 404 without calling the service.
 * `POST <path>/logout`: the viewer's sign-out, answered as the contract's `LogoutAnswer`.
 */
import { ENDPOINT_CODES, type LogoutAnswer, type MintAnswer, type PageSessionAnswer } from '@svc-embed/protocol/session-endpoint';
import type { Viewer } from '../endpoint-options.js';
import { EndpointError } from '../errors.js';
import { mintVerdict } from './mint-window.js';
import { recordMint, type MintRecord } from '../revocation/record-mint.js';
import { revokeOne } from '../revocation/revoke-one.js';
import { signOutViewer } from '../revocation/sign-out.js';
import { storeCall } from '../revocation/store-call.js';
import type { EndpointDeps } from '../endpoint-deps.js';
import type { MintRefusal } from '../metrics/endpoint-figures.js';
import { errorResponse, jsonResponse, noContentResponse } from './responses.js';

/**
 * `POST <path>`: counts the attempt against the viewer's limit (and reads their sign-out moment),
 * mints, records the id in the viewer's ledger, and only then answers `{ sessionId }`. An id that
 * could not be recorded, or was minted across a sign-out, is revoked and never handed out.
 */
export async function mintRoute<V extends Viewer>(deps: EndpointDeps<V>, viewer: V): Promise<Response> {
  const minted = await mintRecorded(deps, viewer);
  return minted.kind === 'minted' ? jsonResponse(200, minted.answer) : minted.response;
}

/**
 * `endpoint.mintForPage`: the mint route's process (the same limit, sign-out moment and record
 * before the id is handed out) for a page being rendered: the {@link PageSessionAnswer}, or `null`
 * for a refused mint (the page renders without an id; the browser mints through the route, whose
 * answer says why). A failure of the store or the service throws, as in the route.
 */
export async function mintPageSession<V extends Viewer>(deps: EndpointDeps<V>, viewer: V): Promise<PageSessionAnswer | null> {
  const minted = await mintRecorded(deps, viewer);
  if (minted.kind !== 'minted') return null;
  return { ...minted.answer, mintedAt: minted.at, expiresAt: minted.at + deps.limits.redemptionWindowMs };
}

/** A mint handed out (its answer, and the time read before it was minted), or the answer that refused it. */
type MintResult = { kind: 'minted'; answer: MintAnswer; at: number } | { kind: 'refused'; response: Response };

/** The limit, the mint, the record: what the mint route and `mintForPage` share. */
async function mintRecorded<V extends Viewer>(deps: EndpointDeps<V>, viewer: V): Promise<MintResult> {
  const now = deps.now();
  const { mintsPerWindow, mintWindowMs } = deps.limits;
  const count = await storeCall(deps, { viewerId: viewer.id, message: 'the session store is unavailable: no id was minted; try again shortly' }, () =>
    deps.store.countMint({ viewerId: viewer.id, now, windowMs: mintWindowMs })).catch(countedRefusal(deps, ENDPOINT_CODES.storeUnavailable));
  const verdict = mintVerdict(count, { now, windowMs: mintWindowMs, mintsPerWindow });
  if (verdict.kind === 'refused') {
    deps.metrics.mint(ENDPOINT_CODES.mintLimit);
    const seconds = verdict.retryAfterSeconds;
    const response = errorResponse(ENDPOINT_CODES.mintLimit, `too many session ids for this viewer: at most ${mintsPerWindow} in ${mintWindowMs / 1000} s; try again in ${seconds} s`, { 'Retry-After': String(seconds) });
    return { kind: 'refused', response };
  }
  const sessionId = await mintAtService(deps, viewer).catch(countedRefusal(deps, ENDPOINT_CODES.mintFailed));
  const record = await recordMint(deps, { viewerId: viewer.id, sessionId, signOutsSeen: count.signOuts });
  deps.metrics.mint(record.kind === 'recorded' ? 'minted' : mintRefusalOf(record.kind));
  const answer: MintAnswer = { sessionId, viewer: deps.viewerTag(viewer.id) };
  if (record.kind === 'recorded') return { kind: 'minted', answer, at: now };
  return { kind: 'refused', response: refusedMint(record) };
}

/** A rejection handler that counts the mint request as refused for `refusal`, then rethrows. */
function countedRefusal(deps: EndpointDeps, refusal: MintRefusal): (error: unknown) => never {
  return (error) => {
    deps.metrics.mint(refusal);
    throw error;
  };
}

/** The refusal a minted id that is not handed out counts as. */
function mintRefusalOf(kind: Exclude<MintRecord['kind'], 'recorded'>): MintRefusal {
  return kind === 'unrecorded' ? ENDPOINT_CODES.storeUnavailable : ENDPOINT_CODES.signedOut;
}

/** The answer to a minted id that is not handed out, saying what became of it. */
function refusedMint(record: Exclude<MintRecord, { kind: 'recorded' }>): Response {
  const fate = record.revoked ? 'it was revoked' : 'its revocation failed and is retried by the sweep (revokePending)';
  if (record.kind === 'signed-out') {
    return errorResponse(ENDPOINT_CODES.signedOut, `the viewer signed out while this session id was being minted, so it was not handed out and ${fate}; sign in again for a new one`);
  }
  return errorResponse(ENDPOINT_CODES.storeUnavailable, `the session store is unavailable: the new id could not be recorded, so it was not handed out and ${fate}; try again shortly`);
}

/** One call of the customer's `mint`; a throw, a rejection or no id string is `mint-failed`, reported. */
async function mintAtService<V extends Viewer>(deps: EndpointDeps<V>, viewer: V): Promise<string> {
  let sessionId: unknown;
  try {
    sessionId = await deps.mint(viewer);
  } catch (error) {
    deps.report(error, { code: ENDPOINT_CODES.mintFailed, viewerId: viewer.id });
    throw new EndpointError(ENDPOINT_CODES.mintFailed, 'the service did not mint a session id; try again later');
  }
  if (typeof sessionId !== 'string' || sessionId.length === 0) {
    deps.report(new TypeError(`mint() resolved to ${typeof sessionId}, not a session id string`), { code: ENDPOINT_CODES.mintFailed, viewerId: viewer.id });
    throw new EndpointError(ENDPOINT_CODES.mintFailed, 'the service did not mint a session id; try again later');
  }
  return sessionId;
}

/**
 * `DELETE <path>/<id>`: revokes the id only if this viewer's ledger holds it. Another viewer's id,
 * or an unknown one, answers 404 and the service is never called. A 502 says what became of the id.
 */
export async function revokeRoute(deps: EndpointDeps, target: { viewerId: string; sessionId: string }): Promise<Response> {
  const refused = revocationRefused(deps, target.viewerId);
  if (refused) return refused;
  const outcome = await revokeOne(deps, target);
  if (outcome.kind === 'revoked') return noContentResponse();
  if (outcome.kind === 'absent') return errorResponse(ENDPOINT_CODES.unknownSession, "no such session id in this viewer's ledger (already revoked, expired, or never minted here)");
  if (outcome.kind === 'held') {
    return errorResponse(ENDPOINT_CODES.revokeFailed, 'another call (a sign-out, the sweep, another server instance) is revoking this session id, or its retry after a failure is not due yet; it stays pending and was not asked of the service again; try again later');
  }
  const fate = outcome.pending === 'released'
    ? 'it stays in the ledger as pending, and the sweep (revokePending) or a later sign-out tries again once its backoff is over'
    : `it stays in the ledger, claimed by this attempt until its lease lapses (${Math.ceil(deps.limits.revocationLeaseMs / 1000)} s), then the next sign-out or the sweep (revokePending) tries again`;
  return errorResponse(ENDPOINT_CODES.revokeFailed, `the service did not revoke the session id; ${fate}`);
}

/** `POST <path>/logout`: the viewer's sign-out, answered 200 with its `LogoutAnswer` and the viewer's tag. */
export async function logoutRoute(deps: EndpointDeps, viewerId: string): Promise<Response> {
  const refused = revocationRefused(deps, viewerId);
  if (refused) return refused;
  const answer: LogoutAnswer = { ...(await signOutViewer(deps, viewerId)), viewer: deps.viewerTag(viewerId) };
  return jsonResponse(200, answer);
}

/** The 429 of a viewer past `limits.revocationsPerWindow` (counted on this instance), or `null` to go on. */
function revocationRefused(deps: EndpointDeps, viewerId: string): Response | null {
  const verdict = deps.revocationCounter.count(viewerId, deps.now());
  if (verdict.kind === 'allowed') return null;
  const { revocationsPerWindow, revocationWindowMs } = deps.limits;
  const seconds = verdict.retryAfterSeconds;
  return errorResponse(
    ENDPOINT_CODES.revocationLimit,
    `too many sign-outs and revocations for this viewer: at most ${revocationsPerWindow} in ${revocationWindowMs / 1000} s; nothing was revoked by this request; try again in ${seconds} s`,
    { 'Retry-After': String(seconds) },
  );
}
