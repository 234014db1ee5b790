// Sweeps that back off (issue 38, item 6), at the endpoint: every `revoke` call has a deadline
// (`limits.revokeTimeoutMs`) and gets an AbortSignal that aborts at it; a sign-out against a stalled
// service answers within that bound and says pending, while its revocations go on; a second
// `revokePending()` joins the sweep that runs.
import { describe, expect, it } from 'vitest';
import { createSessionEndpoint, type SessionStore } from '../../src/index.js';
import { browserRequest, headerViewer, json, ORIGIN, PATH, sorted } from '../support/endpoint-fixture.js';
import { wholeMemoryStore } from '../support/whole-ledger.js';

/** A service that never answers a revoke while `stalled` (until `release()`), keeping each call's signal. */
function stalledService() {
  const service = {
    minted: 0,
    stalled: true,
    signals: [] as AbortSignal[],
    calls: [] as string[],
    revoked: new Set<string>(),
    releases: [] as (() => void)[],
    mint: async (viewer: { id: string }) => `ses_${viewer.id}_${(service.minted += 1)}`,
    revoke: (sessionId: string, { signal }: { signal: AbortSignal }) => {
      service.calls.push(sessionId);
      service.signals.push(signal);
      if (!service.stalled) return Promise.resolve(void service.revoked.add(sessionId));
      return new Promise<void>((resolve) => service.releases.push(resolve));
    },
    release: () => service.releases.splice(0).forEach((resolve) => resolve()),
  };
  return service;
}

function endpointFor(service: ReturnType<typeof stalledService>, options: { revokeTimeoutMs: number; store?: SessionStore; revokeRetryMs?: number }) {
  const errors: { error: unknown; code: string }[] = [];
  const endpoint = createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: headerViewer,
    mint: service.mint,
    revoke: service.revoke,
    store: options.store ?? wholeMemoryStore(),
    onError: (error, report) => errors.push({ error, code: report.code }),
    limits: { revokeTimeoutMs: options.revokeTimeoutMs, mintsPerWindow: 1_000, revokeRetryMs: options.revokeRetryMs ?? 5_000 },
  });
  return { endpoint, errors };
}

const mintIds = async (endpoint: ReturnType<typeof endpointFor>['endpoint'], count: number) => {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await json(await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' })))).sessionId);
  return ids;
};

describe("revoke's deadline", () => {
  it('aborts the signal given to revoke after limits.revokeTimeoutMs and counts the call as failed (a DELETE answers 502)', async () => {
    const service = stalledService();
    const { endpoint, errors } = endpointFor(service, { revokeTimeoutMs: 100 });
    const [id] = await mintIds(endpoint, 1);
    const started = Date.now();
    const response = await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }));
    expect(response.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(service.signals).toHaveLength(1);
    expect(service.signals[0]?.aborted).toBe(true);
    expect(errors).toEqual([{ code: 'revoke-failed', error: expect.objectContaining({ message: expect.stringContaining('revokeTimeoutMs (100 ms)') }) }]);
  });

  it('leaves the signal unaborted when revoke answers in time', async () => {
    const signals: AbortSignal[] = [];
    const endpoint = createSessionEndpoint({
      path: PATH, allowedOrigins: [ORIGIN], viewer: headerViewer, mint: async () => 'ses_1',
      revoke: async (_, { signal }) => void signals.push(signal), limits: { revokeTimeoutMs: 100 }, store: wholeMemoryStore(),
    });
    await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect((await endpoint.logoutViewer('ada')).complete).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(signals.map((signal) => signal.aborted)).toEqual([false]);
  });
});

describe('a sign-out against a stalled service', () => {
  it('answers within revokeTimeoutMs, pending with every id and the reason, and its revocations go on (one call per id)', async () => {
    const service = stalledService();
    const { endpoint } = endpointFor(service, { revokeTimeoutMs: 300 });
    const ids = await mintIds(endpoint, 30);
    const started = Date.now();
    const response = await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' }));
    const elapsed = Date.now() - started;
    const answer = await json(response);
    expect(elapsed, 'the sign-out waited past its bound').toBeLessThan(1_500);
    expect(answer).toEqual({ revoked: [], failed: [], pending: expect.any(Array), complete: false, reason: 'sign-out-in-progress', viewer: expect.any(String) });
    expect(sorted(answer.pending)).toEqual(sorted(ids));
    const again = await endpoint.logoutViewer('ada');
    expect(again.complete).toBe(false);
    expect(sorted(again.pending)).toEqual(sorted(ids));
    expect(new Set(service.calls).size, 'an id was asked of the service twice at once').toBe(service.calls.length);
  });

  it('never answers complete while the stalled ids are live: once the service answers again, a sign-out after the backoff is complete', async () => {
    const service = stalledService();
    const { endpoint } = endpointFor(service, { revokeTimeoutMs: 200, revokeRetryMs: 100 });
    const ids = await mintIds(endpoint, 2);
    expect((await endpoint.logoutViewer('ada')).complete).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    service.stalled = false;
    const liesAndAnswers = async () => {
      const answer = await endpoint.logoutViewer('ada');
      if (answer.complete) expect(ids.filter((id) => !service.revoked.has(id)), 'complete while ids were live').toEqual([]);
      return answer.complete;
    };
    await expect.poll(liesAndAnswers, { timeout: 3_000, interval: 50 }).toBe(true);
  });
});

describe('the sweep', () => {
  it('a second revokePending() while one runs joins it: one sweep, one call per id', async () => {
    const service = stalledService();
    const memory = wholeMemoryStore();
    let listed = 0;
    const store: SessionStore = {
      ...memory,
      listHints: (page) => {
        listed += 1;
        return memory.listHints(page);
      },
    };
    const { endpoint } = endpointFor(service, { revokeTimeoutMs: 30_000, store });
    const ids = await mintIds(endpoint, 2);
    await store.signOut({ viewerId: 'ada', leaseMs: 1, rememberMs: 60_000 });
    await store.hint('ada');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const first = endpoint.revokePending();
    const second = endpoint.revokePending();
    expect(second).toBe(first);
    await expect.poll(() => service.calls.length).toBe(2);
    service.release();
    expect(await first).toEqual({ viewers: 1, revoked: 2, failed: 0, pending: 0 });
    expect(listed).toBe(1);
    expect(sorted(service.calls)).toEqual(sorted(ids));
    const third = endpoint.revokePending();
    expect(third, 'a finished sweep was handed out again').not.toBe(first);
    await third;
  });
});
