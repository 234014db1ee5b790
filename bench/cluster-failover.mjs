// One failover run of `npm run bench:cluster`: a fresh Redis Cluster (3 primaries, 3 replicas,
// cluster-node-timeout 1 s), two endpoint instances on it (node:http, each its own cluster client),
// the emulator as the service; 1,000 viewers x 5 mints over HTTP, 100 viewers at a time, mints
// alternating between the instances (a 503 is asked again up to 5 times, 250 ms apart, as the
// browser side retries). At a seeded share of the mints answered, a seeded primary is killed
// (SIGKILL). With `partitionMs`, its replica is cut off from it for that long first, as in a
// network partition (redis-cluster.mjs `killPrimary`): the primary keeps answering writes that
// never reach the replica, then it is killed. The replica is promoted; once the cluster is whole again
// the killed node is started again (it rejoins as a replica). Then every viewer signs out and the
// sweep runs on both instances until nothing is pending. Counts: ids handed out (200) and not
// revoked at the service: lost.
import { createCluster } from 'redis';
import { createEmulator } from '@svc-embed/emulator';
import { createSessionEndpoint } from '@svc-embed/server';
import { createRedisStore } from '@svc-embed/server/redis';
import { ORIGIN, PATH } from './endpoint-rounds.mjs';
import { flakyService, seededRandom } from './fault-service.mjs';
import { listen } from './http-load.mjs';
import { forViewersAtOnce, mintAskingAgain, signOutEveryone } from './retry-path.mjs';
import { clusterNodes, startRedisCluster } from './redis-cluster.mjs';

const API_KEY = 'emulator-dev-key';

/** Two endpoint instances on the cluster, `replicas` as given; resolves with their HTTP targets and a `close()`. */
async function startInstances(local, service, replicas) {
  const clients = await Promise.all([0, 1].map(() => createCluster({ rootNodes: local.rootNodes }).on('error', () => undefined).connect()));
  const endpoints = clients.map((cluster) => createSessionEndpoint({
    path: PATH, allowedOrigins: [ORIGIN], mint: service.mint, revoke: service.revoke,
    viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'nobody' }),
    store: createRedisStore({ cluster, prefix: 'failover:', replicas }),
    // Failovers fail requests on purpose, and the run counts the answers: no log of each.
    onError: () => {},
  }));
  const targets = await Promise.all(endpoints.map((endpoint) => listen(endpoint.node)));
  const close = async () => {
    await Promise.all(targets.map((target) => target.close()));
    await Promise.all(clients.map((client) => client.close()));
  };
  return { endpoints, targets, close };
}

/**
 * The fault, run once `tick(answered)` reaches `atMint`: kill the primary on `port` (its replica cut
 * off from it for `partitionMs` first), wait for the failover, start the node again. `done()`
 * resolves when it is over; `log` says when each step happened (ms from the kill).
 */
function failoverAt({ local, port, atMint, partitionMs }) {
  const log = { port, atMint, partitionMs, answeredAtKill: null, failoverMs: null, backMs: null };
  let running = null;
  const perform = async (answered) => {
    log.answeredAtKill = answered;
    await local.killPrimary(port, { replicaCutOffMs: partitionMs });
    const killedAt = Date.now();
    await local.waitForFailover(port);
    log.failoverMs = Date.now() - killedAt;
    await local.restartNode(port);
    log.backMs = Date.now() - killedAt;
  };
  return {
    log,
    tick: (answered) => {
      if (running === null && answered >= atMint) running = perform(answered);
    },
    done: () => running ?? perform(atMint),
  };
}

/** Every viewer's mints, 100 viewers at a time, each viewer's mints at once; the fault ticks with the answers. */
async function runLoad({ run, viewers, mints, fault }) {
  const load = { handedOut: [], statuses: {}, answered: 0 };
  const mintOnce = (viewer, index) => mintAskingAgain({ target: run.targets[index % 2], viewer, load, onAnswer: fault.tick });
  const started = Date.now();
  await forViewersAtOnce(viewers, (viewer, index) => Promise.all(Array.from({ length: mints }, (_, mint) => mintOnce(viewer, index + mint))));
  return { ...load, ms: Date.now() - started };
}

/** What the service says: ids minted, handed out, and handed out but not revoked (lost), or minted and not revoked. */
function verify(emulator, load) {
  const live = (id) => emulator.state.describe(id)?.status !== 'revoked';
  const minted = emulator.state.mints.map((entry) => entry.sessionId);
  return {
    minted: minted.length,
    handedOut: load.handedOut.length,
    lost: load.handedOut.filter(live).length,
    mintedLive: minted.filter(live).length,
    refused: load.statuses[503] ?? 0,
  };
}

/**
 * One failover run: `{ seed, replicas, partitionMs, viewers, mints }`. Resolves with its figures and
 * the fault's log. The seed picks the primary killed and the moment (30-70 % of the mints answered).
 */
export async function failoverRun({ seed, replicas, partitionMs = 0, viewers: viewerCount = 1000, mints = 5 }) {
  const random = seededRandom(`failover-${seed}`);
  const local = await startRedisCluster({ primaries: 3, replicasPerPrimary: 1, nodeTimeoutMs: 1000 });
  const emulator = await createEmulator({ port: 0, hostname: '127.0.0.1' });
  const service = flakyService({ emulator, apiKey: API_KEY, random: seededRandom(`service-${seed}`), revokeFailure: 0, mintDelayMs: 0 });
  let run;
  try {
    // A node can still be listed as a primary without slots for a moment after the cluster formed.
    const primaries = (await clusterNodes(local.nodes[0].port)).filter((node) => node.role === 'primary' && node.slots.length > 0).sort((a, b) => a.slots[0][0] - b.slots[0][0]);
    const victim = primaries[Math.floor(random() * primaries.length)];
    const fault = failoverAt({ local, port: victim.port, atMint: Math.round(viewerCount * mints * (0.3 + random() * 0.4)), partitionMs });
    run = await startInstances(local, service, replicas);
    const viewers = Array.from({ length: viewerCount }, (_, index) => `viewer-${index}`);
    const load = await runLoad({ run, viewers, mints, fault });
    await fault.done();
    const path = await signOutEveryone(run.endpoints, viewers);
    return { seed, replicas, partitionMs, victimSlots: victim.slots, load, path, fault: fault.log, figures: verify(emulator, load) };
  } finally {
    await run?.close();
    await emulator.close();
    await local.stop();
  }
}
