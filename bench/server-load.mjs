// Load run of the session endpoint (`npm run bench:server`; a script, not a timed test). In one run,
// round after round on fresh viewers: 1,000 viewers x 5 concurrent mints (5,000 POSTs at once over
// keep-alive connections) against
//   - a bare hand-written mint route (node:http: call mint, answer JSON; no ledger, no checks),
//   - the endpoint with the memory store (one node:http server),
//   - the endpoint with the Redis store on two instances (two node:http servers, each with its own
//     client, on one redis-server started for the run), mints alternating between them;
// then every viewer signs out (POST <path>/logout, alternating instances) and the run checks that
// the ids revoked at the service equal the ids minted, id for id, none revoked twice. The service is
// a recording stub that answers at once, so the figures are the endpoint's own cost. Everything but
// Redis runs in this one process. Prints Markdown tables; exits 1 if a check fails.
//
// SERVER_BASELINE=<directory of another build of @svc-embed/server> adds the same two endpoint
// scenarios on that build (its dist/esm), interleaved round by round with this one's, so a change
// is measured before and after in one run on one machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as current from '@svc-embed/server';
import * as currentRedis from '@svc-embed/server/redis';
import { listen, send as sendAs } from './http-load.mjs';
import { startRedisDaemon } from './redis-daemon.mjs';
import { format, formatSpread, quantile, spread } from './stats.mjs';

const VIEWERS = 1000;
const MINTS_PER_VIEWER = 5;
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const ORIGIN = 'https://app.example';
const PATH = '/api/embed-session';
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** The service: mints unique ids, records every revocation. */
function recordingService() {
  const service = { minted: [], revoked: [] };
  service.mint = async () => {
    const id = `ses_${service.minted.length + 1}`;
    service.minted.push(id);
    return id;
  };
  service.revoke = async (sessionId) => {
    service.revoked.push(sessionId);
  };
  return service;
}

/** The build under test, and the baseline build when SERVER_BASELINE names one. */
async function builds() {
  const list = [{ label: '', server: current, redis: currentRedis }];
  const dir = process.env.SERVER_BASELINE;
  if (dir) {
    const load = (file) => import(pathToFileURL(join(dir, 'dist', 'esm', file)).href);
    list.push({ label: ' (baseline)', server: await load('index.js'), redis: await load('redis.js') });
  }
  return list;
}

function sessionEndpoint(build, service, store) {
  return build.server.createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: (request) => {
      const id = request.headers.get('x-viewer');
      return id ? { id } : null;
    },
    mint: () => service.mint(),
    revoke: (sessionId) => service.revoke(sessionId),
    store,
  });
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

/** One request from the "browser": the allowed origin and the viewer's header. */
const send = (target, request) => sendAs(target, { ...request, origin: ORIGIN });

const viewerName = (round, index) => `r${round}-viewer-${index}`;

/** CPU time of another process (redis-server) so far, µs, from /proc (0 where there is none). */
function processCpuUs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * 1,000 viewers x 5 mints, all at once, spread over the targets in turn. Measures the wall time and the
 * CPU time spent (this process, plus redis-server's when `redisPid` is given): on a busy machine the
 * CPU per mint stays put while the wall time swings.
 */
async function mintPhase(targets, round, redisPid) {
  const cpu = process.cpuUsage();
  const redisCpu = redisPid ? processCpuUs(redisPid) : 0;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: VIEWERS * MINTS_PER_VIEWER }, (_, index) =>
      send(targets[index % targets.length], { method: 'POST', path: PATH, viewer: viewerName(round, index % VIEWERS) })),
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuUs = used.user + used.system + (redisPid ? processCpuUs(redisPid) - redisCpu : 0);
  const failed = answers.filter((answer) => answer.status !== 200).length;
  return { ms, cpuUs, failed, handedOut: answers.filter((answer) => answer.status === 200).map((answer) => answer.body.sessionId), latencies: answers.map((answer) => answer.ms) };
}

/** Every viewer of the round signs out, alternating instances. */
async function logoutPhase(targets, round) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: VIEWERS }, (_, index) => send(targets[index % targets.length], { method: 'POST', path: `${PATH}/logout`, viewer: viewerName(round, index) })),
  );
  return { ms: performance.now() - started, failed: answers.filter((answer) => answer.status !== 200 || answer.body.failed.length > 0).length };
}

/** Revoked equals minted, id for id; nothing revoked twice; every id handed out was minted. */
function verify(service, handedOut) {
  const minted = new Set(service.minted);
  const revoked = new Set(service.revoked);
  return {
    minted: minted.size,
    handedOut: handedOut.length,
    revoked: service.revoked.length,
    missing: [...minted].filter((id) => !revoked.has(id)).length,
    revokedTwice: service.revoked.length - revoked.size,
    foreign: [...revoked].filter((id) => !minted.has(id)).length + handedOut.filter((id) => !minted.has(id)).length,
  };
}

/** One round of one scenario: mints, then (when it has a ledger) sign-outs and the checks. */
async function runRound(scenario, round) {
  scenario.service.minted.length = 0;
  scenario.service.revoked.length = 0;
  const mints = await mintPhase(scenario.targets, round, scenario.redisPid);
  if (!scenario.hasLedger) return { mints, logout: null, check: null };
  const logout = await logoutPhase(scenario.targets, round);
  return { mints, logout, check: verify(scenario.service, mints.handedOut) };
}

/** The endpoint scenarios of one build: the memory store on one server, the Redis store on two. */
async function endpointScenarios(build, redis, clients) {
  const memoryService = recordingService();
  const redisService = recordingService();
  const prefix = `bench${build.label ? '-baseline' : ''}:`;
  const redisEndpoints = clients.map((client) => sessionEndpoint(build, redisService, build.redis.createRedisStore({ client, prefix })));
  return [
    { name: `endpoint${build.label}`, store: 'memory', service: memoryService, hasLedger: true, targets: [await listen(sessionEndpoint(build, memoryService, build.server.createMemoryStore()).node)] },
    { name: `endpoint, 2 instances${build.label}`, store: 'Redis', service: redisService, hasLedger: true, redisPid: redis.pid, targets: await Promise.all(redisEndpoints.map((endpoint) => listen(endpoint.node))) },
  ];
}

async function makeScenarios(redis) {
  const bareService = recordingService();
  const clients = await Promise.all([0, 1].map(() => createClient({ url: redis.url }).on('error', (error) => console.error('redis client:', error.message)).connect()));
  const scenarios = [{ name: 'bare mint route', store: '-', service: bareService, hasLedger: false, targets: [await listen(bareMintRoute(bareService))] }];
  for (const build of await builds()) scenarios.push(...(await endpointScenarios(build, redis, clients)));
  const close = async () => {
    await Promise.all(scenarios.flatMap((scenario) => scenario.targets.map((target) => target.close())));
    await Promise.all(clients.map((client) => client.close()));
  };
  return { scenarios, close };
}

/** Runs a warm-up round, then ROUNDS rounds with the scenarios interleaved, so drift hits them alike. */
async function measure(scenarios) {
  const results = new Map(scenarios.map((scenario) => [scenario, []]));
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const scenario of scenarios) {
      const result = await runRound(scenario, round);
      if (process.env.VERBOSE) console.error(round, scenario.name, Math.round(result.mints.ms), 'ms', result.logout && Math.round(result.logout.ms));
      if (round > 0) results.get(scenario).push(result);
    }
  }
  return results;
}

const MINTS = VIEWERS * MINTS_PER_VIEWER;
const mintsPerSecond = ({ mints }) => (MINTS * 1000) / mints.ms;
const cpuPerMintUs = ({ mints }) => mints.cpuUs / MINTS;

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
  const byName = new Map([...results].map(([scenario, rounds]) => [scenario.name, rounds]));
  const lines = ['| Store | Mints/s, baseline | Mints/s, this build | Change | CPU per mint, µs, baseline | this build |', '|---|---:|---:|---:|---:|---:|'];
  for (const [name, store] of [['endpoint', 'memory'], ['endpoint, 2 instances', 'Redis']]) {
    const before = byName.get(`${name} (baseline)`);
    const after = byName.get(name);
    if (!before || !after) return null;
    const rate = [spread(before.map(mintsPerSecond)).median, spread(after.map(mintsPerSecond)).median];
    const cpu = [spread(before.map(cpuPerMintUs)).median, spread(after.map(cpuPerMintUs)).median];
    const change = `${rate[1] >= rate[0] ? '+' : ''}${format((rate[1] / rate[0] - 1) * 100, 1)} %`;
    lines.push(`| ${store} | ${format(rate[0])} | ${format(rate[1])} | ${change} | ${format(cpu[0])} | ${format(cpu[1])} |`);
  }
  return lines.join('\n');
}

function checkTable(results) {
  const lines = ['| Scenario, store | Minted | Handed out | Revoked at sign-out | Minted, not revoked | Revoked twice | Unknown ids |', '|---|---:|---:|---:|---:|---:|---:|'];
  let ok = true;
  for (const [scenario, rounds] of results) {
    if (!scenario.hasLedger) continue;
    const sum = (key) => rounds.reduce((total, { check }) => total + check[key], 0);
    if (sum('missing') || sum('revokedTwice') || sum('foreign') || sum('minted') !== sum('revoked') || sum('handedOut') !== sum('minted')) ok = false;
    lines.push(`| ${scenario.name}, ${scenario.store} | ${format(sum('minted'))} | ${format(sum('handedOut'))} | ${format(sum('revoked'))} | ${sum('missing')} | ${sum('revokedTwice')} | ${sum('foreign')} |`);
  }
  return { table: lines.join('\n'), ok };
}

async function main() {
  const redis = await startRedisDaemon();
  let made;
  try {
    made = await makeScenarios(redis);
    const results = await measure(made.scenarios);
    const checks = checkTable(results);
    console.log(`## Session endpoint under load (Node ${process.version}, ${VIEWERS} viewers x ${MINTS_PER_VIEWER} concurrent mints, ${ROUNDS} rounds)\n`);
    console.log('CPU per mint counts this process (load generator, servers, endpoint) and, for Redis, redis-server.\n');
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
  }
}

await main();
