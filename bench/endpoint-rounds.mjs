// The rounds of the endpoint load runs (bench:server, bench:cluster): per round, 1,000 viewers x 5
// mints all at once over keep-alive HTTP, spread over a scenario's instances, then every viewer
// signs out (alternating instances), and the check that the ids revoked at the service are the ids
// minted, id for id. CPU per mint counts this process and the given Redis processes. Scenarios run
// interleaved round by round, so the machine's drift hits them alike.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { logoutPath } from '@svc-embed/protocol/session-endpoint';
import { send as sendAs } from './http-load.mjs';
import { format } from './stats.mjs';

export const VIEWERS = 1000;
export const MINTS_PER_VIEWER = 5;
export const MINTS = VIEWERS * MINTS_PER_VIEWER;
export const ORIGIN = 'https://app.example';
export const PATH = '/api/embed-session';
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** The service: mints unique ids, records every revocation. */
export function recordingService() {
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

/** The endpoint of `build` (`{ server }`: a build of @svc-embed/server) on `store`, the viewer named by `x-viewer`. */
export function sessionEndpoint(build, service, store) {
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

/** One request from the "browser": the allowed origin and the viewer's header. */
export const send = (target, request) => sendAs(target, { ...request, origin: ORIGIN });

const viewerName = (round, index) => `r${round}-viewer-${index}`;

/** CPU time of another process (a redis-server) so far, µs, from /proc (0 where there is none). */
export function processCpuUs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU time of each process of `pids` so far, µs. */
const cpuOf = (pids) => pids.map(processCpuUs);

/**
 * 1,000 viewers x 5 mints, all at once, spread over the targets in turn. Measures the wall time and the
 * CPU time spent (this process, plus each of `redisPids`, also apart in `redisCpuUs`): on a busy
 * machine the CPU per mint stays put while the wall time swings.
 */
async function mintPhase(targets, round, redisPids) {
  const cpu = process.cpuUsage();
  const redisBefore = cpuOf(redisPids);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: MINTS }, (_, index) =>
      send(targets[index % targets.length], { method: 'POST', path: PATH, viewer: viewerName(round, index % VIEWERS) })),
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const redisCpuUs = cpuOf(redisPids).map((after, index) => after - (redisBefore[index] ?? 0));
  const cpuUs = used.user + used.system + redisCpuUs.reduce((sum, us) => sum + us, 0);
  const failed = answers.filter((answer) => answer.status !== 200).length;
  return { ms, cpuUs, redisCpuUs, failed, handedOut: answers.filter((answer) => answer.status === 200).map((answer) => answer.body.sessionId), latencies: answers.map((answer) => answer.ms) };
}

/** Every viewer of the round signs out, alternating instances. */
async function logoutPhase(targets, round) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: VIEWERS }, (_, index) => send(targets[index % targets.length], { method: 'POST', path: logoutPath(PATH), viewer: viewerName(round, index) })),
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

/**
 * One round of one scenario (`{ service, targets, hasLedger, redisPids? }`): mints, then (when it
 * has a ledger) sign-outs and the checks.
 */
async function runRound(scenario, round) {
  scenario.service.minted.length = 0;
  scenario.service.revoked.length = 0;
  const mints = await mintPhase(scenario.targets, round, scenario.redisPids ?? []);
  if (!scenario.hasLedger) return { mints, logout: null, check: null };
  const logout = await logoutPhase(scenario.targets, round);
  return { mints, logout, check: verify(scenario.service, mints.handedOut) };
}

/** Runs a warm-up round, then `rounds` rounds with the scenarios interleaved; resolves with each scenario's rounds. */
export async function measure(scenarios, rounds) {
  const results = new Map(scenarios.map((scenario) => [scenario, []]));
  for (let round = 0; round <= rounds; round += 1) {
    for (const scenario of scenarios) {
      const result = await runRound(scenario, round);
      if (process.env.VERBOSE) console.error(round, scenario.name, Math.round(result.mints.ms), 'ms', result.logout && Math.round(result.logout.ms));
      if (round > 0) results.get(scenario).push(result);
    }
  }
  return results;
}

/** Mints per second of a round. */
export const mintsPerSecond = ({ mints }) => (MINTS * 1000) / mints.ms;
/** CPU µs per mint of a round (this process and the Redis processes). */
export const cpuPerMintUs = ({ mints }) => mints.cpuUs / MINTS;

/** The check of every scenario with a ledger, as a Markdown table; `ok` false when an id is missing, twice, unknown, or a request failed. */
export function checkTable(results) {
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
