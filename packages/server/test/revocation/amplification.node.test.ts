// No amplification (issue 38, item 5), at the endpoint: sign-outs of one viewer are merged, so each
// id gets one `revoke` call however many sign-outs and DELETEs run at once (on one instance the
// running revocation is joined; across instances, on Redis, the lease in the store is the record);
// DELETE and sign-out have a per-viewer limit (429 with Retry-After); `revoke` calls per instance
// have a cap, so one viewer's long ledger cannot starve another viewer's sign-out.
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEndpoint, type LogoutAnswer, type SessionEndpoint, type SessionStore } from '../../src/index.js';
import { createRedisStore } from '../../src/redis.js';
import { browserRequest, headerViewer, json, ORIGIN, PATH, sorted } from '../support/endpoint-fixture.js';
import { prefixMaker } from '../support/redis-ledger-state.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { makeRedisLedgerWhole, wholeMemoryStore } from '../support/whole-ledger.js';

const freshPrefix = prefixMaker('amplify');
let redis: RedisServer | undefined;
let client: ReturnType<typeof createClient> | undefined;
beforeAll(async () => {
  redis = await startRedisServer();
  client = await createClient({ url: redis.url }).connect();
});
afterAll(async () => {
  await client?.close();
  await redis?.stop();
});

/** A service whose revoke takes `revokeMs`; it counts calls per id and how many run at once. */
function countingService(revokeMs = 20) {
  const service = {
    minted: 0,
    calls: new Map<string, number>(),
    revoked: new Set<string>(),
    running: 0,
    mostAtOnce: 0,
    mint: async (viewer: { id: string }) => `ses_${viewer.id}_${(service.minted += 1)}`,
    revoke: async (sessionId: string) => {
      service.calls.set(sessionId, (service.calls.get(sessionId) ?? 0) + 1);
      service.running += 1;
      service.mostAtOnce = Math.max(service.mostAtOnce, service.running);
      await new Promise((resolve) => setTimeout(resolve, revokeMs));
      service.running -= 1;
      service.revoked.add(sessionId);
    },
    totalCalls: () => [...service.calls.values()].reduce((sum, count) => sum + count, 0),
  };
  return service;
}

type Service = ReturnType<typeof countingService>;

function endpointFor(service: Service, store: SessionStore, limits = {}): SessionEndpoint {
  return createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: headerViewer,
    mint: service.mint,
    revoke: service.revoke,
    store,
    limits: { mintsPerWindow: 1_000, revocationsPerWindow: 10_000, ...limits },
  });
}

async function mintIds(endpoint: SessionEndpoint, viewer: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await json(await endpoint.fetch(browserRequest('POST', PATH, { viewer })))).sessionId);
  return ids;
}

/** A sign-out whose answer is checked when it arrives: `complete` only once every id is revoked at the service. */
function honestSignOut(endpoint: SessionEndpoint, service: Service, ids: readonly string[], lies: string[]): Promise<LogoutAnswer> {
  return endpoint.logoutViewer('ada').then((answer) => {
    const live = ids.filter((id) => !service.revoked.has(id));
    if (answer.complete && live.length > 0) lies.push(`complete: true while ${live.length} id(s) were live`);
    return answer;
  });
}

const STORES: [string, () => Promise<[SessionStore, SessionStore]>][] = [
  ['the memory store, one instance', async () => {
    const store = wholeMemoryStore();
    return [store, store];
  }],
  ['Redis, two instances', async () => {
    if (!client) throw new Error('redis-server did not start: see beforeAll');
    const prefix = freshPrefix();
    await makeRedisLedgerWhole(client, prefix);
    return [createRedisStore({ client, prefix }), createRedisStore({ client, prefix })];
  }],
];

describe.each(STORES)('merged sign-outs, %s', (_, makeStores) => {
  it('200 parallel sign-outs of one viewer with 30 ids make 30 revoke calls, one per id, and none answers complete while an id is live', async () => {
    const service = countingService();
    const [storeA, storeB] = await makeStores();
    const first = endpointFor(service, storeA);
    const second = storeA === storeB ? first : endpointFor(service, storeB);
    const ids = await mintIds(first, 'ada', 30);
    const lies: string[] = [];
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) => honestSignOut(index % 2 ? second : first, service, ids, lies)));
    expect(service.totalCalls()).toBe(30);
    expect([...service.calls.values()].every((count) => count === 1)).toBe(true);
    expect(lies).toEqual([]);
    expect(answers.filter(({ complete }) => !complete).every(({ reason }) => reason === 'sign-out-in-progress')).toBe(true);
    expect(await first.logoutViewer('ada')).toEqual({ revoked: [], failed: [], pending: [], complete: true });
    expect(service.totalCalls()).toBe(30);
  });

  it('two sign-outs and two DELETEs at once, for four ids, nothing failing: 4 revoke calls', async () => {
    const service = countingService();
    const [storeA, storeB] = await makeStores();
    const first = endpointFor(service, storeA);
    const second = storeA === storeB ? first : endpointFor(service, storeB);
    const ids = await mintIds(first, 'ada', 4);
    const deleteId = (endpoint: SessionEndpoint, id: string) => endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }));
    const [out1, out2, del1, del2] = await Promise.all([first.logoutViewer('ada'), second.logoutViewer('ada'), deleteId(second, ids[0] ?? ''), deleteId(first, ids[3] ?? '')]);
    expect(service.totalCalls()).toBe(4);
    expect(sorted(service.calls.keys())).toEqual(sorted(ids));
    for (const response of [del1, del2]) expect([204, 404, 502]).toContain(response.status);
    for (const answer of [out1, out2]) if (answer.complete) expect(service.revoked.size).toBe(4);
    expect((await first.logoutViewer('ada')).complete).toBe(true);
    expect(service.totalCalls()).toBe(4);
  });
});

describe('merged on one instance: a held id is joined, not called again', () => {
  it('a second sign-out waits for the first one\'s revocations and answers complete with them', async () => {
    const service = countingService(100);
    const endpoint = endpointFor(service, wholeMemoryStore());
    const ids = await mintIds(endpoint, 'ada', 3);
    const [first, second] = await Promise.all([endpoint.logoutViewer('ada'), endpoint.logoutViewer('ada')]);
    expect(sorted(first.revoked)).toEqual(sorted(ids));
    expect(second).toEqual({ revoked: expect.any(Array), failed: [], pending: [], complete: true });
    expect(sorted(second.revoked)).toEqual(sorted(ids));
    expect(service.totalCalls()).toBe(3);
  });

  it('a DELETE of an id a sign-out is revoking joins it: 204 once it is revoked, one call', async () => {
    const service = countingService(100);
    const endpoint = endpointFor(service, wholeMemoryStore());
    const [id] = await mintIds(endpoint, 'ada', 1);
    const signOut = endpoint.logoutViewer('ada');
    await expect.poll(() => service.running).toBe(1);
    const deleted = await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }));
    expect(deleted.status).toBe(204);
    expect((await signOut).complete).toBe(true);
    expect(service.totalCalls()).toBe(1);
  });
});

describe('the per-viewer limit of sign-outs and DELETEs', () => {
  it('answers 429 revocation-limit with Retry-After past limits.revocationsPerWindow, counting DELETEs and sign-outs together, per viewer; nothing is revoked', async () => {
    const service = countingService(0);
    let time = 1_700_000_000_000;
    const endpoint = createSessionEndpoint({
      path: PATH, allowedOrigins: [ORIGIN], viewer: headerViewer, mint: service.mint, revoke: service.revoke,
      now: () => time, limits: { revocationsPerWindow: 3, revocationWindowMs: 60_000 },
    });
    const [id] = await mintIds(endpoint, 'ada', 1);
    const logout = (viewer: string) => endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer }));
    expect((await logout('ada')).status).toBe(200);
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/ses_unknown`, { viewer: 'ada' }))).status).toBe(404);
    expect((await logout('ada')).status).toBe(200);
    const refused = await logout('ada');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(refused)).error).toEqual({ code: 'revocation-limit', message: expect.stringContaining('at most 3 in 60 s') });
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }))).status).toBe(429);
    expect((await logout('bob')).status, 'another viewer has a limit of their own').toBe(200);
    expect(service.totalCalls()).toBe(1);
    time += 2 * 60_000;
    expect((await logout('ada')).status).toBe(200);
  });

  it('is not applied to logoutViewer, the app\'s own call', async () => {
    const service = countingService(0);
    const endpoint = endpointFor(service, wholeMemoryStore(), { revocationsPerWindow: 1 });
    for (let index = 0; index < 3; index += 1) expect((await endpoint.logoutViewer('ada')).complete).toBe(true);
  });
});

describe('the cap on revoke calls per instance', () => {
  it('runs at most limits.revokeConcurrency revoke calls at once, all viewers together', async () => {
    const service = countingService(30);
    const endpoint = endpointFor(service, wholeMemoryStore(), { revokeConcurrency: 3 });
    const viewers = ['v1', 'v2', 'v3', 'v4', 'v5'];
    for (const viewer of viewers) await mintIds(endpoint, viewer, 4);
    await Promise.all(viewers.map((viewer) => endpoint.logoutViewer(viewer)));
    expect(service.totalCalls()).toBe(20);
    expect(service.mostAtOnce).toBe(3);
  });

  it("one viewer's long ledger does not starve another viewer's sign-out", async () => {
    const service = countingService(40);
    const endpoint = endpointFor(service, wholeMemoryStore(), { revokeConcurrency: 8 });
    await mintIds(endpoint, 'hoarder', 80);
    const [bobs] = await mintIds(endpoint, 'bob', 1);
    const hoarder = endpoint.logoutViewer('hoarder');
    await expect.poll(() => service.running).toBeGreaterThan(0);
    const started = Date.now();
    expect(await endpoint.logoutViewer('bob')).toEqual({ revoked: [bobs], failed: [], pending: [], complete: true });
    expect(Date.now() - started, "bob waited for the hoarder's 80 revocations").toBeLessThan(400);
    expect((await hoarder).complete).toBe(true);
  });
});
