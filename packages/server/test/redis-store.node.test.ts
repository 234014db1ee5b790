// The Redis store on a real redis-server started for this file (and stopped by its pid after it):
// the store conformance suite (on a manual clock, on the wall clock, on RESP2 clients), then what is Redis' own:
// the keys and their expiry, prefix isolation, a flushed script cache, and refusing at once or
// within timeoutMs when Redis cannot answer; and two endpoint instances sharing the Redis, each on its
// own client: ids minted on one are revoked by a sign-out on the other, and only the owner's.
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEndpoint, EndpointError, type SessionEndpoint } from '../src/index.js';
import { createRedisStore } from '../src/redis.js';
import { REDIS_INSTALL_COMMAND, startRedisServer, type RedisServer } from './redis-server.js';
import { describeStoreConformance } from './store-conformance.js';

/** A client as `createClient({ url })` makes it (RESP3 by default in redis 6). */
const makeClient = (url: string) => createClient({ url });
type Client = ReturnType<typeof makeClient>;

const HOUR = 60 * 60_000;
let server: RedisServer | undefined;
const clients: Client[] = [];
const resp2Clients: Awaited<ReturnType<typeof connectResp2>>[] = [];
let prefixes = 0;

beforeAll(async () => {
  server = await startRedisServer();
  clients.push(await connect(), await connect());
  resp2Clients.push(await connectResp2(), await connectResp2());
});

afterAll(async () => {
  await Promise.allSettled([...clients, ...resp2Clients].map((client) => client.close()));
  await server?.stop();
});

function connect(): Promise<Client> {
  return makeClient(requireServer().url).connect();
}

/** A client on RESP2, as older setups still use. */
function connectResp2() {
  return createClient({ url: requireServer().url, RESP: 2 }).connect();
}

function client(index = 0): Client {
  const found = clients[index];
  if (!found) throw new Error('no Redis client: see beforeAll');
  return found;
}

function resp2Client(index: number) {
  const found = resp2Clients[index];
  if (!found) throw new Error('no RESP2 Redis client: see beforeAll');
  return found;
}

/** A prefix no other test uses, so each store starts empty on the shared server. */
const freshPrefix = () => `test-${process.pid}-${(prefixes += 1)}:`;

function manualClock(start = 1_700_000_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** How many values Redis holds for one viewer: ids in the ledger, fields of the mint counters. */
async function redisStateSize(redis: Client, prefix: string, viewerId: string): Promise<number> {
  return (await redis.zCard(`${prefix}ledger:${viewerId}`)) + (await redis.hLen(`${prefix}mints:${viewerId}`));
}

describeStoreConformance('Redis store', async () => {
  const clock = manualClock();
  const prefix = freshPrefix();
  return {
    store: createRedisStore({ client: client(0), prefix, now: clock.now }),
    secondInstance: createRedisStore({ client: client(1), prefix, now: clock.now }),
    now: clock.now,
    elapse: async (ms) => {
      clock.advance(ms);
    },
    stateSize: (viewerId) => redisStateSize(client(0), prefix, viewerId),
    stop: async () => undefined, // the server, and every key on it, goes in afterAll
  };
});

describeStoreConformance('Redis store on the wall clock', async () => {
  const prefix = freshPrefix();
  return {
    store: createRedisStore({ client: client(0), prefix }),
    secondInstance: createRedisStore({ client: client(1), prefix }),
    stateSize: (viewerId) => redisStateSize(client(0), prefix, viewerId),
    stop: async () => undefined,
  };
});

describe('the test redis-server', () => {
  it('fails, never skips, when the binary is missing, and names the install command', async () => {
    await expect(startRedisServer({ binary: 'redis-server-not-installed' })).rejects.toThrow(REDIS_INSTALL_COMMAND);
  });
});

describeStoreConformance('Redis store on RESP2 clients', async () => {
  const prefix = freshPrefix();
  return {
    store: createRedisStore({ client: resp2Client(0), prefix }),
    secondInstance: createRedisStore({ client: resp2Client(1), prefix }),
    stateSize: (viewerId) => redisStateSize(client(0), prefix, viewerId),
    stop: async () => undefined,
  };
});

describe('Redis store keys', () => {
  it('keeps a ledger as a sorted set scored by expiry, under the default prefix svc-embed:', async () => {
    const store = createRedisStore({ client: client() });
    const expiresAt = Date.now() + HOUR;
    await store.add('viewer-keys', 'ses_1', expiresAt);
    expect(await client().zRangeWithScores('svc-embed:ledger:viewer-keys', 0, -1)).toEqual([{ value: 'ses_1', score: expiresAt }]);
    expect(await store.claimAll('viewer-keys')).toEqual(['ses_1']);
    expect(await client().exists('svc-embed:ledger:viewer-keys')).toBe(0);
  });

  it("expires a ledger's key with its latest member, also after that member is claimed", async () => {
    const clock = manualClock();
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix, now: clock.now });
    const key = `${prefix}ledger:ada`;
    await store.add('ada', 'ses_short', clock.now() + HOUR);
    await store.add('ada', 'ses_long', clock.now() + 2 * HOUR);
    expect(await client().pTTL(key)).toBeGreaterThan(2 * HOUR - 5_000);
    expect(await store.claim('ada', 'ses_long')).toBe(true);
    const ttl = await client().pTTL(key);
    expect(ttl).toBeLessThanOrEqual(HOUR);
    expect(ttl).toBeGreaterThan(HOUR - 5_000);
  });

  it('lets Redis delete a ledger by itself once its last id has expired', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix });
    await store.add('ada', 'ses_brief', Date.now() + 100);
    expect(await client().exists(`${prefix}ledger:ada`)).toBe(1);
    await expect.poll(() => client().exists(`${prefix}ledger:ada`), { timeout: 3_000, interval: 50 }).toBe(0);
  });

  it('keeps the mint counters in a hash of four fields, expiring two windows after the latest attempt', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix });
    for (let index = 0; index < 500; index += 1) await store.countMint({ viewerId: 'ada', now: Date.now(), windowMs: 60_000 });
    expect(await client().hLen(`${prefix}mints:ada`)).toBe(4);
    const ttl = await client().pTTL(`${prefix}mints:ada`);
    expect(ttl).toBeGreaterThan(115_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  });

  it('writes no key outside its prefix', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix });
    await store.add('ada', 'ses_1', Date.now() + HOUR);
    await store.countMint({ viewerId: 'ada', now: Date.now(), windowMs: 60_000 });
    await store.claim('ada', 'ses_unknown');
    expect((await client().keys(`${prefix}*`)).sort()).toEqual([`${prefix}ledger:ada`, `${prefix}mints:ada`]);
    const outside = (await client().keys('*')).filter((key) => !key.startsWith('test-') && !key.startsWith('svc-embed:'));
    expect(outside).toEqual([]);
  });
});

describe('Redis store prefixes', () => {
  it('keeps two prefixes on one Redis apart: ledgers and mint counts', async () => {
    const first = createRedisStore({ client: client(0), prefix: freshPrefix() });
    const second = createRedisStore({ client: client(1), prefix: freshPrefix() });
    await first.add('ada', 'ses_first', Date.now() + HOUR);
    await second.add('ada', 'ses_second', Date.now() + HOUR);
    expect(await second.claim('ada', 'ses_first')).toBe(false);
    expect(await first.claimAll('ada')).toEqual(['ses_first']);
    expect(await second.claimAll('ada')).toEqual(['ses_second']);
    const t = Date.now();
    await first.countMint({ viewerId: 'ada', now: t, windowMs: 60_000 });
    expect((await second.countMint({ viewerId: 'ada', now: t, windowMs: 60_000 })).current).toBe(1);
  });
});

describe('Redis store scripts', () => {
  it('loads its scripts again when Redis has forgotten them (SCRIPT FLUSH, a restart)', async () => {
    const store = createRedisStore({ client: client(), prefix: freshPrefix() });
    await store.add('ada', 'ses_1', Date.now() + HOUR);
    await client().scriptFlush();
    expect(await store.claim('ada', 'ses_1')).toBe(true);
  });

  it("rejects with store-unavailable and Redis' error when its key holds another type (a prefix shared with someone else's data)", async () => {
    const prefix = freshPrefix();
    await client().set(`${prefix}ledger:ada`, 'not a sorted set');
    const store = createRedisStore({ client: client(), prefix });
    await expect(store.add('ada', 'ses_1', Date.now() + HOUR)).rejects.toMatchObject({
      code: 'store-unavailable',
      message: expect.stringContaining('WRONGTYPE'),
    });
  });
});

describe('Redis store when Redis cannot answer', () => {
  it('rejects at once (store-unavailable) when the client is not connected, and queues nothing', async () => {
    const closed = createClient({ url: server?.url ?? '' });
    const store = createRedisStore({ client: closed, prefix: freshPrefix(), timeoutMs: 60_000 });
    const started = Date.now();
    const failure = await store.add('ada', 'ses_1', Date.now() + HOUR).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EndpointError);
    expect(failure).toMatchObject({ code: 'store-unavailable', message: expect.stringContaining('not connected') });
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('rejects (store-unavailable) within timeoutMs when Redis hangs (SIGSTOP), and works again after', async () => {
    const running = requireServer();
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix, timeoutMs: 200 });
    await store.add('ada', 'ses_before', Date.now() + HOUR);
    process.kill(running.pid, 'SIGSTOP');
    try {
      const started = Date.now();
      await expect(store.claimAll('ada')).rejects.toMatchObject({ code: 'store-unavailable', message: expect.stringContaining('within 200 ms') });
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      process.kill(running.pid, 'SIGCONT');
    }
    await expect.poll(() => store.add('ada', 'ses_after', Date.now() + HOUR).then(() => true, () => false)).toBe(true);
  });
});

function requireServer(): RedisServer {
  if (!server) throw new Error('redis-server did not start: see beforeAll');
  return server;
}

const ORIGIN = 'https://app.example';
const PATH = '/api/embed-session';

/** Two instances, each with its own client, one prefix; one service that records every mint and revocation. */
function twoInstances() {
  const prefix = freshPrefix();
  const service = { minted: [] as string[], revoked: [] as string[] };
  const instance = (index: number) =>
    createSessionEndpoint({
      path: PATH,
      allowedOrigins: [ORIGIN],
      viewer: (request) => {
        const id = request.headers.get('x-viewer');
        return id ? { id } : null;
      },
      mint: (viewer) => {
        const sessionId = `ses_${viewer.id}_${service.minted.length + 1}`;
        service.minted.push(sessionId);
        return sessionId;
      },
      revoke: (sessionId) => {
        service.revoked.push(sessionId);
      },
      store: createRedisStore({ client: client(index), prefix }),
    });
  return { service, first: instance(0), second: instance(1) };
}

const call = (endpoint: SessionEndpoint, viewer: string, method: string, path = PATH) =>
  endpoint.fetch(new Request(`http://backend.example${path}`, { method, headers: { origin: ORIGIN, 'x-viewer': viewer } }));

async function mint(endpoint: SessionEndpoint, viewer: string): Promise<string> {
  const response = await call(endpoint, viewer, 'POST');
  expect(response.status).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  return sessionId;
}

/** Every value under a prefix: members of sorted sets and sets, fields of hashes, one per string. */
async function valuesUnder(prefix: string): Promise<number> {
  let total = 0;
  for (const key of await client().keys(`${prefix}*`)) {
    const type = await client().type(key);
    if (type === 'zset') total += await client().zCard(key);
    else if (type === 'hash') total += await client().hLen(key);
    else if (type === 'set') total += await client().sCard(key);
    else total += 1;
  }
  return total;
}

/** An endpoint for viewer ada alone, at most 3 mints a minute, on the Redis store under `prefix` through client `index`. */
const limitedEndpoint = (prefix: string, index = 0) =>
  createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: () => ({ id: 'ada' }),
    mint: () => `ses_${Math.random()}`,
    revoke: () => undefined,
    limits: { mintsPerWindow: 3 },
    store: createRedisStore({ client: client(index), prefix }),
  });

describe('refused mints on Redis', () => {
  it('keep a constant amount of state: the values Redis holds for the viewer do not grow with refusals', async () => {
    const prefix = freshPrefix();
    const endpoint = limitedEndpoint(prefix);
    for (let index = 0; index < 4; index += 1) await call(endpoint, 'ada', 'POST');
    const afterOneRefusal = await valuesUnder(prefix);
    for (let batch = 0; batch < 20; batch += 1) {
      const statuses = await Promise.all(Array.from({ length: 100 }, async () => (await call(endpoint, 'ada', 'POST')).status));
      expect(new Set(statuses)).toEqual(new Set([429]));
    }
    expect(await valuesUnder(prefix)).toBe(afterOneRefusal);
  });
});

describe('two endpoint instances sharing one Redis', () => {
  it('mints on one and signs out on the other: every id of the viewer is revoked, once, and no one else\'s', async () => {
    const { service, first, second } = twoInstances();
    const ada = [await mint(first, 'ada'), await mint(second, 'ada'), await mint(first, 'ada'), await mint(second, 'ada')];
    const bob = await mint(first, 'bob');
    const logout = await call(second, 'ada', 'POST', `${PATH}/logout`);
    expect(logout.status).toBe(200);
    const answer = (await logout.json()) as { revoked: string[]; failed: unknown[] };
    expect([...answer.revoked].sort()).toEqual([...ada].sort());
    expect(answer.failed).toEqual([]);
    expect([...service.revoked].sort()).toEqual([...ada].sort());
    expect(await first.logoutViewer('ada')).toEqual({ revoked: [], failed: [] });
    expect(service.revoked).not.toContain(bob);
  });

  it("revokes one id through the other instance only for its owner: another viewer's id answers 404 and never reaches the service", async () => {
    const { service, first, second } = twoInstances();
    const adaId = await mint(first, 'ada');
    const stolen = await call(second, 'bob', 'DELETE', `${PATH}/${encodeURIComponent(adaId)}`);
    expect(stolen.status).toBe(404);
    expect(service.revoked).toEqual([]);
    const own = await call(second, 'ada', 'DELETE', `${PATH}/${encodeURIComponent(adaId)}`);
    expect(own.status).toBe(204);
    expect(service.revoked).toEqual([adaId]);
    expect((await call(first, 'ada', 'DELETE', `${PATH}/${encodeURIComponent(adaId)}`)).status).toBe(404);
  });

  it("signs the viewer out from the customer's own code (logoutViewer) on either instance, with no tab open", async () => {
    const { service, first, second } = twoInstances();
    const ids = await Promise.all([mint(first, 'ada'), mint(second, 'ada'), mint(first, 'ada')]);
    const result = await second.logoutViewer('ada');
    expect([...result.revoked].sort()).toEqual([...ids].sort());
    expect([...service.revoked].sort()).toEqual([...ids].sort());
  });

  it('shares the mint limit: the instances count one window per viewer between them', async () => {
    const prefix = freshPrefix();
    const [first, second] = [limitedEndpoint(prefix, 0), limitedEndpoint(prefix, 1)];
    const statuses = [];
    for (const endpoint of [first, second, first, second]) statuses.push((await call(endpoint, 'ada', 'POST')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
