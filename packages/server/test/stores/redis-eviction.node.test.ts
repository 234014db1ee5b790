// The Redis store and eviction (issue 38): every ledger key has a TTL, so a Redis that evicts
// (`volatile-lru` evicts exactly those first, `allkeys-lru` any key) can drop ids a sign-out must
// revoke. On real redis-servers started with `--maxmemory-policy allkeys-lru` and `volatile-lru`
// (and with CONFIG, then INFO, renamed away, as managed services do), and on a Redis Cluster with
// one primary so set: the store refuses every operation (503 `store-unavailable`, nothing written,
// the message naming the setting and the fix) and `ready()` rejects; with `allowEviction: true` it
// runs and reports `store-may-evict` to `onError` once per connection; a reconnect to a server
// whose policy changed meanwhile is checked again. With `allowEviction`, no sign-out answers
// complete, even on a ledger whole for a day: an evicted key leaves no trace a sign-out could find.
// CONFIG GET's reply is read on its own, on a server with INFO renamed away (RESP2's flat list,
// RESP3's object or Map), and a played reply without the policy falls back to INFO; a read that
// fails (Redis down past timeoutMs, a closed client, a socket error) refuses as such, even with
// allowEviction, and a failed check a reconnect overtook leaves the newer one standing.
import { AbortError, createClient, createCluster, RESP_TYPES } from 'redis';
import { LOGOUT_REASONS, logoutPath } from '@svc-embed/protocol/session-endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEndpoint } from '../../src/index.js';
import { createRedisStore, type RedisStore, type RedisStoreOptions } from '../../src/redis.js';
import { redisCli, startRedisCluster } from '../../../../bench/redis-cluster.mjs';
import { browserRequest, fakeService, ORIGIN, PATH } from '../support/endpoint-fixture.js';
import { prefixMaker } from '../support/redis-ledger-state.js';
import { makeClient, startRedisServer, type RedisClient, type RedisServer } from '../support/redis-server.js';

const servers: RedisServer[] = [];
const clients: { close(): Promise<unknown> }[] = [];
const freshPrefix = prefixMaker('eviction');

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await Promise.allSettled(servers.map((server) => server.stop()));
});

async function serverWith(args: string[]): Promise<RedisServer> {
  const server = await startRedisServer({ arguments: args });
  servers.push(server);
  return server;
}

async function clientOf(server: RedisServer): Promise<RedisClient> {
  const client = await makeClient(server.url).on('error', () => undefined).connect();
  clients.push(client);
  return client;
}

/** An endpoint on `store`, its onError codes, and a mint as viewer `ada`. */
function endpointOn(store: RedisStore) {
  const service = fakeService();
  const reports: string[] = [];
  /** What onError was told, the underlying errors' messages (the answers carry the endpoint's own sentence). */
  const told: string[] = [];
  const endpoint = createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'ada' }),
    mint: (viewer) => service.mint(viewer),
    revoke: (sessionId) => service.revoke(sessionId),
    store,
    onError: (error, report) => {
      reports.push(report.code);
      told.push(messagesOf(error));
    },
  });
  const mint = async () => {
    const answer = await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    return { status: answer.status, body: (await answer.json()) as { error?: { code: string; message: string } } };
  };
  return { endpoint, service, reports, told, mint };
}

/** An error's message and its causes'. */
function messagesOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause === undefined ? error.message : `${error.message} <- ${messagesOf(error.cause)}`;
}

/** Sets the ledger's horizon (`<prefix>horizon`) 25 h back on Redis' clock: a ledger whole for a day. */
async function ageHorizon(client: RedisClient, prefix: string): Promise<void> {
  const [seconds, micros] = (await client.sendCommand(['TIME'])) as [string, string];
  const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  await client.sendCommand(['SET', `${prefix}horizon`, String(now - 25 * 60 * 60 * 1000)]);
}

/** A mint, then a sign-out of `ada` on `store`'s endpoint; resolves with the sign-out's answer. */
async function mintThenSignOut(store: RedisStore) {
  const { endpoint, mint } = endpointOn(store);
  expect((await mint()).status).toBe(200);
  const answer = await endpoint.fetch(browserRequest('POST', logoutPath(PATH), { viewer: 'ada' }));
  return (await answer.json()) as { complete: boolean; reason?: string; ledgerSince?: string; revoked: string[] };
}

/** Drops the client's connection from the server's side; resolves once the client is ready again. */
async function reconnect(client: RedisClient, admin: RedisClient): Promise<void> {
  const again = new Promise((resolve) => client.once('ready', resolve));
  const id = String(await client.sendCommand(['CLIENT', 'ID']));
  await admin.sendCommand(['CLIENT', 'KILL', 'ID', id]);
  await again;
}

describe.each(['allkeys-lru', 'volatile-lru'])('a redis-server started with --maxmemory-policy %s', (policy) => {
  let server: RedisServer;
  let client: RedisClient;
  beforeAll(async () => {
    server = await serverWith(['--maxmemory-policy', policy]);
    client = await clientOf(server);
  });

  it('is refused: every operation answers 503 naming the setting and the fix, nothing is minted or written, and ready() rejects', async () => {
    const prefix = freshPrefix();
    const store = createRedisStore({ client, prefix });
    const { service, reports, told, mint } = endpointOn(store);
    const answer = await mint();
    expect(answer.status).toBe(503);
    expect(answer.body.error?.code).toBe('store-unavailable');
    for (const words of [`maxmemory-policy is ${policy} (the server)`, 'noeviction', 'allowEviction: true']) expect(told.join()).toContain(words);
    expect(service.minted).toEqual([]);
    expect(reports).toEqual(['store-unavailable']);
    expect(await client.keys(`${prefix}*`)).toEqual([]);
    await expect(store.ready()).rejects.toMatchObject({ code: 'store-unavailable', message: expect.stringContaining(`maxmemory-policy is ${policy}`) });
  });

  it('runs with allowEviction: true and reports store-may-evict to onError once per connection', async () => {
    const admin = await clientOf(server);
    const store = createRedisStore({ client, prefix: freshPrefix(), allowEviction: true });
    await expect(store.ready()).resolves.toBeUndefined();
    const { reports, mint } = endpointOn(store);
    for (let index = 0; index < 3; index += 1) expect((await mint()).status).toBe(200);
    expect(reports).toEqual(['store-may-evict']);
    await reconnect(client, admin);
    for (let index = 0; index < 3; index += 1) expect((await mint()).status).toBe(200);
    expect(reports).toEqual(['store-may-evict', 'store-may-evict']);
  });

  it('with allowEviction: true reports a message naming the policy, what it costs and the fix', async () => {
    const { told, mint } = endpointOn(createRedisStore({ client, prefix: freshPrefix(), allowEviction: true }));
    expect((await mint()).status).toBe(200);
    expect(told).toHaveLength(1);
    for (const words of [`maxmemory-policy is ${policy} (the server)`, 'no sign-out answers complete (ledger-incomplete)', 'Set maxmemory-policy to noeviction']) {
      expect(told.join()).toContain(words);
    }
  });

  it('with allowEviction: true never answers a sign-out complete, even on a ledger whole for a day (ledger-incomplete)', async () => {
    const prefix = freshPrefix();
    await ageHorizon(client, prefix);
    const answer = await mintThenSignOut(createRedisStore({ client, prefix, allowEviction: true }));
    expect(answer.revoked).toHaveLength(1);
    expect(answer).toMatchObject({ complete: false, reason: LOGOUT_REASONS.ledgerIncomplete, ledgerSince: expect.any(String) });
  });
});

describe('a redis-server that never evicts (noeviction), the same steps', () => {
  it('answers complete on a ledger whole for a day, so the ledger-incomplete above is the eviction\'s', async () => {
    const client = await clientOf(await serverWith([]));
    const prefix = freshPrefix();
    await ageHorizon(client, prefix);
    const answer = await mintThenSignOut(createRedisStore({ client, prefix, allowEviction: true }));
    expect(answer).toMatchObject({ complete: true, revoked: [expect.any(String)] });
  });
});

describe('a reconnect to a server whose policy changed', () => {
  it('is checked again: refused once the server evicts, served again once it is noeviction', async () => {
    const server = await serverWith([]);
    const [client, admin] = [await clientOf(server), await clientOf(server)];
    const { told, mint } = endpointOn(createRedisStore({ client, prefix: freshPrefix() }));
    expect((await mint()).status).toBe(200);
    await admin.sendCommand(['CONFIG', 'SET', 'maxmemory-policy', 'volatile-lru']);
    await reconnect(client, admin);
    const refused = await mint();
    expect(refused.status).toBe(503);
    expect(told.join()).toContain('maxmemory-policy is volatile-lru');
    await admin.sendCommand(['CONFIG', 'SET', 'maxmemory-policy', 'noeviction']);
    expect((await mint()).status).toBe(200);
  });
});

describe('a server where CONFIG is disabled, as on managed services', () => {
  it('reads the policy from INFO memory instead', async () => {
    const server = await serverWith(['--maxmemory-policy', 'volatile-lru', '--rename-command', 'CONFIG', '']);
    const store = createRedisStore({ client: await clientOf(server), prefix: freshPrefix() });
    await expect(store.ready()).rejects.toThrow('maxmemory-policy is volatile-lru (the server)');
  });

  it('refuses, saying so, when neither CONFIG nor INFO shows the policy; allowEviction: true runs and reports it', async () => {
    const server = await serverWith(['--rename-command', 'CONFIG', '', '--rename-command', 'INFO', '']);
    const client = await clientOf(server);
    await expect(createRedisStore({ client, prefix: freshPrefix() }).ready()).rejects.toThrow('could not be read: neither CONFIG GET nor INFO shows it');
    const { reports, mint } = endpointOn(createRedisStore({ client, prefix: freshPrefix(), allowEviction: true }));
    expect((await mint()).status).toBe(200);
    expect(reports).toEqual(['store-may-evict']);
  });
});

describe('a server where INFO is disabled: the policy read from CONFIG GET alone', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await serverWith(['--maxmemory-policy', 'volatile-lru', '--rename-command', 'INFO', '']);
  });

  it.each([
    ['RESP2 (a flat list)', { RESP: 2 }],
    ['RESP3 (an object, the redis package\'s default)', { RESP: 3 }],
    ['RESP3 with maps as Map', { RESP: 3, commandOptions: { typeMapping: { [RESP_TYPES.MAP]: Map } } }],
  ] as const)('reads the reply on %s', async (_shape, options) => {
    const client = await createClient({ url: server.url, ...options }).on('error', () => undefined).connect();
    clients.push(client);
    await expect(createRedisStore({ client, prefix: freshPrefix() }).ready()).rejects.toThrow('maxmemory-policy is volatile-lru (the server)');
  });
});

/** `INFO memory` of a Redis that never evicts, as a played client answers it. */
const INFO_NOEVICTION = '# Memory\r\nused_memory:1015376\r\nmaxmemory:0\r\nmaxmemory_policy:noeviction\r\n';

/** A client whose Redis the test plays: `answer` gives each command's reply (or throws). */
function playedClient(answer: (words: string[]) => unknown) {
  const commands: string[][] = [];
  const client = {
    isReady: true,
    sendCommand: async (words: string[]) => {
      commands.push(words);
      return answer(words);
    },
  };
  return { client, commands };
}

describe('a CONFIG GET reply that does not give the policy (a proxy, a server of another kind)', () => {
  it.each([
    ['no parameter at all', []],
    ['the name without its value', ['maxmemory-policy']],
    ['another parameter', ['maxmemory', '0']],
  ])('%s: the policy is read from INFO memory instead', async (_what, reply) => {
    const { client, commands } = playedClient((words) => (words[0] === 'CONFIG' ? reply : INFO_NOEVICTION));
    await expect(createRedisStore({ client, prefix: freshPrefix() }).ready()).resolves.toBeUndefined();
    expect(commands.map((words) => words[0])).toEqual(['CONFIG', 'INFO']);
  });
});

describe('a read of the policy that fails', () => {
  const couldNotRead = /^The Redis store could not read Redis' maxmemory-policy \(.+\); check that Redis runs and that the client can reach it$/;

  it('Redis down, the client reconnecting: ready() rejects once timeoutMs is over, saying so and what to check', async () => {
    const server = await startRedisServer();
    const client = createClient({ url: server.url, socket: { reconnectStrategy: 100 } }).on('error', () => undefined);
    let running = true;
    try {
      await client.connect();
      const down = new Promise((resolve) => client.once('reconnecting', resolve));
      await server.stop();
      running = false;
      await down;
      const store = createRedisStore({ client, prefix: freshPrefix(), timeoutMs: 200 });
      // The cause is the store's own abort of the waiting CONFIG GET, not the client giving up later.
      await expect(store.ready()).rejects.toMatchObject({ code: 'store-unavailable', message: expect.stringMatching(couldNotRead), cause: expect.any(AbortError) });
    } finally {
      client.destroy();
      if (running) await server.stop();
    }
  });

  it('a closed client: ready() rejects with the client\'s error, even with allowEviction, not as a policy that could not be read', async () => {
    const client = await makeClient((servers[0] ?? (await serverWith([]))).url).on('error', () => undefined).connect();
    await client.close();
    await expect(createRedisStore({ client, prefix: freshPrefix(), allowEviction: true }).ready()).rejects.toMatchObject({
      code: 'store-unavailable',
      message: expect.stringContaining("could not read Redis' maxmemory-policy (The client is closed)"),
      cause: expect.any(Error),
    });
  });

  it('a failure that is no error reply of Redis (a socket\'s connect ECONNREFUSED) is a failed read, not a refused command', async () => {
    const { client, commands } = playedClient(() => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    });
    await expect(createRedisStore({ client, prefix: freshPrefix(), allowEviction: true }).ready()).rejects.toMatchObject({
      code: 'store-unavailable',
      message: expect.stringContaining("could not read Redis' maxmemory-policy (connect ECONNREFUSED 127.0.0.1:6379)"),
    });
    expect(commands).toHaveLength(1);
  });

  it('a check that fails after a reconnect started a newer one leaves the newer one standing: one report for the connection', async () => {
    const configGets: string[][] = [];
    let failFirst: (error: Error) => void = () => undefined;
    let firstAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => {
      firstAsked = resolve;
    });
    let reconnected: () => void = () => undefined;
    const client = {
      isReady: true,
      on: (_event: 'ready', listener: () => void) => {
        reconnected = listener;
      },
      sendCommand: (words: string[]) => {
        configGets.push(words);
        if (configGets.length > 1) return Promise.resolve({ 'maxmemory-policy': 'allkeys-lru' });
        firstAsked();
        return new Promise((_resolve, reject) => {
          failFirst = reject;
        });
      },
    };
    const store = createRedisStore({ client, prefix: freshPrefix(), allowEviction: true });
    const reports: string[] = [];
    store.reportTo((error) => reports.push(error.code));
    const first = store.ready(); // the check the store started when made
    await asked;
    reconnected(); // the client reconnected: the new connection is checked anew
    await expect(store.ready()).resolves.toBeUndefined();
    failFirst(new Error('Socket closed unexpectedly')); // the old connection's CONFIG GET fails at last
    await expect(first).rejects.toThrow('Socket closed unexpectedly');
    await expect(store.ready()).resolves.toBeUndefined();
    expect(configGets).toHaveLength(2);
    expect(reports).toEqual(['store-may-evict']);
  });
});

describe('createRedisStore({ allowEviction })', () => {
  it('takes true or false only, saying what to write', async () => {
    const client = await clientOf(servers[0] ?? (await serverWith([])));
    expect(() => createRedisStore({ client, allowEviction: 'yes' } as unknown as RedisStoreOptions)).toThrow('allowEviction must be true or false');
  });
});

describe('a Redis Cluster with one primary that may evict', () => {
  type LocalCluster = Awaited<ReturnType<typeof startRedisCluster>>;
  let local: LocalCluster | undefined;
  beforeAll(async () => {
    local = await startRedisCluster({ primaries: 3, replicasPerPrimary: 0 });
  }, 60_000);
  afterAll(async () => {
    await local?.stop();
  });

  it('is refused, naming that primary, whichever slot an operation touches; served once it is noeviction', async () => {
    const nodes = local?.nodes ?? [];
    const evicting = nodes[1];
    if (!evicting) throw new Error('the cluster did not start: see beforeAll');
    await redisCli(evicting.port, ['CONFIG', 'SET', 'maxmemory-policy', 'allkeys-lru']);
    const cluster = await createCluster({ rootNodes: local?.rootNodes ?? [] }).on('error', () => undefined).connect();
    clients.push(cluster);
    const store = createRedisStore({ cluster, prefix: freshPrefix() });
    await expect(store.ready()).rejects.toThrow(`maxmemory-policy is allkeys-lru (127.0.0.1:${evicting.port})`);
    const { told, mint } = endpointOn(store);
    const refused = await mint();
    expect(refused.status).toBe(503);
    expect(told.join()).toContain(`maxmemory-policy is allkeys-lru (127.0.0.1:${evicting.port})`);
    expect(told.join()).not.toContain(`127.0.0.1:${nodes[0]?.port})`);
    await redisCli(evicting.port, ['CONFIG', 'SET', 'maxmemory-policy', 'noeviction']);
    await expect(store.ready()).resolves.toBeUndefined();
    expect((await mint()).status).toBe(200);
  });

  it('names every primary that may evict, one after the other', async () => {
    const [, first, second] = local?.nodes ?? [];
    if (!first || !second) throw new Error('the cluster did not start: see beforeAll');
    await redisCli(first.port, ['CONFIG', 'SET', 'maxmemory-policy', 'allkeys-lru']);
    await redisCli(second.port, ['CONFIG', 'SET', 'maxmemory-policy', 'volatile-lru']);
    try {
      const cluster = await createCluster({ rootNodes: local?.rootNodes ?? [] }).on('error', () => undefined).connect();
      clients.push(cluster);
      const refused = createRedisStore({ cluster, prefix: freshPrefix() }).ready();
      const named = [`allkeys-lru (127.0.0.1:${first.port})`, `volatile-lru (127.0.0.1:${second.port})`];
      await expect(refused).rejects.toThrow(`maxmemory-policy is ${named.join(', ')}, and a Redis that evicts`);
    } finally {
      await redisCli(first.port, ['CONFIG', 'SET', 'maxmemory-policy', 'noeviction']);
      await redisCli(second.port, ['CONFIG', 'SET', 'maxmemory-policy', 'noeviction']);
    }
  });
});
