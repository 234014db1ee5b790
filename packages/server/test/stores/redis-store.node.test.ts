// The Redis store on a real redis-server started for this file (and stopped by its pid after it):
// the store conformance suite (on Redis' clock, on RESP2 clients, and on a
// one-node cluster, which refuses any script whose keys span two hash slots), then what is Redis'
// own: the key layout (one hash tag per viewer) and its expiry, prefix isolation, a flushed script
// cache, and refusing at once or within timeoutMs when Redis cannot answer; its options (a cluster
// client given as client or the reverse, replicas out of range), each refused saying what to write; and two endpoint
// instances sharing the Redis, each on its own client: ids minted on one are revoked by a sign-out
// on the other, and only the owner's.
import { createClient, createCluster } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEndpoint, EndpointError, type SessionEndpoint } from '../../src/index.js';
import { createRedisStore, type RedisStoreOptions } from '../../src/redis.js';
import { HOUR } from '../support/clock.js';
import { ORIGIN, PATH } from '../support/endpoint-fixture.js';
import { makeClient, REDIS_INSTALL_COMMAND, startRedisServer, type RedisClient as Client, type RedisServer } from '../support/redis-server.js';
import { keysOf, prefixMaker, redisStateSize } from '../support/redis-ledger-state.js';
import { makeRedisLedgerWhole } from '../support/whole-ledger.js';
import { describeStoreConformance } from './store-conformance.js';

/** A client as `createClient({ url })` makes it (RESP3 by default in redis 6). */
let server: RedisServer | undefined;
let clusterNode: RedisServer | undefined;
let clusterClient: Client | undefined;
const clients: Client[] = [];
const resp2Clients: Awaited<ReturnType<typeof connectResp2>>[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  clients.push(await connect(), await connect());
  resp2Clients.push(await connectResp2(), await connectResp2());
  clusterNode = await startRedisServer({ cluster: true });
  clusterClient = await makeClient(clusterNode.url).connect();
  await clusterClient.sendCommand(['CLUSTER', 'ADDSLOTSRANGE', '0', '16383']);
  await clusterReady(clusterClient);
});

afterAll(async () => {
  await Promise.allSettled([...clients, ...resp2Clients, clusterClient].map((client) => client?.close()));
  await server?.stop();
  await clusterNode?.stop();
});

/** Waits until a node given every slot says `cluster_state:ok`. */
async function clusterReady(node: Client): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!String(await node.sendCommand(['CLUSTER', 'INFO'])).includes('cluster_state:ok')) {
    if (Date.now() > deadline) throw new Error('the one-node cluster did not reach cluster_state:ok within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
const freshPrefix = prefixMaker('test');

describeStoreConformance('Redis store (on Redis\' clock, TIME)', async () => {
  const prefix = freshPrefix();
  const store = createRedisStore({ client: client(0), prefix });
  return {
    store,
    secondInstance: createRedisStore({ client: client(1), prefix }),
    stateSize: (viewerId) => redisStateSize(client(0), prefix, viewerId),
    lose: async () => {
      const keys = await client(0).keys(`${prefix}*`); // a flush of this store's data
      if (keys.length > 0) await client(0).del(keys);
      return store;
    },
    stop: async () => undefined, // the server, and every key on it, goes in afterAll
  };
});

describeStoreConformance('Redis store on a one-node cluster (a script over two hash slots fails there)', async () => {
  const prefix = freshPrefix();
  const node = clusterClient;
  if (!node) throw new Error('the cluster node did not start: see beforeAll');
  return {
    store: createRedisStore({ client: node, prefix }),
    stateSize: (viewerId) => redisStateSize(node, prefix, viewerId),
    stop: async () => undefined,
  };
});

describe('the test redis-server', () => {
  it('fails, never skips, when the binary is missing, and names the install command', async () => {
    await expect(startRedisServer({ binary: 'redis-server-not-installed' })).rejects.toThrow(REDIS_INSTALL_COMMAND);
  });

  it('starts a one-node cluster that refuses a script over two hash slots, as a real cluster does', async () => {
    await expect(clusterClient?.sendCommand(['EVAL', 'return 1', '2', 'svc-a', 'svc-b'])).rejects.toThrow(/CROSSSLOT/);
    await expect(clusterClient?.sendCommand(['EVAL', 'return 1', '2', '{svc}a', '{svc}b'])).resolves.toBe(1);
  });
});

describeStoreConformance('Redis store on RESP2 clients', async () => {
  const prefix = freshPrefix();
  return {
    store: createRedisStore({ client: resp2Client(0), prefix }),
    secondInstance: createRedisStore({ client: resp2Client(1), prefix }),
    stateSize: async () => 0,
    stop: async () => undefined,
  };
});

/** Options as a JavaScript caller may pass them, past what the types allow. */
const untyped = (options: Record<string, unknown>) => options as unknown as RedisStoreOptions;

describe('Redis store options', () => {
  const cluster = () => createCluster({ rootNodes: [{ url: requireServer().url }] }); // never connected: only its kind is read
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['neither client nor cluster', () => ({}), 'needs a connected client of the redis package: { client } from createClient(...), or { cluster } from createCluster(...)'],
    ['both', () => ({ client: client(), cluster: cluster() }), 'either client (from createClient) or cluster (from createCluster), not both'],
    ['a cluster client as client', () => ({ client: cluster() }), 'client is a Redis Cluster client (from createCluster); pass it as cluster instead'],
    ["a single server's client as cluster", () => ({ cluster: client() }), 'cluster is a single-server client (from createClient); pass it as client instead'],
    ['something else as client', () => ({ client: { url: 'redis://localhost' } }), 'client must be a client from createClient(...) of the redis package'],
    ['replicas below 0', () => ({ client: client(), replicas: -1 }), "replicas must be a whole number of replicas, 0 or more (got -1)"],
    ['replicas not whole', () => ({ client: client(), replicas: 1.5 }), 'replicas must be a whole number of replicas, 0 or more (got 1.5)'],
    ['replicas as a string', () => ({ client: client(), replicas: '1' }), 'replicas must be a whole number of replicas, 0 or more (got 1)'],
    ['replicaTimeoutMs over half of timeoutMs', () => ({ client: client(), replicas: 1, replicaTimeoutMs: 600 }), 'replicaTimeoutMs (600) must be at most half of its timeoutMs (1000)'],
    ['timeoutMs of 0', () => ({ client: client(), timeoutMs: 0 }), "timeoutMs must be a positive integer of ms (got 0)"],
    ['timeoutMs not whole', () => ({ client: client(), timeoutMs: 1.5 }), 'timeoutMs must be a positive integer of ms (got 1.5)'],
    ['timeoutMs as a string', () => ({ client: client(), timeoutMs: '100' }), 'timeoutMs must be a positive integer of ms (got 100)'],
    ['a clock (now), which Redis keeps itself', () => ({ client: client(), now: Date.now }), "now is no longer an option of the Redis store: it reads Redis' own clock (TIME)"],
    ['replicas on a cluster client older than redis 6.1', () => ({ cluster: Object.assign(cluster(), { getNodeClientForKey: undefined }), replicas: 1 }), 'replicas on a Redis Cluster needs the redis package 6.1 or later'],
  ];
  it.each(cases)('refuses %s (invalid-options), saying what to write', (_name, options, message) => {
    expect(() => createRedisStore(untyped(options()))).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining(message) }));
  });

  it('refuses no options at all (invalid-options), saying what to pass', () => {
    for (const given of [undefined, null, 'redis://localhost']) {
      expect(() => createRedisStore(given as unknown as RedisStoreOptions)).toThrow(expect.objectContaining({
        code: 'invalid-options',
        message: expect.stringContaining('createRedisStore needs an options object: { client } or { cluster }'),
      }));
    }
  });

  it('takes a cluster client as cluster, with or without replicas, and a single server\'s as client', () => {
    for (const options of [{ cluster: cluster() }, { cluster: cluster(), replicas: 1 }, { client: client(), replicas: 2, replicaTimeoutMs: 500 }]) {
      expect(typeof createRedisStore(untyped(options)).add).toBe('function');
    }
  });

  it("says that a single server's client reached one node of a multi-node cluster when Redis answers MOVED", async () => {
    const second = await startRedisServer({ cluster: true }); // a node without slots, joined to the one-node cluster: it answers MOVED
    const node = await makeClient(second.url).connect();
    try {
      await node.sendCommand(['CLUSTER', 'MEET', '127.0.0.1', String(clusterNode?.port)]);
      await clusterReady(node);
      const store = createRedisStore({ client: node });
      await expect(store.hint('ada')).rejects.toMatchObject({ code: 'store-unavailable', message: expect.stringContaining('connect with createCluster({ rootNodes }) and give it to the store as cluster') });
    } finally {
      await node.close();
      await second.stop();
    }
  });
});

/** A failed id due again at once. */
const NO_BACKOFF = { firstMs: 0, maxMs: 0, jitter: 0 };

describe('Redis store keys', () => {
  const entry = (viewerId: string, sessionId: string, lifetimeMs: number) => ({ viewerId, sessionId, lifetimeMs, signOutsSeen: 0, leaseMs: HOUR });

  it("keeps a ledger as two sorted sets under one hash tag: ids scored by expiry, pending ids by their lease, both on Redis' clock", async () => {
    const store = createRedisStore({ client: client() });
    const redisNow = async () => {
      const [seconds = '0', micros = '0'] = (await client().sendCommand(['TIME'])) as string[];
      return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    };
    const before = await redisNow();
    await store.add(entry('viewer-keys', 'ses_1', HOUR));
    const [recorded] = await client().zRangeWithScores('svc-embed:{viewer-keys}:ids', 0, -1);
    expect(recorded?.value).toBe('ses_1');
    expect(recorded?.score).toBeGreaterThanOrEqual(before + HOUR);
    expect(recorded?.score).toBeLessThanOrEqual((await redisNow()) + HOUR);
    const leasedFrom = await redisNow();
    await store.signOut({ viewerId: 'viewer-keys', leaseMs: 60_000, rememberMs: HOUR });
    const [leased] = await client().zRangeWithScores('svc-embed:{viewer-keys}:pending', 0, -1);
    expect(leased?.value).toBe('ses_1');
    expect(leased?.score).toBeGreaterThanOrEqual(leasedFrom + 60_000);
    expect(leased?.score).toBeLessThanOrEqual((await redisNow()) + 60_000);
    expect(await client().get('svc-embed:{viewer-keys}:signouts')).toBe('1');
    await store.settle({ viewerId: 'viewer-keys', revoked: ['ses_1'], failed: [], retry: NO_BACKOFF });
    expect(await client().exists(['svc-embed:{viewer-keys}:ids', 'svc-embed:{viewer-keys}:pending'])).toBe(0);
  });

  it('puts every key of one viewer under one non-empty hash tag, whatever braces and percent signs the id holds', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix });
    for (const viewerId of ['}ada{', '{}', 'a}b', '%7D', '{ada}']) {
      await store.add(entry(viewerId, 'ses_1', HOUR));
      await store.countMint({ viewerId, now: Date.now(), windowMs: 60_000 });
      await store.signOut({ viewerId, leaseMs: HOUR, rememberMs: HOUR });
      const keys = (await client().keys(`${prefix}*`)).filter((key) => key !== `${prefix}pending` && key !== `${prefix}horizon`);
      const tags = new Set(keys.map(hashTag));
      expect(tags.size, `${JSON.stringify(viewerId)}: ${keys.join(' ')}`).toBe(1);
      expect([...tags][0]).not.toBe('');
      await client().del(keys);
    }
  });

  it("expires a ledger's keys with their latest id, also after that id is settled", async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix });
    const [ids, pending] = keysOf(prefix, 'ada');
    await store.add(entry('ada', 'ses_short', HOUR));
    await store.add(entry('ada', 'ses_long', 2 * HOUR));
    await store.claim({ viewerId: 'ada', sessionId: 'ses_short', leaseMs: 60_000 });
    expect(await client().pTTL(ids ?? '')).toBeGreaterThan(2 * HOUR - 5_000);
    expect(await client().pTTL(pending ?? '')).toBeGreaterThan(2 * HOUR - 5_000);
    await store.settle({ viewerId: 'ada', revoked: [], failed: ['ses_short'], retry: { firstMs: 60_000, maxMs: 60_000, jitter: 0 } });
    const failures = `${prefix}{ada}:failures`;
    expect(await client().hGet(failures, 'ses_short'), 'the failures of a pending id are counted in a hash').toBe('1');
    expect(await client().pTTL(failures)).toBeGreaterThan(2 * HOUR - 5_000);
    await store.claim({ viewerId: 'ada', sessionId: 'ses_long', leaseMs: 60_000 });
    await store.settle({ viewerId: 'ada', revoked: ['ses_long'], failed: [], retry: NO_BACKOFF });
    expect(await client().pTTL(failures), 'the failures hash expires with the ledger').toBeLessThanOrEqual(HOUR);
    const ttl = await client().pTTL(ids ?? '');
    expect(ttl).toBeLessThanOrEqual(HOUR);
    expect(ttl).toBeGreaterThan(HOUR - 5_000);
  });

  it('lets Redis delete a ledger by itself once its last id has expired', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix });
    await store.add(entry('ada', 'ses_brief', 100));
    expect(await client().exists(`${prefix}{ada}:ids`)).toBe(1);
    await expect.poll(() => client().exists(`${prefix}{ada}:ids`), { timeout: 3_000, interval: 50 }).toBe(0);
  });

  it('keeps the mint counters in a hash of four fields, expiring two windows after the latest attempt', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix });
    for (let index = 0; index < 500; index += 1) await store.countMint({ viewerId: 'ada', now: Date.now(), windowMs: 60_000 });
    expect(await client().hLen(`${prefix}{ada}:mints`)).toBe(4);
    const ttl = await client().pTTL(`${prefix}{ada}:mints`);
    expect(ttl).toBeGreaterThan(115_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  });

  it('writes no key outside its prefix, and the hints and the ledger horizon in one key each of their own', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix });
    await store.add(entry('ada', 'ses_1', HOUR));
    await store.countMint({ viewerId: 'ada', now: Date.now(), windowMs: 60_000 });
    await store.claim({ viewerId: 'ada', sessionId: 'ses_unknown', leaseMs: 60_000 });
    await store.hint('ada');
    expect((await client().keys(`${prefix}*`)).sort()).toEqual([`${prefix}horizon`, `${prefix}pending`, `${prefix}{ada}:ids`, `${prefix}{ada}:mints`]);
    expect(await client().pTTL(`${prefix}horizon`)).toBe(-1);
    const outside = (await client().keys('*')).filter((key) => !key.startsWith('test-') && !key.startsWith('svc-embed:'));
    expect(outside).toEqual([]);
  });

  it('refuses a prefix with a brace, which would put every viewer in one hash slot', () => {
    expect(() => createRedisStore({ client: client(), prefix: 'acme{embed}:' })).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('without { or }') }));
  });
});

/** The hash tag Redis Cluster hashes a key by: between the first `{` and the next `}`, if not empty; else the whole key. */
function hashTag(key: string): string {
  const open = key.indexOf('{');
  const close = open === -1 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

describe('Redis store backlog count', () => {
  it('counts the pending ids of every hinted viewer past the first HSCAN page (a hash past hash-max-listpack-entries is scanned in pages)', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix, timeoutMs: 10_000 });
    const { 'hash-max-listpack-entries': listpackEntries } = await client().configGet('hash-max-listpack-entries');
    const hinted = Number(listpackEntries) + 100;
    const viewers = Array.from({ length: hinted }, (_, index) => `backlog-${index}`);
    for (let start = 0; start < viewers.length; start += 50) {
      await Promise.all(viewers.slice(start, start + 50).map(async (viewerId) => {
        await store.add({ viewerId, sessionId: `ses_${viewerId}`, lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
        await store.hint(viewerId);
        await store.signOut({ viewerId, leaseMs: 60_000, rememberMs: HOUR });
      }));
    }
    const firstPage = await store.listHints({ cursor: '0', count: 100 });
    expect(firstPage.cursor).not.toBe('0');
    expect(firstPage.hints.length).toBeLessThan(hinted);
    expect((await store.countPending()).ids).toBe(hinted);
  });
});

describe('Redis store prefixes', () => {
  it('keeps two prefixes on one Redis apart: ledgers and mint counts', async () => {
    const first = createRedisStore({ client: client(0), prefix: freshPrefix() });
    const second = createRedisStore({ client: client(1), prefix: freshPrefix() });
    const entry = (sessionId: string) => ({ viewerId: 'ada', sessionId, lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
    const signOut = { viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR };
    await first.add(entry('ses_first'));
    await second.add(entry('ses_second'));
    expect(await second.claim({ viewerId: 'ada', sessionId: 'ses_first', leaseMs: HOUR })).toBe('absent');
    expect((await first.signOut(signOut)).ids).toEqual(['ses_first']);
    expect((await second.signOut(signOut)).ids).toEqual(['ses_second']);
    const t = Date.now();
    await first.countMint({ viewerId: 'ada', now: t, windowMs: 60_000 });
    expect((await second.countMint({ viewerId: 'ada', now: t, windowMs: 60_000 })).current).toBe(1);
    await first.hint('ada');
    expect((await second.listHints({ cursor: '0', count: 10 })).hints).toEqual([]);
  });
});

describe('Redis store scripts', () => {
  it('loads its scripts again when Redis has forgotten them (SCRIPT FLUSH, a restart)', async () => {
    const store = createRedisStore({ client: client(), prefix: freshPrefix() });
    await store.add({ viewerId: 'ada', sessionId: 'ses_1', lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
    await client().scriptFlush();
    expect(await store.claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: HOUR })).toBe('claimed');
  });

  it("rejects with store-unavailable and Redis' error when its key holds another type (a prefix shared with someone else's data)", async () => {
    const prefix = freshPrefix();
    await client().set(`${prefix}{ada}:ids`, 'not a sorted set');
    const store = createRedisStore({ client: client(), prefix });
    await expect(store.add({ viewerId: 'ada', sessionId: 'ses_1', lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR })).rejects.toMatchObject({
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
    const failure = await store.hint('ada').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EndpointError);
    expect(failure).toMatchObject({ code: 'store-unavailable', message: expect.stringContaining('not connected') });
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('rejects (store-unavailable) within timeoutMs when Redis hangs (SIGSTOP), and works again after', async () => {
    const running = requireServer();
    const prefix = freshPrefix();
    const store = createRedisStore({ client: client(), prefix, timeoutMs: 200 });
    const entry = (sessionId: string) => ({ viewerId: 'ada', sessionId, lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
    await store.add(entry('ses_before'));
    process.kill(running.pid, 'SIGSTOP');
    try {
      const started = Date.now();
      await expect(store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR })).rejects.toMatchObject({ code: 'store-unavailable', message: expect.stringContaining('within 200 ms') });
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      process.kill(running.pid, 'SIGCONT');
    }
    await expect.poll(() => store.add(entry('ses_after')).then(() => true, () => false)).toBe(true);
  });
});

function requireServer(): RedisServer {
  if (!server) throw new Error('redis-server did not start: see beforeAll');
  return server;
}

/** Two instances, each with its own client, one prefix; one service that records every mint and revocation. */
function twoInstances() {
  const prefix = freshPrefix();
  const ready = makeRedisLedgerWhole(client(0), prefix);
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
  return { service, first: instance(0), second: instance(1), ready };
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
    const { service, first, second, ready } = twoInstances();
    await ready;
    const ada = [await mint(first, 'ada'), await mint(second, 'ada'), await mint(first, 'ada'), await mint(second, 'ada')];
    const bob = await mint(first, 'bob');
    const logout = await call(second, 'ada', 'POST', `${PATH}/logout`);
    expect(logout.status).toBe(200);
    const answer = (await logout.json()) as { revoked: string[]; failed: unknown[] };
    expect([...answer.revoked].sort()).toEqual([...ada].sort());
    expect(answer.failed).toEqual([]);
    expect([...service.revoked].sort()).toEqual([...ada].sort());
    expect(await first.logoutViewer('ada')).toEqual({ revoked: [], failed: [], pending: [], complete: true });
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
