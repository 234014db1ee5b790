// The Redis store on a real Redis Cluster started for this file from redis-server daemons (three
// primaries, three replicas, `redis-cli --cluster create`, cluster-node-timeout 1 s; stopped by
// their pids after it): the store conformance suite through the cluster client, waiting for the
// primaries only and waiting for one replica; every script of the store ran on the cluster (so
// none spans two hash slots: the cluster refuses such a script with CROSSSLOT); a viewer's keys in
// one slot and viewers spread over the primaries; then failovers: a primary killed while two
// endpoint instances mint, its replica (cut off from it for 300 ms first) promoted: with `replicas:
// 1` every id handed out is revoked at the service by the viewers' sign-outs; without, some are
// lost (the control).
import { createClient, createCluster } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEndpoint, type SessionEndpoint } from '../../src/index.js';
import { createRedisStore } from '../../src/redis.js';
import { redisConnection, type RedisConnection } from '../../src/stores/redis-connection.js';
import { createReplicaAcks } from '../../src/stores/replica-acks.js';
import { ADD } from '../../src/stores/redis-scripts/add.js';
import { CLAIM_PENDING } from '../../src/stores/redis-scripts/claim-pending.js';
import { CLAIM } from '../../src/stores/redis-scripts/claim.js';
import { COUNT_MINT } from '../../src/stores/redis-scripts/count-mint.js';
import { DROP_HINT } from '../../src/stores/redis-scripts/drop-hint.js';
import { SETTLE } from '../../src/stores/redis-scripts/settle.js';
import { SIGN_OUT } from '../../src/stores/redis-scripts/sign-out.js';
import { REDIS_INSTALL_COMMAND, requireRedisBinary } from '../../../../bench/redis-daemon.mjs';
import { clusterNodes, redisCli, startRedisCluster } from '../../../../bench/redis-cluster.mjs';
import { viewerKeys } from '../../src/stores/redis-keys.js';
import { fakeService, ORIGIN, PATH } from '../support/endpoint-fixture.js';
import { prefixMaker, redisStateSize } from '../support/redis-ledger-state.js';
import { describeStoreConformance } from './store-conformance.js';

const makeCluster = (rootNodes: { url: string }[]) => createCluster({ rootNodes });
type Cluster = ReturnType<typeof makeCluster>;
type LocalCluster = Awaited<ReturnType<typeof startRedisCluster>>;

const SCRIPTS = [ADD, CLAIM_PENDING, CLAIM, COUNT_MINT, DROP_HINT, SETTLE, SIGN_OUT];
let local: LocalCluster | undefined;
const clients: Cluster[] = [];

beforeAll(async () => {
  local = await startRedisCluster({ primaries: 3, replicasPerPrimary: 1, nodeTimeoutMs: 1000 });
  clients.push(await connect(), await connect());
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await local?.stop();
});

async function connect(): Promise<Cluster> {
  const client = makeCluster(requireCluster().rootNodes);
  client.on('error', () => undefined); // a killed primary makes its node client report errors; the store answers them
  return client.connect();
}

function requireCluster(): LocalCluster {
  if (!local) throw new Error('the cluster did not start: see beforeAll');
  return local;
}

function cluster(index = 0): Cluster {
  const found = clients[index];
  if (!found) throw new Error('no cluster client: see beforeAll');
  return found;
}

/** A prefix no other test uses, so each store starts empty on the shared cluster. */
const freshPrefix = prefixMaker('cluster');

describeStoreConformance('Redis store on a Redis Cluster (3 primaries, 3 replicas)', async () => {
  const prefix = freshPrefix();
  return {
    store: createRedisStore({ cluster: cluster(0), prefix }),
    secondInstance: createRedisStore({ cluster: cluster(1), prefix }),
    stateSize: (viewerId) => redisStateSize(cluster(0), prefix, viewerId),
    stop: async () => undefined, // the cluster, and every key on it, goes in afterAll
  };
});

/**
 * `replicas: 1` with deadlines a loaded CI machine meets: the conformance suite checks what the store
 * records, not how fast a replica acknowledges (the tests below time that with their own deadlines).
 */
const PATIENT_REPLICAS = { replicas: 1, timeoutMs: 5000, replicaTimeoutMs: 2500 } as const;

describeStoreConformance('Redis store on a Redis Cluster, replicas: 1', async () => {
  const prefix = freshPrefix();
  return {
    store: createRedisStore({ cluster: cluster(0), prefix, ...PATIENT_REPLICAS }),
    secondInstance: createRedisStore({ cluster: cluster(1), prefix, ...PATIENT_REPLICAS }),
    stateSize: (viewerId) => redisStateSize(cluster(0), prefix, viewerId),
    stop: async () => undefined,
  };
});

describe('the Redis store on a cluster', () => {
  it('ran every script of the store on the primaries during the suites above, none refused as spanning two hash slots', async () => {
    const primaries = (await clusterNodes(requireCluster().nodes[0].port)).filter((node) => node.role === 'primary');
    const loaded = await Promise.all(primaries.map(async (node) => (await redisCli(node.port, ['SCRIPT', 'EXISTS', ...SCRIPTS.map((script) => script.sha)])).trim().split('\n').map(Number)));
    const ranSomewhere = SCRIPTS.map((script, index) => ({ script: script.name, ran: loaded.some((flags) => flags[index] === 1) }));
    expect(ranSomewhere.filter(({ ran }) => !ran)).toEqual([]);
  });

  it('keeps every key of a viewer in one hash slot, whatever braces its id holds, and spreads viewers over the primaries', async () => {
    const node = await createClient({ url: requireCluster().nodes[0].url }).connect();
    try {
      const slotOf = async (key: string) => Number(await node.sendCommand(['CLUSTER', 'KEYSLOT', key]));
      for (const viewerId of ['ada', 'bob', '}ada{', '{}', 'user:17']) {
        const keys = Object.values(viewerKeys('svc-embed:', viewerId));
        expect(new Set(await Promise.all(keys.map(slotOf))).size, viewerId).toBe(1);
      }
      const primaries = (await clusterNodes(requireCluster().nodes[0].port)).filter((known) => known.role === 'primary');
      const ownerOf = (slot: number) => primaries.find((primary) => primary.slots.some(([from, to]) => slot >= from && slot <= to))?.port;
      const slots = await Promise.all(Array.from({ length: 12 }, (_, index) => slotOf(viewerKeys('svc-embed:', `viewer-${index}`).ids)));
      expect(new Set(slots.map(ownerOf)).size).toBe(3);
    } finally {
      await node.close();
    }
  });

  it("replicas: 1, a write whose key's slot moved to another primary since the client learnt the layout: the MOVED is followed and the write lands on the new primary", async () => {
    const port = requireCluster().nodes[0].port;
    const primaries = (await clusterNodes(port)).filter((node) => node.role === 'primary');
    const { key, slot, source } = await keyInAnEmptySlot(`${freshPrefix()}:moved`, primaries);
    const target = primaries.find((node) => node !== source);
    if (!target) throw new Error('no other primary');
    const stale = await connect(); // learns the layout now, before the slot moves
    const routed: string[][] = [];
    const connection = redisConnection({ cluster: stale, waitsForReplicas: true });
    const recording: RedisConnection = { ...connection, send: (command) => (routed.push(command.words), connection.send(command)) };
    const acks = createReplicaAcks({ connection: recording, replicas: 1, timeoutMs: 2_500, deadlineMs: 5_000 });
    await moveEmptySlot(slot, source, target, primaries);
    try {
      expect(await acks.write({ key, words: ['SET', key, 'moved'], signal: new AbortController().signal })).toBe('OK');
      expect(routed).toEqual([['PTTL', key]]);
      expect((await redisCli(target.port, ['GET', key])).trim()).toBe('moved');
    } finally {
      await stale.sendCommand(key, false, ['DEL', key]);
      await stale.close();
      await moveEmptySlot(slot, target, source, primaries);
    }
  });

  it('fails, never skips, when redis-cli is missing, and names the install command', () => {
    expect(() => requireRedisBinary('redis-cli-not-installed')).toThrow(REDIS_INSTALL_COMMAND);
  });
});


/** A key `base-<n>` whose slot holds no key yet (a slot moves only when empty), its slot and the primary that serves it. */
async function keyInAnEmptySlot<Primary extends { port: number; slots: number[][] }>(base: string, primaries: readonly Primary[]) {
  for (let index = 0; index < 100; index += 1) {
    const key = `${base}-${index}`;
    const slot = Number(await redisCli(primaries[0]?.port ?? 0, ['CLUSTER', 'KEYSLOT', key]));
    const source = primaries.find((node) => node.slots.some(([from = -1, to = -1]) => slot >= from && slot <= to));
    if (source && Number(await redisCli(source.port, ['CLUSTER', 'COUNTKEYSINSLOT', slot])) === 0) return { key, slot, source };
  }
  throw new Error(`no key ${base}-<n> in an empty slot in 100 tries`);
}

/**
 * Moves `slot`, which holds no key, from the primary `from` to `to` as a resharding does (IMPORTING on
 * `to`, MIGRATING on `from`, then NODE on `to`, `from` and the other primaries): from then on
 * `from` answers the slot's keys with MOVED.
 */
async function moveEmptySlot(slot: number, from: { id: string; port: number }, to: { id: string; port: number }, primaries: readonly { id: string; port: number }[]): Promise<void> {
  const setSlot = async (port: number, ...words: string[]) => {
    const answer = (await redisCli(port, ['CLUSTER', 'SETSLOT', slot, ...words])).trim();
    if (answer !== 'OK') throw new Error(`CLUSTER SETSLOT ${slot} ${words.join(' ')} on port ${port} answered ${answer}`);
  };
  await setSlot(to.port, 'IMPORTING', from.id);
  await setSlot(from.port, 'MIGRATING', to.id);
  await setSlot(to.port, 'NODE', to.id);
  await setSlot(from.port, 'NODE', to.id);
  for (const other of primaries.filter((node) => node.id !== from.id && node.id !== to.id)) await setSlot(other.port, 'NODE', to.id);
}

/** Two endpoint instances on the cluster (each its own cluster client), `replicas` as given, one fake service that records mints and revocations. */
function twoInstances(replicas: number) {
  const prefix = freshPrefix();
  const service = fakeService();
  const instance = (index: number) => createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'nobody' }),
    mint: (viewer) => service.mint(viewer),
    revoke: (sessionId) => service.revoke(sessionId),
    store: createRedisStore({ cluster: cluster(index), prefix, replicas, timeoutMs: 500, replicaTimeoutMs: 200 }),
  });
  return { service, endpoints: [instance(0), instance(1)], prefix };
}

/** One mint as the browser asks for it; resolves with the id when it was handed out (200), else `null`. */
async function mint(endpoint: SessionEndpoint, viewerId: string): Promise<string | null> {
  const response = await endpoint.fetch(new Request(`http://backend.example${PATH}`, { method: 'POST', headers: { origin: ORIGIN, 'x-viewer': viewerId } }));
  return response.status === 200 ? ((await response.json()) as { sessionId: string }).sessionId : null;
}

/**
 * Two instances mint for 30 viewers (8 at a time) while the primary of some of them fails: its
 * replica cut off from it for 300 ms (the primary goes on answering writes the replica never gets),
 * then the primary killed, its replica promoted, the node started again (it rejoins as a replica).
 * Then every viewer signs out and both sweeps run. Resolves with the ids handed out and the service.
 */
async function failoverUnderLoad(replicas: number) {
  const { service, endpoints, prefix } = twoInstances(replicas);
  const viewers = Array.from({ length: 30 }, (_, index) => `viewer-${index}`);
  const victim = await requireCluster().primaryFor(viewerKeys(prefix, viewers[0] ?? '').ids);
  const handedOut: string[] = [];
  let minting = true;
  const mintAll = async (worker: number) => {
    for (let turn = worker; minting; turn += 8) {
      const id = await mint(endpoints[turn % 2] as SessionEndpoint, viewers[turn % viewers.length] ?? '');
      if (id) handedOut.push(id);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  const workers = Array.from({ length: 8 }, (_, worker) => mintAll(worker));
  await expect.poll(() => handedOut.length, { timeout: 10_000 }).toBeGreaterThan(100);
  await requireCluster().killPrimary(victim, { replicaCutOffMs: 300 });
  await requireCluster().waitForFailover(victim);
  const afterFailover = handedOut.length;
  await expect.poll(() => handedOut.length - afterFailover, { timeout: 20_000, interval: 100 }).toBeGreaterThan(100);
  // The promoted replica has no replica of its own until the killed node is back: with replicas, its viewers' writes wait for it.
  await requireCluster().restartNode(victim);
  minting = false;
  await Promise.all(workers);
  for (const [index, viewerId] of viewers.entries()) await expect.poll(() => (endpoints[index % 2] as SessionEndpoint).logoutViewer(viewerId).then(() => true, () => false), { timeout: 10_000 }).toBe(true);
  for (const endpoint of endpoints) await expect.poll(() => endpoint.revokePending().then((report) => report.pending, () => 1), { timeout: 10_000 }).toBe(0);
  return { handedOut, service };
}

describe('a failover under two endpoint instances, the replica cut off from its primary for 300 ms before the primary dies', () => {
  it('replicas: 1: every id handed out is revoked by the sign-outs, and every id minted is revoked', async () => {
    const { handedOut, service } = await failoverUnderLoad(1);
    const revoked = new Set(service.revoked);
    expect(handedOut.filter((id) => !revoked.has(id))).toEqual([]);
    expect(service.minted.filter((id) => !revoked.has(id))).toEqual([]);
    expect(new Set(handedOut).size).toBe(handedOut.length);
  }, 60_000);

  it('replicas: 0 (the control): the same failover loses ids that were handed out, which no sign-out revokes', async () => {
    const { handedOut, service } = await failoverUnderLoad(0);
    const revoked = new Set(service.revoked);
    expect(handedOut.filter((id) => !revoked.has(id)).length).toBeGreaterThan(0);
  }, 60_000);
});
