// The sweep (revokePending) and the leases, at the endpoint on the memory store (no Redis: the fast
// tier guards them): a claim's lease keeps another instance's sweep off an id while a sign-out's or
// a DELETE's revoke is still running, and hands it over once the lease has lapsed; on the instance
// that runs the revoke, the sweep leaves it to that call even then; a failed id waits for its
// backoff; every hinted viewer is swept, however many, and their hints dropped once nothing of
// theirs waits.
import { describe, expect, it } from 'vitest';
import { createSessionEndpoint, DEFAULT_REVOKE_RETRY_MS, type SessionEndpoint, type SessionStore } from '../../src/index.js';
import { manualClock } from '../support/clock.js';
import { browserRequest, headerViewer, json, ORIGIN, PATH } from '../support/endpoint-fixture.js';
import { wholeMemoryStore } from '../support/whole-ledger.js';

const LEASE_MS = 60_000;

/**
 * A service whose revoke can be made to hang (until `release()`) or to fail; every call is recorded,
 * and `called(n)` resolves once there have been `n` calls.
 */
function slowService() {
  const calls: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const hanging: (() => void)[] = [];
  const service = {
    calls,
    hangNext: false,
    failing: false,
    minted: 0,
    mint: async (viewer: { id: string }) => `ses_${viewer.id}_${(service.minted += 1)}`,
    revoke: (sessionId: string): Promise<void> => {
      calls.push(sessionId);
      for (const waiter of waiters.filter(({ count }) => calls.length >= count)) waiter.resolve();
      if (service.failing) return Promise.reject(new Error('the service answered 503'));
      if (!service.hangNext) return Promise.resolve();
      service.hangNext = false;
      return new Promise((resolve) => hanging.push(resolve));
    },
    called: (count: number) => new Promise<void>((resolve, reject) => {
      if (calls.length >= count) resolve();
      else waiters.push({ count, resolve });
      setTimeout(() => reject(new Error(`revoke was called ${calls.length} time(s), not ${count}, within 2 s`)), 2_000).unref();
    }),
    release: () => hanging.splice(0).forEach((resolve) => resolve()),
  };
  return service;
}

function endpointOnMemory(shared: { store?: SessionStore; clock?: ReturnType<typeof manualClock> } = {}) {
  const service = slowService();
  const clock = shared.clock ?? manualClock();
  const endpoint = createSessionEndpoint({
    // A ledger whole from the start: the test's service starts with the store.
    store: shared.store ?? wholeMemoryStore(clock.now),
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: headerViewer,
    mint: service.mint,
    revoke: service.revoke,
    now: clock.now,
    limits: { revocationLeaseMs: LEASE_MS },
  });
  return { endpoint, service, clock };
}

const mintId = async (endpoint: SessionEndpoint, viewer: string): Promise<string> =>
  (await json(await endpoint.fetch(browserRequest('POST', PATH, { viewer })))).sessionId;

describe('the lease keeps the sweep off an id whose revocation is running', () => {
  it("a sign-out whose revoke hangs: another instance's revokePending before the lease ends makes no second call; after it, one", async () => {
    const clock = manualClock();
    const store = wholeMemoryStore(clock.now);
    const { endpoint, service } = endpointOnMemory({ store, clock });
    const other = endpointOnMemory({ store, clock });
    const id = await mintId(endpoint, 'ada');
    service.hangNext = true;
    const signOut = endpoint.logoutViewer('ada');
    await service.called(1);
    clock.advance(LEASE_MS - 1);
    expect(await other.endpoint.revokePending()).toEqual({ viewers: 1, revoked: 0, failed: 0, pending: 1 });
    expect(other.service.calls, 'the sweep took over an id whose lease had not lapsed').toEqual([]);
    clock.advance(1);
    expect(await other.endpoint.revokePending()).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(other.service.calls).toEqual([id]);
    service.release();
    expect(await signOut).toEqual({ revoked: [id], failed: [], pending: [], complete: true });
    expect(service.calls).toEqual([id]);
  });

  it('a sign-out whose revoke hangs past its lease: the sweep of the same instance leaves the id to that call (no second call)', async () => {
    const { endpoint, service, clock } = endpointOnMemory();
    const id = await mintId(endpoint, 'ada');
    service.hangNext = true;
    const signOut = endpoint.logoutViewer('ada');
    await service.called(1);
    clock.advance(LEASE_MS);
    expect(await endpoint.revokePending()).toEqual({ viewers: 1, revoked: 0, failed: 0, pending: 1 });
    expect(service.calls, 'the sweep called revoke again for an id whose call runs on this instance').toEqual([id]);
    service.release();
    expect(await signOut).toEqual({ revoked: [id], failed: [], pending: [], complete: true });
    expect(await endpoint.revokePending()).toEqual({ viewers: 0, revoked: 0, failed: 0, pending: 0 });
  });

  it("a DELETE whose revoke hangs: another instance's sweep leaves the id alone until the lease has lapsed, then revokes it once", async () => {
    const clock = manualClock();
    const store = wholeMemoryStore(clock.now);
    const { endpoint, service } = endpointOnMemory({ store, clock });
    const other = endpointOnMemory({ store, clock });
    const id = await mintId(endpoint, 'ada');
    service.hangNext = true;
    const deleted = endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }));
    await service.called(1);
    for (const step of [1, LEASE_MS / 2, LEASE_MS / 2 - 2]) {
      clock.advance(step);
      await other.endpoint.revokePending();
      expect(other.service.calls, `the sweep took the id over ${step} ms on, inside its lease`).toEqual([]);
    }
    clock.advance(1);
    expect(await other.endpoint.revokePending()).toMatchObject({ revoked: 1, pending: 0 });
    expect([...service.calls, ...other.service.calls]).toEqual([id, id]);
    service.release();
    expect((await deleted).status).toBe(204);
  });

  it("the sweep's own claim is leased too: a second instance's sweep leaves an id another sweep is revoking", async () => {
    const clock = manualClock();
    const store = wholeMemoryStore(clock.now);
    const first = endpointOnMemory({ store, clock });
    const second = endpointOnMemory({ store, clock });
    const id = await mintId(first.endpoint, 'ada');
    first.service.failing = true;
    await first.endpoint.logoutViewer('ada');
    clock.advance(DEFAULT_REVOKE_RETRY_MS);
    first.service.failing = false;
    first.service.hangNext = true;
    const sweeping = first.endpoint.revokePending();
    await first.service.called(2);
    clock.advance(LEASE_MS - 1);
    expect(await second.endpoint.revokePending()).toEqual({ viewers: 1, revoked: 0, failed: 0, pending: 1 });
    expect(second.service.calls, 'two sweeps revoked one id at once').toEqual([]);
    first.service.release();
    expect(await sweeping).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(first.service.calls).toEqual([id, id]);
  });

  it('a DELETE that failed releases the id after its backoff, not its lease: the sweep leaves it before, retries it after', async () => {
    const { endpoint, service, clock } = endpointOnMemory();
    const id = await mintId(endpoint, 'ada');
    service.failing = true;
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }))).status).toBe(502);
    service.failing = false;
    clock.advance(DEFAULT_REVOKE_RETRY_MS / 2 - 1);
    expect(await endpoint.revokePending(), 'a failed id was retried before its backoff (at least half of revokeRetryMs)').toEqual({ viewers: 1, revoked: 0, failed: 0, pending: 1 });
    clock.advance(DEFAULT_REVOKE_RETRY_MS / 2 + 1);
    expect(await endpoint.revokePending()).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(service.calls).toEqual([id, id]);
  });
});

describe('the sweep visits every hinted viewer', () => {
  it('revokes the failed ids of nine viewers (more than it works on at once), then drops every hint', async () => {
    const { endpoint, service, clock } = endpointOnMemory();
    const viewers = Array.from({ length: 9 }, (_, index) => `viewer-${index}`);
    const ids: string[] = [];
    for (const viewer of viewers) ids.push(await mintId(endpoint, viewer), await mintId(endpoint, viewer));
    service.failing = true;
    for (const viewer of viewers) expect((await endpoint.logoutViewer(viewer)).complete).toBe(false);
    clock.advance(DEFAULT_REVOKE_RETRY_MS);
    service.failing = false;
    const retriedFrom = service.calls.length;
    expect(await endpoint.revokePending()).toEqual({ viewers: 9, revoked: 18, failed: 0, pending: 0 });
    expect(service.calls.slice(retriedFrom).sort()).toEqual([...ids].sort());
    expect(await endpoint.revokePending(), 'a hint outlived its viewer\'s last pending id').toEqual({ viewers: 0, revoked: 0, failed: 0, pending: 0 });
    expect((await endpoint.store.listHints({ cursor: '0', count: 100 })).hints).toEqual([]);
  });

  it('keeps the hint of a viewer whose revocation failed again, and revokes the id at the next sweep once its (doubled) backoff is over', async () => {
    const { endpoint, service, clock } = endpointOnMemory();
    const id = await mintId(endpoint, 'ada');
    service.failing = true;
    await endpoint.logoutViewer('ada');
    clock.advance(DEFAULT_REVOKE_RETRY_MS);
    expect(await endpoint.revokePending()).toEqual({ viewers: 1, revoked: 0, failed: 1, pending: 1 });
    service.failing = false;
    clock.advance(DEFAULT_REVOKE_RETRY_MS);
    expect(await endpoint.revokePending(), 'the second failure backs off at least revokeRetryMs').toEqual({ viewers: 1, revoked: 0, failed: 0, pending: 1 });
    clock.advance(DEFAULT_REVOKE_RETRY_MS);
    expect(await endpoint.revokePending()).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(service.calls).toEqual([id, id, id]);
  });
});
