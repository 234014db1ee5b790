// The Redis store past one server (`npm run bench:cluster`; a script, not a timed test). In one run:
//
// 1. Load, as bench:server measures it (1,000 viewers x 5 concurrent mints over keep-alive HTTP,
//    then every viewer signs out, the ids revoked checked against the ids minted, id for id; a stub
//    service that answers at once), on two endpoint instances, against four setups, rounds
//    interleaved: one redis-server; a primary with one replica and `replicas: 1`; a Redis Cluster
//    of 3 primaries and 3 replicas; the same cluster with `replicas: 1`. Prints mints per second,
//    CPU per mint (this process and every redis-server), and the Redis CPU per mint on the
//    primaries and the replicas, from which the mints per second one primary can carry.
// 2. Failovers (cluster-failover.mjs): per seed, a fresh cluster, two instances, the emulator as
//    the service, 1,000 viewers x 5 mints, a primary killed at a seeded moment (after its replica
//    was cut off from it for `--partition-ms`, or not at all), the replica promoted, the node
//    started again; then every viewer signs out and the sweep runs. Without replicas, the ids
//    handed out and never revoked are counted; with `replicas: 1` there must be none (exit 1 if
//    there are).
//
// Options: --rounds N (load rounds, default 5; 0 leaves the load part out), --runs N (failover
// seeds, default 3; 0 leaves the failovers out), --seed N (the first seed, default 1),
// --partition-ms N (default 300), --viewers N (failover runs, default 1000).
import { createClient, createCluster } from 'redis';
import * as server from '@svc-embed/server';
import * as redis from '@svc-embed/server/redis';
import { failoverRun } from './cluster-failover.mjs';
import { checkTable, cpuPerMintUs, measure, mintsPerSecond, processCpuUs, recordingService, sessionEndpoint, MINTS, MINTS_PER_VIEWER, VIEWERS } from './endpoint-rounds.mjs';
import { listen } from './http-load.mjs';
import { clusterNodes, startRedisCluster, startRedisPrimaryWithReplica } from './redis-cluster.mjs';
import { startRedisDaemon } from './redis-daemon.mjs';
import { format, formatSpread, quantile, spread } from './stats.mjs';

function readOptions(argv) {
  const value = (name, fallback) => {
    const at = argv.indexOf(`--${name}`);
    return at === -1 ? fallback : Number(argv[at + 1]);
  };
  return { rounds: value('rounds', 5), runs: value('runs', 3), seed: value('seed', 1), partitionMs: value('partition-ms', 300), viewers: value('viewers', 1000) };
}

/** The Redis setups of the load part, each `{ name, replicas, connect(), pids, roles, stop() }`. */
async function startSetups() {
  const single = await startRedisDaemon();
  const pair = await startRedisPrimaryWithReplica();
  const cluster = await startRedisCluster({ primaries: 3, replicasPerPrimary: 1, nodeTimeoutMs: 1000 });
  const layout = await clusterNodes(cluster.nodes[0].port);
  const clusterRoles = cluster.nodes.map((node) => layout.find((known) => known.port === node.port)?.role ?? 'replica');
  const client = (url) => () => createClient({ url }).on('error', (error) => console.error('redis client:', error.message)).connect();
  const clusterClient = () => createCluster({ rootNodes: cluster.rootNodes }).on('error', (error) => console.error('redis cluster:', error.message)).connect();
  const onCluster = { connect: clusterClient, option: 'cluster', pids: cluster.nodes.map((node) => node.pid), roles: clusterRoles };
  return {
    setups: [
      { name: 'one server', replicas: 0, connect: client(single.url), option: 'client', pids: [single.pid], roles: ['primary'] },
      { name: 'primary + 1 replica', replicas: 1, connect: client(pair.primary.url), option: 'client', pids: [pair.primary.pid, pair.replica.pid], roles: ['primary', 'replica'] },
      { name: 'cluster, 3 primaries + 3 replicas', replicas: 0, ...onCluster },
      { name: 'cluster, 3 primaries + 3 replicas', replicas: 1, ...onCluster },
    ],
    stop: () => Promise.all([single.stop(), pair.stop(), cluster.stop()]),
  };
}

const IDLE_MS = 3000;

/**
 * Each redis-server's own CPU while idle, µs per second (cron, the cluster bus), measured over
 * IDLE_MS before the rounds; the Redis CPU per mint below is net of it, so the figure for a cluster
 * of six processes is not its idle time spread over the mints.
 */
async function idleCpuRates(setups) {
  const pids = [...new Set(setups.flatMap((setup) => setup.pids))];
  const before = pids.map(processCpuUs);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const rates = new Map(pids.map((pid, index) => [pid, ((processCpuUs(pid) - (before[index] ?? 0)) * 1000) / IDLE_MS]));
  for (const setup of setups) setup.idleUsPerSecond = setup.pids.map((pid) => rates.get(pid) ?? 0);
}

/** Two endpoint instances per setup, each with its own client; resolves with the scenarios and a `close()`. */
async function makeScenarios(setups) {
  const clients = [];
  const scenarios = [];
  for (const [index, setup] of setups.entries()) {
    const service = recordingService();
    const pair = await Promise.all([setup.connect(), setup.connect()]);
    clients.push(...pair);
    const endpoints = pair.map((connected) => sessionEndpoint({ server }, service, redis.createRedisStore({ [setup.option]: connected, prefix: `bench-${index}:`, replicas: setup.replicas })));
    const targets = await Promise.all(endpoints.map((endpoint) => listen(endpoint.node)));
    scenarios.push({ name: setup.name, store: `replicas: ${setup.replicas}`, setup, service, hasLedger: true, redisPids: setup.pids, targets });
  }
  const close = async () => {
    await Promise.all(scenarios.flatMap((scenario) => scenario.targets.map((target) => target.close())));
    await Promise.all(clients.map((client) => client.close()));
  };
  return { scenarios, close };
}

/** Redis CPU per mint on the processes of one role (`primary` or `replica`), net of their idle CPU, µs, in one round. */
const redisCpuPerMint = (scenario, role) => ({ mints }) => {
  const { roles, idleUsPerSecond } = scenario.setup;
  const busy = mints.redisCpuUs.map((us, index) => (roles[index] === role ? Math.max(0, us - (idleUsPerSecond[index] ?? 0) * (mints.ms / 1000)) : 0));
  return busy.reduce((sum, us) => sum + us, 0) / MINTS;
};

function loadTable(results, rounds) {
  const lines = [
    `| Redis | Store | Mints/s, median (min–max) of ${rounds} | CPU per mint, µs (Node + Redis) | Redis CPU per mint, µs, net of idle: primaries / replicas | Latency p50 / p99, ms | Failed | Sign-out of ${format(VIEWERS)} viewers, ms |`,
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [scenario, list] of results) {
    const latencies = list.flatMap(({ mints }) => mints.latencies);
    const failed = list.reduce((sum, { mints, logout }) => sum + mints.failed + logout.failed, 0);
    const primaries = spread(list.map(redisCpuPerMint(scenario, 'primary'))).median;
    const replicas = spread(list.map(redisCpuPerMint(scenario, 'replica'))).median;
    const cells = [scenario.name, scenario.store, formatSpread(spread(list.map(mintsPerSecond))), formatSpread(spread(list.map(cpuPerMintUs))), `${format(primaries, 1)} / ${format(replicas, 1)}`];
    lines.push(`| ${cells.join(' | ')} | ${format(quantile(latencies, 0.5), 1)} / ${format(quantile(latencies, 0.99), 1)} | ${failed} | ${formatSpread(spread(list.map(({ logout }) => logout.ms)))} |`);
  }
  return lines.join('\n');
}

/** The sizing: one primary's CPU per mint (a mint is two scripts on the primary owning the viewer), and the mints per second one core of it carries. */
function sizingTable(results) {
  const lines = ['| Redis | Store | Primary CPU per mint, µs, net of idle | Mints/s one primary carries at one full core |', '|---|---|---:|---:|'];
  for (const [scenario, list] of results) {
    const perMint = spread(list.map(redisCpuPerMint(scenario, 'primary'))).median;
    lines.push(`| ${scenario.name} | ${scenario.store} | ${format(perMint, 1)} | ${format(1e6 / perMint)} |`);
  }
  return lines.join('\n');
}

async function loadPart(options) {
  if (options.rounds <= 0) return true;
  const started = await startSetups();
  let made;
  try {
    await idleCpuRates(started.setups);
    made = await makeScenarios(started.setups);
    const results = await measure(made.scenarios, options.rounds);
    console.log(`## The Redis store on one server and on a cluster (${VIEWERS} viewers x ${MINTS_PER_VIEWER} concurrent mints, ${options.rounds} rounds, two endpoint instances)\n`);
    console.log(loadTable(results, options.rounds));
    console.log('\nSizing: Redis runs commands on one thread, so one primary carries at most one core of this.\n');
    console.log(sizingTable(results));
    const checks = checkTable(results);
    console.log(`\nEvery viewer signed out after each round: revoked equals minted, id for id.\n\n${checks.table}`);
    return checks.ok;
  } finally {
    await made?.close();
    await started.stop();
  }
}

function failoverRow(run) {
  const { figures, fault, load } = run;
  const partition = run.partitionMs > 0 ? `${run.partitionMs} ms` : 'none';
  const cells = [run.seed, `replicas: ${run.replicas}`, partition, `at answer ${fault.answeredAtKill}, slots ${run.victimSlots.map((range) => range.join('-')).join(',')}`, `${format(fault.failoverMs)} / ${format(fault.backMs)}`];
  const counts = [format(figures.minted), format(figures.handedOut), format(figures.refused), `**${figures.lost}**`, figures.mintedLive, format((figures.handedOut * 1000) / load.ms)];
  return `| ${[...cells, ...counts].join(' | ')} |`;
}

async function failoverPart(options) {
  if (options.runs <= 0) return true;
  console.log(`\n## Failovers (${options.viewers} viewers x 5 mints, two instances, the emulator as the service; a primary killed, its replica promoted, the node started again; then every viewer signs out and the sweep runs)\n`);
  console.log('| seed | store | replica cut off before the kill | fault began | failover / node back, ms | minted at the service | handed out (200) | 503 answers | **handed out, not revoked (lost)** | minted, not revoked | handed out per s |');
  console.log('|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  let ok = true;
  for (let seed = options.seed; seed < options.seed + options.runs; seed += 1) {
    for (const partitionMs of [0, options.partitionMs]) {
      for (const replicas of [0, 1]) {
        const run = await failoverRun({ seed, replicas, partitionMs, viewers: options.viewers });
        console.log(failoverRow(run));
        if (replicas > 0 && (run.figures.lost > 0 || run.figures.mintedLive > 0)) ok = false;
      }
    }
  }
  return ok;
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  const loadOk = await loadPart(options);
  const failoverOk = await failoverPart(options);
  if (!loadOk) console.error('\nFAILED: the ids revoked at sign-out are not the ids minted (see the table)');
  if (!failoverOk) console.error('\nFAILED: with replicas: 1, an id handed out was not revoked after the failover');
  if (!loadOk || !failoverOk) process.exitCode = 1;
}

await main();
