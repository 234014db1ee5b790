// `replicas: 1` on a real primary with one replica (two redis-server daemons started for this file,
// the second `--replicaof` the first; stopped by their pids after it): the store conformance suite,
// waiting for the replica; and what a replica that cannot acknowledge does to a mint: a replica
// stopped (SIGSTOP) or killed makes the mint refuse within replicaTimeoutMs, 503, the new id revoked
// at the service, and a message that says why (too slow, or too few replicas connected); a
// `replicas` the deployment cannot meet says so; the mints work again once the replica is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEndpoint, EndpointError } from '../../src/index.js';
import { createRedisStore, type RedisStoreClient } from '../../src/redis.js';
import { redisConnection } from '../../src/stores/redis-connection.js';
import { createReplicaAcks } from '../../src/stores/replica-acks.js';
import { startRedisPrimaryWithReplica } from '../../../../bench/redis-cluster.mjs';
import { ORIGIN, PATH } from '../support/endpoint-fixture.js';
import { prefixMaker, redisStateSize } from '../support/redis-ledger-state.js';
import { makeClient, type RedisClient as Client } from '../support/redis-server.js';
import { describeStoreConformance } from './store-conformance.js';

type Pair = Awaited<ReturnType<typeof startRedisPrimaryWithReplica>>;

const REPLICA_TIMEOUT_MS = 150;
let pair: Pair | undefined;
const clients: Client[] = [];

beforeAll(async () => {
  pair = await startRedisPrimaryWithReplica();
  for (let index = 0; index < 2; index += 1) clients.push(await makeClient(requirePair().primary.url).on('error', () => undefined).connect());
}, 30_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await pair?.stop();
});

function requirePair(): Pair {
  if (!pair) throw new Error('the primary and its replica did not start: see beforeAll');
  return pair;
}

function client(index = 0): Client {
  const found = clients[index];
  if (!found) throw new Error('no Redis client: see beforeAll');
  return found;
}

const freshPrefix = prefixMaker('replicas');

/**
 * `replicas: 1` with deadlines a loaded CI machine meets: the conformance suite checks what the store
 * records, not how fast a replica acknowledges (the tests below time that with their own deadlines).
 */
const PATIENT_REPLICAS = { replicas: 1, timeoutMs: 5000, replicaTimeoutMs: 2500 } as const;

describeStoreConformance('Redis store on a primary with one replica, replicas: 1', async () => {
  const prefix = freshPrefix();
  return {
    store: createRedisStore({ client: client(0), prefix, ...PATIENT_REPLICAS }),
    secondInstance: createRedisStore({ client: client(1), prefix, ...PATIENT_REPLICAS }),
    stateSize: (viewerId) => redisStateSize(client(0), prefix, viewerId),
    stop: async () => undefined,
  };
});

/** An endpoint on the primary waiting for `replicas` replicas; its service and the errors it reported. */
function endpointWaitingFor(replicas: number) {
  const service = { minted: [] as string[], revoked: [] as string[] };
  const errors: unknown[] = [];
  const endpoint = createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: () => ({ id: 'ada' }),
    mint: () => {
      const sessionId = `ses_${service.minted.length + 1}`;
      service.minted.push(sessionId);
      return sessionId;
    },
    revoke: (sessionId) => {
      service.revoked.push(sessionId);
    },
    onError: (error) => errors.push(error),
    store: createRedisStore({ client: client(), prefix: freshPrefix(), replicas, replicaTimeoutMs: REPLICA_TIMEOUT_MS }),
  });
  const mint = async () => {
    const started = Date.now();
    const response = await endpoint.fetch(new Request(`http://backend.example${PATH}`, { method: 'POST', headers: { origin: ORIGIN } }));
    return { status: response.status, body: (await response.json()) as { sessionId?: string; error?: { code: string; message: string } }, ms: Date.now() - started };
  };
  const reported = () => errors.map((error) => (error instanceof Error ? error.message : String(error))).join('\n');
  return { endpoint, service, mint, reported };
}

describe('replicas: 1 when the replica cannot acknowledge', () => {
  it('hands the id out once the replica holds it', async () => {
    const { service, mint } = endpointWaitingFor(1);
    const answer = await mint();
    expect(answer.status).toBe(200);
    expect(service.revoked).toEqual([]);
    expect(await makeReplicaClientRead(answer.body.sessionId ?? '')).toBe(true);
  });

  it('refuses the mint within replicaTimeoutMs while the replica is stopped (SIGSTOP): 503, the id revoked at the service; then works again', async () => {
    const { service, mint, reported } = endpointWaitingFor(1);
    requirePair().replica.pause();
    try {
      const answer = await mint();
      expect(answer.status).toBe(503);
      expect(answer.body.error?.code).toBe('store-unavailable');
      expect(answer.ms).toBeLessThan(REPLICA_TIMEOUT_MS + 600);
      expect(service.revoked).toEqual(service.minted);
      expect(reported()).toMatch(/0 of 1 replica\(s\) acknowledged the write within 150 ms \(replicas: 1\); check the replicas' link/);
    } finally {
      requirePair().replica.resume();
    }
    await expect.poll(async () => (await mint()).status, { timeout: 5_000 }).toBe(200);
  });

  it('refuses the mint when the replica is gone, saying that the primary has fewer replicas than the store waits for; then works again once it is back', async () => {
    const { service, mint, reported } = endpointWaitingFor(1);
    await requirePair().replica.kill();
    const handedOut: string[] = [];
    try {
      await expect.poll(async () => {
        const answer = await mint();
        if (answer.body.sessionId) handedOut.push(answer.body.sessionId);
        return answer.status;
      }).toBe(503);
      expect(service.revoked).toEqual(service.minted.filter((id) => !handedOut.includes(id)));
      expect(reported()).toContain('the primary has 0 replica(s) connected, fewer than the store waits for (replicas: 1); add replicas to every primary, or lower replicas');
    } finally {
      await requirePair().replica.restart();
    }
    await expect.poll(async () => (await mint()).status, { timeout: 10_000 }).toBe(200);
  });

  it('says when a replicas the deployment cannot meet is asked for: replicas: 2 with one replica', async () => {
    const { service, mint, reported } = endpointWaitingFor(2);
    const answer = await mint();
    expect(answer.status).toBe(503);
    expect(service.revoked).toEqual(service.minted);
    expect(reported()).toContain('the primary has 1 replica(s) connected, fewer than the store waits for (replicas: 2)');
  });
});

describe('replicas: 1 when the primary cannot answer', () => {
  const DEADLINE_MS = 300;

  it('refuses a write at deadlineMs while the primary is stopped (SIGSTOP), saying Redis did not answer; writes go again once it is back', async () => {
    const acks = createReplicaAcks({ connection: redisConnection({ client: client(), waitsForReplicas: true }), replicas: 1, timeoutMs: 5_000, deadlineMs: DEADLINE_MS });
    const key = `${freshPrefix()}:paused`;
    requirePair().primary.pause();
    let answer: { error: unknown; ms: number } | 'no answer';
    try {
      const started = Date.now();
      const refused = acks.write({ key, words: ['SET', key, '1'], signal: new AbortController().signal })
        .then(() => ({ error: null, ms: Date.now() - started }), (error: unknown) => ({ error, ms: Date.now() - started }));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUp = new Promise<'no answer'>((resolve) => {
        timer = setTimeout(() => resolve('no answer'), DEADLINE_MS + 2_000);
      });
      answer = await Promise.race([refused, giveUp]).finally(() => clearTimeout(timer));
    } finally {
      requirePair().primary.resume();
    }
    expect(answer, 'the write was still waiting for the stopped primary 2 s past deadlineMs').not.toBe('no answer');
    if (answer === 'no answer') return;
    expect((answer.error as Error | null)?.message).toBe(`Redis did not answer within ${DEADLINE_MS} ms (a batch of writes and its WAIT, or INFO)`);
    expect(answer.ms).toBeLessThan(DEADLINE_MS + 600);
    expect(await acks.write({ key, words: ['SET', key, '2'], signal: new AbortController().signal })).toBe('OK');
    expect(await client().get(key)).toBe('2');
  });
});

/** Whether the replica has `sessionId` in some ledger (read on the replica itself). */
async function makeReplicaClientRead(sessionId: string): Promise<boolean> {
  const replica = await makeClient(requirePair().replica.url).connect();
  try {
    for (const key of await replica.keys('replicas-*:ids')) {
      if ((await replica.zScore(key, sessionId)) !== null) return true;
    }
    return false;
  } finally {
    await replica.close();
  }
}

/**
 * The store's client, with a trap: once armed, the replica is stopped (SIGSTOP) just before the next
 * script (EVALSHA or EVAL) goes out, so the writes before it (a hint) were acknowledged and that
 * script's own write is the one the replica cannot acknowledge.
 */
function pausingBeforeScript(): { client: RedisStoreClient; arm(): void } {
  let armed = false;
  const underlying = client();
  return {
    client: {
      get isReady() {
        return underlying.isReady;
      },
      sendCommand(args, options) {
        if (armed && (args[0] === 'EVALSHA' || args[0] === 'EVAL')) {
          armed = false;
          requirePair().replica.pause();
        }
        return underlying.sendCommand(args, options);
      },
    },
    arm: () => void (armed = true),
  };
}

/**
 * An endpoint on the primary with `replicas: 1` and replicaTimeoutMs 150 ms, through `client`
 * (default: the plain one); `mintId` mints through a second instance on the same ledger with
 * patient deadlines, so a loaded machine does not fail the setup.
 */
function signOutEndpoint(storeClient: RedisStoreClient = client()) {
  const service = { minted: [] as string[], revoked: [] as string[] };
  const prefix = freshPrefix();
  const instance = (store: ReturnType<typeof createRedisStore>) => createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: () => ({ id: 'ada' }),
    mint: () => {
      const sessionId = `ses_${service.minted.length + 1}`;
      service.minted.push(sessionId);
      return sessionId;
    },
    revoke: (sessionId) => {
      service.revoked.push(sessionId);
    },
    store,
    // A claim whose answer was lost holds its ids for the lease: short, so the retry takes them over within the test.
    limits: { revocationLeaseMs: 1_500, revokeTimeoutMs: 1_000 },
  });
  const endpoint = instance(createRedisStore({ client: storeClient, prefix, replicas: 1, replicaTimeoutMs: REPLICA_TIMEOUT_MS }));
  const patient = instance(createRedisStore({ client: client(1), prefix, ...PATIENT_REPLICAS }));
  const mintId = async () => {
    const response = await patient.fetch(new Request(`http://backend.example${PATH}`, { method: 'POST', headers: { origin: ORIGIN } }));
    expect(response.status).toBe(200);
    return ((await response.json()) as { sessionId: string }).sessionId;
  };
  const send = async (method: string, path: string) => {
    const started = Date.now();
    const response = await endpoint.fetch(new Request(`http://backend.example${path}`, { method, headers: { origin: ORIGIN } }));
    return { status: response.status, body: (await response.json().catch(() => null)) as { sessionId?: string; error?: { code: string } } | null, ms: Date.now() - started };
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = Date.now();
    const outcome = await work().then((value) => ({ value, error: null }), (error: unknown) => ({ value: null, error }));
    return { ...outcome, ms: Date.now() - started };
  };
  return { endpoint, service, send, timed, mintId };
}

/** Within replicaTimeoutMs, with room for a loaded machine (the same room the mint's test gives). */
const WITHIN_MS = REPLICA_TIMEOUT_MS + 600;

describe('replicas: 1, a sign-out and a DELETE while the replica cannot acknowledge', () => {
  it('POST /logout, logoutViewer and DELETE answer 503 store-unavailable within replicaTimeoutMs, revoking nothing; all work once the replica is back', async () => {
    const { endpoint, service, send, timed, mintId } = signOutEndpoint();
    const id = await mintId();
    requirePair().replica.pause();
    try {
      const logout = await send('POST', `${PATH}/logout`);
      expect(logout.status, 'POST /logout did not wait for the replica').toBe(503);
      expect(logout.body?.error?.code).toBe('store-unavailable');
      expect(logout.ms).toBeLessThan(WITHIN_MS);
      const direct = await timed(() => endpoint.logoutViewer('ada'));
      expect(direct.error, 'logoutViewer did not wait for the replica').toBeInstanceOf(EndpointError);
      expect((direct.error as EndpointError).code).toBe('store-unavailable');
      expect(direct.ms).toBeLessThan(WITHIN_MS);
      const deleted = await send('DELETE', `${PATH}/${id}`);
      expect(deleted.status, "the DELETE's hint did not wait for the replica").toBe(503);
      expect(deleted.ms).toBeLessThan(WITHIN_MS);
      expect(service.revoked).toEqual([]);
    } finally {
      requirePair().replica.resume();
    }
    await expect.poll(async () => (await endpoint.logoutViewer('ada').catch(() => null))?.revoked, { timeout: 5_000 }).toEqual([id]);
  });

  it.each([
    ['POST /logout', (made: ReturnType<typeof signOutEndpoint>) => made.send('POST', `${PATH}/logout`).then(({ status, ms }) => ({ failed: status === 503, ms }))],
    ['logoutViewer', (made: ReturnType<typeof signOutEndpoint>) => made.timed(() => made.endpoint.logoutViewer('ada')).then(({ error, ms }) => ({ failed: error instanceof EndpointError, ms }))],
  ] as const)('%s: the replica stopped after the hint, before the claim: 503 within replicaTimeoutMs, and a retry once the lease of its claim lapsed revokes every id', async (_, signOut) => {
    const trap = pausingBeforeScript();
    const made = signOutEndpoint(trap.client);
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) ids.push(await made.mintId());
    trap.arm();
    try {
      const answer = await signOut(made);
      expect(answer.failed, "the sign-out's claim did not wait for the replica").toBe(true);
      expect(answer.ms).toBeLessThan(WITHIN_MS);
    } finally {
      requirePair().replica.resume();
    }
    await expect.poll(async () => (await made.endpoint.logoutViewer('ada').catch(() => null))?.revoked.sort(), { timeout: 5_000 }).toEqual([...ids].sort());
  });
});
