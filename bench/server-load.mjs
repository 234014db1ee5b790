// Load run of the session endpoint (`npm run bench:server`; a script, not a timed test). In one run,
// round after round on fresh viewers: 1,000 viewers x 5 concurrent mints (5,000 POSTs at once over
// keep-alive connections) against
//   - a bare hand-written mint route (node:http: call mint, answer JSON; no ledger, no checks),
//   - the endpoint with the memory store (one node:http server),
//   - the endpoint with the Redis store on two instances (two node:http servers, each with its own
//     client, on one redis-server started for the run), mints alternating between them;
//   - the endpoint with the Postgres store on two instances (each with its own pg Pool of 20
//     connections, on one postgres started for the run with its default settings: fsync and
//     synchronous_commit on), mints alternating between them;
// then every viewer signs out (POST <path>/logout, alternating instances) and the run checks that
// the ids revoked at the service equal the ids minted, id for id, none revoked twice. The service is
// a recording stub that answers at once, so the figures are the endpoint's own cost. Everything but
// Redis and Postgres runs in this one process. Prints Markdown tables; exits 1 if a check fails.
//
// SERVER_BASELINE=<directory of another build of @svc-embed/server> adds the same two endpoint
// scenarios on that build (its dist/esm), interleaved round by round with this one's, so a change
// is measured before and after in one run on one machine.
import pg from 'pg';
import { createClient } from 'redis';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as current from '@svc-embed/server';
import * as currentRedis from '@svc-embed/server/redis';
import * as currentPostgres from '@svc-embed/server/postgres';
import { checkTable, cpuPerMintUs, measure, mintsPerSecond, recordingService, sessionEndpoint, PATH, MINTS_PER_VIEWER, VIEWERS } from './endpoint-rounds.mjs';
import { listen } from './http-load.mjs';
import { postgresProcesses, startPostgresDaemon } from './postgres-daemon.mjs';
import { startRedisDaemon } from './redis-daemon.mjs';
import { format, formatSpread, quantile, spread } from './stats.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 7);

/** The build under test, and the baseline build when SERVER_BASELINE names one. */
async function builds() {
  const list = [{ label: '', server: current, redis: currentRedis, postgres: currentPostgres }];
  const dir = process.env.SERVER_BASELINE;
  if (dir) {
    const load = (file) => import(pathToFileURL(join(dir, 'dist', 'esm', file)).href);
    list.push({ label: ' (baseline)', server: await load('index.js'), redis: await load('redis.js'), postgres: await load('postgres.js').catch(() => null) });
  }
  return list;
}

/** The route a customer writes by hand: POST mints and answers JSON; nothing recorded, nothing checked. */
function bareMintRoute(service) {
  return async (req, res) => {
    if (req.method !== 'POST' || req.url !== PATH) return void res.writeHead(404).end();
    req.resume();
    const sessionId = await service.mint();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify({ sessionId }));
  };
}

/** The endpoint scenarios of one build: the memory store on one server, the Redis store on two, the Postgres store on two. */
async function endpointScenarios(build, servers, connections) {
  const memoryService = recordingService();
  const redisService = recordingService();
  const prefix = `bench${build.label ? '-baseline' : ''}:`;
  const redisEndpoints = connections.clients.map((client) => sessionEndpoint(build, redisService, build.redis.createRedisStore({ client, prefix })));
  const scenarios = [
    { name: `endpoint${build.label}`, store: 'memory', service: memoryService, hasLedger: true, targets: [await listen(sessionEndpoint(build, memoryService, build.server.createMemoryStore()).node)] },
    { name: `endpoint, 2 instances${build.label}`, store: 'Redis', service: redisService, hasLedger: true, redisPids: [servers.redis.pid], targets: await Promise.all(redisEndpoints.map((endpoint) => listen(endpoint.node))) },
  ];
  if (build.postgres) scenarios.push(await postgresScenario(build, servers.postgres, connections.pools));
  return scenarios;
}

/** The Postgres store on two instances, its tables made in a schema of the build's own; the CPU counted includes every postgres process (the backends the pools opened, opened before the first round). */
async function postgresScenario(build, postgres, pools) {
  const service = recordingService();
  const schema = `bench${build.label ? '_baseline' : ''}`;
  const stores = pools.map((pool) => build.postgres.createPostgresStore({ pool, schema }));
  await stores[0].ensureSchema();
  await Promise.all(pools.map((pool) => Promise.all(Array.from({ length: POOL_SIZE }, () => pool.query('SELECT pg_sleep(0.05)')))));
  const endpoints = stores.map((store) => sessionEndpoint(build, service, store));
  return {
    name: `endpoint, 2 instances${build.label}`, store: 'Postgres', service, hasLedger: true,
    get redisPids() {
      return postgresProcesses(postgres.pid); // the servers' CPU, Postgres' here: read at the start of each round
    },
    targets: await Promise.all(endpoints.map((endpoint) => listen(endpoint.node))),
  };
}

/** Connections of each Postgres instance's pool. */
const POOL_SIZE = 20;

async function makeScenarios(servers) {
  const bareService = recordingService();
  const clients = await Promise.all([0, 1].map(() => createClient({ url: servers.redis.url }).on('error', (error) => console.error('redis client:', error.message)).connect()));
  const pools = [0, 1].map(() => new pg.Pool({ connectionString: servers.postgres.url, max: POOL_SIZE, idleTimeoutMillis: 0 }).on('error', (error) => console.error('postgres pool:', error.message)));
  const scenarios = [{ name: 'bare mint route', store: '-', service: bareService, hasLedger: false, targets: [await listen(bareMintRoute(bareService))] }];
  for (const build of await builds()) scenarios.push(...(await endpointScenarios(build, servers, { clients, pools })));
  const close = async () => {
    await Promise.all(scenarios.flatMap((scenario) => scenario.targets.map((target) => target.close())));
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(pools.map((pool) => pool.end()));
  };
  return { scenarios, close };
}

function throughputTable(results) {
  const bare = [...results.values()][0];
  const bareCpu = spread(bare.map(cpuPerMintUs)).median;
  const lines = [
    `| Route | Store | Mints/s, median (min–max) of ${ROUNDS} | CPU per mint, µs | Over the bare route, CPU µs per mint | Latency p50 / p99, ms | Failed | Sign-out of ${format(VIEWERS)} viewers, ms |`,
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [scenario, rounds] of results) {
    const cpu = spread(rounds.map(cpuPerMintUs));
    const latencies = rounds.flatMap(({ mints }) => mints.latencies);
    const overhead = scenario.hasLedger ? `+${format(cpu.median - bareCpu)} (${format(cpu.median / bareCpu, 2)}x)` : '-';
    const failed = rounds.reduce((sum, { mints, logout }) => sum + mints.failed + (logout?.failed ?? 0), 0);
    const logout = scenario.hasLedger ? formatSpread(spread(rounds.map(({ logout: phase }) => phase.ms))) : '-';
    const cells = [scenario.name, scenario.store, formatSpread(spread(rounds.map(mintsPerSecond))), formatSpread(cpu), overhead];
    lines.push(`| ${cells.join(' | ')} | ${format(quantile(latencies, 0.5), 1)} / ${format(quantile(latencies, 0.99), 1)} | ${failed} | ${logout} |`);
  }
  return lines.join('\n');
}

/** This build against the baseline, store by store: median mints per second and CPU per mint, and the change. */
function baselineTable(results) {
  const storeOf = (scenario) => `${scenario.store}${scenario.name.endsWith('(baseline)') ? ' (baseline)' : ''}`;
  const byStore = new Map([...results.keys()].map((scenario) => [storeOf(scenario), results.get(scenario)]));
  const lines = ['| Store | Mints/s, baseline | Mints/s, this build | Change | CPU per mint, µs, baseline | this build |', '|---|---:|---:|---:|---:|---:|'];
  for (const store of ['memory', 'Redis', 'Postgres']) {
    const before = byStore.get(`${store} (baseline)`);
    const after = byStore.get(store);
    if (!before || !after) continue; // a baseline build without this store
    const rate = [spread(before.map(mintsPerSecond)).median, spread(after.map(mintsPerSecond)).median];
    const cpu = [spread(before.map(cpuPerMintUs)).median, spread(after.map(cpuPerMintUs)).median];
    const change = `${rate[1] >= rate[0] ? '+' : ''}${format((rate[1] / rate[0] - 1) * 100, 1)} %`;
    lines.push(`| ${store} | ${format(rate[0])} | ${format(rate[1])} | ${change} | ${format(cpu[0])} | ${format(cpu[1])} |`);
  }
  return lines.length > 2 ? lines.join('\n') : null;
}

async function main() {
  const redis = await startRedisDaemon();
  const postgres = await startPostgresDaemon().catch(async (error) => {
    await redis.stop();
    throw error;
  });
  let made;
  try {
    made = await makeScenarios({ redis, postgres });
    const results = await measure(made.scenarios, ROUNDS);
    const checks = checkTable(results);
    console.log(`## Session endpoint under load (Node ${process.version}, ${VIEWERS} viewers x ${MINTS_PER_VIEWER} concurrent mints, ${ROUNDS} rounds)\n`);
    console.log('CPU per mint counts this process (load generator, servers, endpoint) and, for Redis, redis-server; for Postgres, every postgres process.\n');
    console.log(throughputTable(results));
    console.log(`\nEvery viewer signed out after each round (alternating instances): revoked equals minted, id for id.\n`);
    console.log(checks.table);
    const baseline = baselineTable(results);
    if (baseline) console.log(`\nThis build against the baseline (SERVER_BASELINE), same run, rounds interleaved:\n\n${baseline}`);
    if (!checks.ok) {
      console.error('\nFAILED: the ids revoked at sign-out are not the ids minted (see the table)');
      process.exitCode = 1;
    }
  } finally {
    await made?.close();
    await redis.stop();
    await postgres.stop();
  }
}

await main();
