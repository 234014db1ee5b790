// Local Redis topologies for the cluster benchmark and the server's tests, made of redis-servers run
// as children of this process (redis-daemon.mjs: free ports, temporary directories, stopped by their pids):
// - a Redis Cluster: primaries and replicas joined by `redis-cli --cluster create`, ready once every
//   node says `cluster_state:ok` and every replica's link to its primary is up;
// - a primary with one replica (`--replicaof`), ready once the replica's link is up.
// Both fail, naming the install command, when redis-server or redis-cli is missing; never skip.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { requireRedisBinary, startRedisDaemon } from './redis-daemon.mjs';

const run = promisify(execFile);
const READY_TIMEOUT_MS = 20_000;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One command through redis-cli on a local port; resolves with its output. */
export async function redisCli(port, words) {
  const { stdout } = await run('redis-cli', ['-p', String(port), ...words.map(String)], { encoding: 'utf8' });
  return stdout;
}

/** Resolves once `check()` resolves true, polling; rejects after READY_TIMEOUT_MS naming `what`. */
async function until(check, what) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`the local Redis did not get ready within ${READY_TIMEOUT_MS} ms: ${what}`);
    await delay(50);
  }
}

/** Whether the replica on `port` has its link to its primary up (and has synced). */
async function linkUp(port) {
  return /master_link_status:up/.test(await redisCli(port, ['INFO', 'replication']));
}

/**
 * The cluster's nodes as `port` sees them (`CLUSTER NODES`): each `{ id, port, role, primaryId,
 * failed, slots }`, `role` `'primary'` or `'replica'`, `slots` the ranges it serves (`[from, to]`).
 */
export async function clusterNodes(port) {
  const lines = (await redisCli(port, ['CLUSTER', 'NODES'])).trim().split('\n');
  return lines.map((line) => {
    const [id, address, flags, primaryId, , , , , ...slots] = line.trim().split(' ');
    return {
      id,
      port: Number(address.split('@')[0].split(':').at(-1)),
      role: flags.includes('master') ? 'primary' : 'replica',
      primaryId: primaryId === '-' ? null : primaryId,
      failed: /fail/.test(flags),
      slots: slots.filter((slot) => /^\d/.test(slot)).map((slot) => slot.split('-').map(Number)).map((range) => [range[0], range[1] ?? range[0]]),
    };
  });
}

/** Whether `port` says the cluster is whole: `cluster_state:ok` and every slot served. */
async function clusterOk(port) {
  const info = await redisCli(port, ['CLUSTER', 'INFO']);
  return info.includes('cluster_state:ok') && info.includes('cluster_slots_ok:16384');
}

/**
 * Starts a Redis Cluster of `primaries` primaries with `replicasPerPrimary` replicas each on free
 * loopback ports; resolves once it is whole. `nodeTimeoutMs` is `cluster-node-timeout`: how long a
 * silent primary takes to be failed over (Redis' default is 15 s; a test wants about 1 s).
 * Resolves with `{ nodes, rootNodes, primaryFor(key), killPrimary(port, { replicaCutOffMs }),
 * waitForFailover(port), restartNode(port), stop() }`; `nodes` are the daemons (each with `port`,
 * `pid`, `kill()`).
 */
export async function startRedisCluster({ primaries = 3, replicasPerPrimary = 1, nodeTimeoutMs = 1000 } = {}) {
  requireRedisBinary('redis-server');
  requireRedisBinary('redis-cli');
  const count = primaries * (1 + replicasPerPrimary);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startRedisDaemon({ cluster: { nodeTimeoutMs } })));
  const nodes = started.filter((node) => node.status === 'fulfilled').map((node) => node.value);
  const failed = started.find((node) => node.status === 'rejected');
  if (failed) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw failed.reason;
  }
  const cluster = clusterHandle(nodes);
  try {
    const addresses = nodes.map((node) => `127.0.0.1:${node.port}`);
    await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', String(replicasPerPrimary), '--cluster-yes'], { encoding: 'utf8' });
    await cluster.waitUntilWhole();
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/**
 * Kills the primary on `port` (SIGKILL to its pid): its replica is promoted after
 * `nodeTimeoutMs`. With `replicaCutOffMs`, its replica is cut off from it for that long first,
 * as in a network partition: the replica is stopped (SIGSTOP), the primary drops its link
 * (`CLIENT KILL TYPE replica`) and goes on answering writes that never reach the replica; then
 * the primary is killed and the replica continued.
 */
async function killPrimary(nodes, port, { replicaCutOffMs = 0 } = {}) {
  const node = nodes.find((candidate) => candidate.port === port);
  if (!node) throw new Error(`no node of this cluster on port ${port}`);
  const layout = await clusterNodes(port);
  const primaryId = layout.find((known) => known.port === port)?.id;
  const replica = nodes.find((candidate) => candidate.port === layout.find((known) => known.primaryId === primaryId)?.port);
  if (replicaCutOffMs > 0) {
    replica?.pause();
    await redisCli(port, ['CLIENT', 'KILL', 'TYPE', 'replica']);
    await delay(replicaCutOffMs);
  }
  node.killed = true;
  await node.kill();
  replica?.resume();
}

/** What a started cluster offers its test or benchmark. */
function clusterHandle(nodes) {
  const living = () => nodes.filter((node) => !node.killed);
  const cluster = {
    nodes,
    rootNodes: nodes.map((node) => ({ url: node.url })),
    /** Resolves once every living node says the cluster is whole and every replica's link is up. */
    waitUntilWhole: async () => {
      for (const node of living()) await until(() => clusterOk(node.port), `cluster_state:ok on port ${node.port}`);
      const layout = await clusterNodes(living()[0].port);
      const replicas = layout.filter((node) => node.role === 'replica' && !node.failed);
      for (const replica of replicas) await until(() => linkUp(replica.port), `the replica on port ${replica.port} synced with its primary`);
    },
    /** The port of the primary serving `key`'s hash slot now. */
    primaryFor: async (key) => {
      const port = living()[0].port;
      const slot = Number((await redisCli(port, ['CLUSTER', 'KEYSLOT', key])).trim());
      const owner = (await clusterNodes(port)).find((node) => node.role === 'primary' && !node.failed && node.slots.some((range) => slot >= range[0] && slot <= range[1]));
      if (!owner) throw new Error(`no primary serves slot ${slot}`);
      return owner.port;
    },
    /** Kills the primary on `port`, its replica cut off from it first with `replicaCutOffMs` (see killPrimary). */
    killPrimary: (port, options) => killPrimary(nodes, port, options),
    /** Resolves once the slots of the killed primary on `port` are served again (its replica promoted) and the cluster is whole. */
    waitForFailover: async (port) => {
      await until(async () => {
        const layout = await clusterNodes(living()[0].port);
        return layout.some((node) => node.port === port && node.failed) && (await clusterOk(living()[0].port));
      }, `a replica took over from the primary on port ${port}`);
      await cluster.waitUntilWhole();
    },
    /** Starts the killed node on `port` again from its directory; it rejoins as a replica of the primary that took over. */
    restartNode: async (port) => {
      const node = nodes.find((candidate) => candidate.port === port && candidate.killed);
      if (!node) throw new Error(`no killed node of this cluster on port ${port}`);
      await node.restart();
      node.killed = false;
      await until(async () => (await clusterNodes(port)).some((known) => known.port === port && known.role === 'replica'), `the node on port ${port} rejoined as a replica`);
      await cluster.waitUntilWhole();
    },
    stop: () => Promise.all(nodes.map((node) => node.stop())),
  };
  return cluster;
}

/**
 * Starts a primary and one replica of it (`--replicaof`) on free loopback ports; resolves with
 * `{ primary, replica, stop() }` once the replica has synced.
 */
export async function startRedisPrimaryWithReplica() {
  const primary = await startRedisDaemon();
  try {
    const replica = await startRedisDaemon({ replicaOf: primary.port });
    const pair = { primary, replica, stop: () => Promise.all([replica.stop(), primary.stop()]) };
    await until(() => linkUp(replica.port), `the replica on port ${replica.port} synced with the primary on port ${primary.port}`).catch(async (error) => {
      await replica.stop();
      throw error;
    });
    return pair;
  } catch (error) {
    await primary.stop();
    throw error;
  }
}
