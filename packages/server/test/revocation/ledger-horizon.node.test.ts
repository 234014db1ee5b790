// Issue 38's cases 1, 3 and 4, through the endpoint: a ledger that knows what it has forgotten.
// 1. A restarted memory store: the sign-out says `complete: false` (`ledger-incomplete`, since when
//    the ledger is whole) until an id minted before the restart can no longer be live.
// 3. Clocks: two instances on one Redis whose clocks are 25 h ahead and 25 h behind: every id either
//    minted is revoked by a sign-out on the other, and a lease one took holds against the other's sweep.
// 4. Lifetime from redemption: a sign-out at mint + 24 h 1 min still revokes the id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../src/redis.js';
import { createSessionEndpoint, type SessionEndpoint, type SessionStore } from '../../src/index.js';
import { HOUR, manualClock } from '../support/clock.js';
import { browserRequest, fakeService, headerViewer, json, makeEndpoint, ORIGIN, PATH, sorted } from '../support/endpoint-fixture.js';
import { prefixMaker } from '../support/redis-ledger-state.js';
import { makeClient, startRedisServer, type RedisClient, type RedisServer } from '../support/redis-server.js';
import { ID_LIFETIME_MS, makeRedisLedgerWhole } from '../support/whole-ledger.js';

let server: RedisServer | undefined;
const clients: RedisClient[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  for (let index = 0; index < 2; index += 1) clients.push(await makeClient(server.url).connect());
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.stop();
});

const client = (index: number): RedisClient => {
  const found = clients[index];
  if (!found) throw new Error('no Redis client: see beforeAll');
  return found;
};

const freshPrefix = prefixMaker('horizon');

/** An endpoint on `store` (the memory store on `now` when left out) for the fake service. */
function endpointOn(options: { service: ReturnType<typeof fakeService>; now: () => number; store?: SessionStore; revoke?: (sessionId: string) => Promise<void> }): SessionEndpoint {
  return createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: headerViewer,
    mint: (viewer) => options.service.mint(viewer),
    revoke: options.revoke ?? ((sessionId) => options.service.revoke(sessionId)),
    now: options.now,
    limits: { mintsPerWindow: 100 },
    ...(options.store ? { store: options.store } : {}),
  });
}

async function mintIds(endpoint: SessionEndpoint, viewer: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await endpoint.fetch(browserRequest('POST', PATH, { viewer }));
    expect(response.status).toBe(200);
    ids.push((await json(response)).sessionId);
  }
  return ids;
}

describe('case 1: a restarted memory store', () => {
  it('answers complete: false, ledger-incomplete, since its start, while ids minted before it may be live; complete once they cannot be', async () => {
    const clock = manualClock();
    const service = fakeService();
    const before = endpointOn({ service, now: clock.now });
    clock.advance(ID_LIFETIME_MS);
    const minted = await mintIds(before, 'ada', 2);
    expect(await before.logoutViewer('bob')).toMatchObject({ complete: true });
    clock.advance(60_000);
    const restartedAt = clock.now();
    const after = endpointOn({ service, now: clock.now }); // `node server.mjs` again: a new memory store
    const answer = await json(await after.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' })));
    expect(answer).toEqual({ revoked: [], failed: [], pending: [], complete: false, reason: 'ledger-incomplete', ledgerSince: new Date(restartedAt).toISOString(), viewer: expect.any(String) });
    expect(service.revoked).toEqual([]);
    expect(minted).toHaveLength(2); // still live at the service: the answer does not say complete
    clock.advance(ID_LIFETIME_MS - 1);
    expect(await after.logoutViewer('ada')).toMatchObject({ complete: false, reason: 'ledger-incomplete' });
    clock.advance(1);
    expect(await after.logoutViewer('ada')).toEqual({ revoked: [], failed: [], pending: [], complete: true });
  });

  it('says the same when a Redis lost its data (a flush): the next sign-out writes the horizon anew', async () => {
    const prefix = freshPrefix();
    const service = fakeService();
    await makeRedisLedgerWhole(client(0), prefix);
    const endpoint = endpointOn({ service, now: Date.now, store: createRedisStore({ client: client(0), prefix }) });
    await mintIds(endpoint, 'ada', 2);
    expect(await endpoint.logoutViewer('bob')).toMatchObject({ complete: true });
    await mintIds(endpoint, 'ada', 1);
    const keys = await client(0).keys(`${prefix}*`);
    await client(0).del(keys);
    const flushedBy = Date.now();
    const answer = await endpoint.logoutViewer('ada');
    expect(answer).toMatchObject({ revoked: [], complete: false, reason: 'ledger-incomplete' });
    expect(Date.parse(answer.ledgerSince ?? '')).toBeGreaterThanOrEqual(flushedBy - 1_000);
  });
});

describe("case 3: instances' clocks 25 h apart on one Redis", () => {
  /** Two endpoints on one Redis and prefix, one's clock 25 h ahead, the other's 25 h behind. */
  async function skewedPair(revoke?: (sessionId: string) => Promise<void>) {
    const prefix = freshPrefix();
    await makeRedisLedgerWhole(client(0), prefix);
    const service = fakeService();
    const ahead = () => Date.now() + 25 * HOUR;
    const behind = () => Date.now() - 25 * HOUR;
    const on = (index: number, now: () => number) =>
      endpointOn({ service, now, store: createRedisStore({ client: client(index), prefix }), ...(revoke ? { revoke } : {}) });
    return { service, ahead: on(0, ahead), behind: on(1, behind) };
  }

  it('revokes on either instance every id minted on the other', async () => {
    const { service, ahead, behind } = await skewedPair();
    const byAhead = await mintIds(ahead, 'ada', 3);
    const byBehind = await mintIds(behind, 'bob', 3);
    const ada = await behind.logoutViewer('ada');
    const bob = await ahead.logoutViewer('bob');
    expect(sorted(ada.revoked)).toEqual(sorted(byAhead));
    expect(sorted(bob.revoked)).toEqual(sorted(byBehind));
    expect([ada.complete, bob.complete]).toEqual([true, true]);
    expect(sorted(service.revoked)).toEqual(sorted([...byAhead, ...byBehind]));
  });

  it("keeps an id leased by the instance behind out of the sweep of the instance ahead while its revocation runs", async () => {
    const held: (() => void)[] = [];
    const calls: string[] = [];
    const revoke = (sessionId: string) => {
      calls.push(sessionId);
      return new Promise<void>((resolve) => held.push(resolve));
    };
    const { ahead, behind } = await skewedPair(revoke);
    const ids = await mintIds(behind, 'ada', 2);
    const signOut = behind.logoutViewer('ada');
    await expect.poll(() => calls.length).toBe(2);
    expect(await ahead.revokePending()).toEqual({ viewers: 1, revoked: 0, failed: 0, pending: 2 });
    expect(sorted(calls)).toEqual(sorted(ids));
    for (const release of held) release();
    expect(sorted((await signOut).revoked)).toEqual(sorted(ids));
  });
});

describe('case 4: an id lives its redemption window and then its session lifetime', () => {
  it('is still revoked by a sign-out at mint + 24 h 1 min (memory store)', async () => {
    const { endpoint, service, clock } = makeEndpoint();
    const [id = ''] = await mintIds(endpoint, 'ada', 1);
    clock.advance(24 * HOUR + 60_000);
    expect(await endpoint.logoutViewer('ada')).toEqual({ revoked: [id], failed: [], pending: [], complete: true });
    expect(service.revoked).toEqual([id]);
  });

  it("is kept by Redis for the redemption window and the session lifetime from its recording, on Redis' clock", async () => {
    const prefix = freshPrefix();
    const endpoint = endpointOn({ service: fakeService(), now: () => Date.now() - 25 * HOUR, store: createRedisStore({ client: client(0), prefix }) });
    const [recorded] = await client(0).sendCommand(['TIME']) as string[];
    await mintIds(endpoint, 'ada', 1);
    const [entry] = await client(0).zRangeWithScores(`${prefix}{ada}:ids`, 0, -1);
    expect(entry?.score).toBeGreaterThanOrEqual(Number(recorded) * 1000 + ID_LIFETIME_MS);
    expect(entry?.score).toBeLessThanOrEqual(Date.now() + ID_LIFETIME_MS + 1_000);
  });
});
