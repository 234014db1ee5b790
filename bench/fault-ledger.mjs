// The ledger's own faults in `npm run bench:faults` (issue 38): does any sign-out answer
// `complete: true` while an id of that viewer is still live at the service (the emulator's record,
// read when the answer comes)?
// - eviction: a 4 MB Redis under `allkeys-lru` and `volatile-lru`, another app's client filling it
//   while viewers mint and sign out: the Redis store refuses to run (by default), and with
//   `allowEviction: true` runs, reporting it;
// - one instance's clock 25 h or 5 s ahead or behind (its `now`), the other's right, on one Redis
//   (the store reads Redis' TIME);
// - the memory store (the quick start's default) across a restart of the endpoint's process between
//   the mints and the sign-outs (fault-restart-child.mjs is that process).
// The Redis runs start from a ledger whole for a day (twoInstances sets the horizon key 25 h back, as
// on a Redis that has served the endpoint that long), so a sign-out may say complete and the check
// means something. Each run prints its seed, the answers by reason, the answers complete while an id was
// live, the ids live after the sign-outs, and the most calls of revoke for one id.
import { createClient } from 'redis';
import { LOGOUT_REASONS, logoutPath } from '@svc-embed/protocol/session-endpoint';
import { PATH, send } from './endpoint-rounds.mjs';
import { serviceOn, twoInstances } from './fault-amplify.mjs';
import { seededRandom } from './fault-service.mjs';
import { startRedisDaemon } from './redis-daemon.mjs';
import { restartableEndpoint } from './fault-restart-child.mjs';

const FILLER_VALUE_BYTES = 2048;

/** The ids the service minted for each viewer (its `externalId`), and which are live there now. */
function serviceView(emulator) {
  const idsOf = (viewer) => emulator.state.mints.filter((mint) => mint.externalId === viewer).map((mint) => mint.sessionId);
  const isLive = (id) => emulator.state.describe(id)?.status !== 'revoked';
  return { idsOf, isLive, liveOf: (viewer) => idsOf(viewer).filter(isLive) };
}

/** Counts the sign-out answers by reason, and those complete while an id of their viewer was live. */
function answerTally(view) {
  const tally = { byReason: {}, completeWhileLive: 0, ledgerSince: new Set() };
  const note = (viewer, response) => {
    const body = response.status === 200 ? response.body : null;
    const reason = body === null ? `HTTP ${response.status}` : body.complete ? 'complete' : body.reason ?? 'not complete, no reason';
    tally.byReason[reason] = (tally.byReason[reason] ?? 0) + 1;
    if (body?.ledgerSince) tally.ledgerSince.add(body.ledgerSince);
    if (body?.complete && view.liveOf(viewer).length > 0) tally.completeWhileLive += 1;
  };
  return { tally, note };
}

/** Each viewer's mints over HTTP, the instance drawn per mint; resolves with the answers by status. */
async function mintAll({ targets, viewers, mints, random }) {
  const statuses = {};
  for (let start = 0; start < viewers.length; start += 25) {
    await Promise.all(viewers.slice(start, start + 25).flatMap((viewer) => Array.from({ length: mints }, async () => {
      const answer = await send(targets[random() < 0.5 ? 0 : 1], { method: 'POST', path: PATH, viewer });
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    })));
  }
  return statuses;
}

/** Every viewer signs out once over HTTP, in a drawn order on a drawn instance, 25 at a time. */
async function signOutAll({ targets, viewers, random, note }) {
  const order = viewers.map((viewer) => ({ viewer, key: random(), at: random() < 0.5 ? 0 : 1 })).sort((a, b) => a.key - b.key);
  for (let start = 0; start < order.length; start += 25) {
    await Promise.all(order.slice(start, start + 25).map(async ({ viewer, at }) => {
      note(viewer, await send(targets[at], { method: 'POST', path: logoutPath(PATH), viewer }));
    }));
  }
}

/** The most calls of revoke for one id, from the endpoint's calls (`calls`, a Map) or the service's record. */
const mostCalls = (calls) => Math.max(0, ...calls.values());

/** The calls of revoke that reached the service, per id of `ids`. */
function reachedCalls(emulator, ids) {
  const wanted = new Set(ids);
  const calls = new Map();
  for (const { sessionId } of emulator.state.revocations) if (wanted.has(sessionId)) calls.set(sessionId, (calls.get(sessionId) ?? 0) + 1);
  return calls;
}

/**
 * Another app on the same Redis, a cache: keys of its own with a TTL of an hour, 50 writes at a time, first up to
 * `prefillBytes`, then on until stopped; counts writes and refusals (OOM, once nothing may be evicted).
 */
async function startFiller(redis, random, { prefillBytes }) {
  const state = { written: 0, refused: 0, bytes: 0, stopped: false };
  const client = await createClient({ url: redis.url }).on('error', () => undefined).connect();
  const batch = () => Promise.all(Array.from({ length: 50 }, () => {
    const value = 'x'.repeat(FILLER_VALUE_BYTES / 2 + Math.floor(random() * FILLER_VALUE_BYTES));
    state.bytes += value.length;
    return client.set(`other-app:${state.written + state.refused}-${random()}`, value, { EX: 3600 }).then(() => { state.written += 1; }, () => { state.refused += 1; });
  }));
  while (state.bytes < prefillBytes) await batch();
  const done = (async () => {
    while (!state.stopped) await batch();
    await client.close();
  })();
  return { state, stop: async () => { state.stopped = true; await done; } };
}

/** Redis' own count of the keys it evicted. */
async function evictedKeys(redis) {
  const client = await createClient({ url: redis.url }).on('error', () => undefined).connect();
  try {
    return Number(/evicted_keys:(\d+)/.exec(await client.sendCommand(['INFO', 'stats']))?.[1] ?? NaN);
  } finally {
    await client.close();
  }
}

/** One run's figures: what every run prints, as one row. */
function row({ name, seed, ids, mints, tally, live, most, extra }) {
  return { name, seed, ids, mints, byReason: tally.byReason, completeWhileLive: tally.completeWhileLive, live, most, extra };
}

/** The eviction run under `policy`: refused by default, then with allowEviction and a filler. */
async function evictionRun({ emulator, policy, seed, viewers: count }) {
  const redis = await startRedisDaemon({ config: ['--maxmemory', '4mb', '--maxmemory-policy', policy] });
  try {
    const refused = await refusedByDefault({ redis, emulator });
    const service = serviceOn(emulator);
    const reports = {};
    const prefix = `evict-${policy}:`;
    const run = await twoInstances(redis, service, {
      prefix, limits: { mintsPerWindow: 1000 }, store: { allowEviction: true },
      onError: ({ report }) => { reports[report.code] = (reports[report.code] ?? 0) + 1; },
    });
    try {
      const random = seededRandom(seed);
      const viewers = Array.from({ length: count }, (_, index) => `${policy}-viewer-${index}`);
      const filler = await startFiller(redis, random, { prefillBytes: 2_000_000 });
      const mints = await mintAll({ targets: run.targets, viewers, mints: 5, random });
      const view = serviceView(emulator);
      const { tally, note } = answerTally(view);
      await signOutAll({ targets: run.targets, viewers, random, note });
      await filler.stop();
      const evicted = await evictedKeys(redis);
      const ids = viewers.flatMap(view.idsOf);
      const extra = `refused by default: ${refused}; with allowEviction: onError ${JSON.stringify(reports)}; the filler wrote ${filler.state.written} keys (${filler.state.refused} refused); Redis evicted ${evicted} keys`;
      return row({ name: `eviction, ${policy}, 4 MB, allowEviction`, seed, ids: ids.length, mints, tally, live: ids.filter(view.isLive).length, most: mostCalls(service.calls), extra });
    } finally {
      await run.close();
    }
  } finally {
    await redis.stop();
  }
}

/** The store as a user makes it, on a Redis that may evict: `ready()` rejects and a mint answers 503. */
async function refusedByDefault({ redis, emulator }) {
  const service = serviceOn(emulator);
  const codes = [];
  const run = await twoInstances(redis, service, { prefix: 'evict-refused:', limits: {}, onError: ({ report }) => codes.push(report.code) });
  try {
    const answer = await send(run.targets[0], { method: 'POST', path: PATH, viewer: 'refused-viewer' });
    return `mint HTTP ${answer.status}, onError ${[...new Set(codes)].join(', ')}, minted ${service.calls.size === 0 ? 'nothing' : 'something'}`;
  } finally {
    await run.close();
  }
}

/** One instance's clock `skewMs` off (its `now`), the other's right, on one Redis whose ledger is a day old. */
async function clockRun({ redis, emulator, skewMs, seed, viewers: count }) {
  const service = serviceOn(emulator);
  const prefix = `clock${skewMs}:`;
  const run = await twoInstances(redis, service, { prefix, limits: { mintsPerWindow: 1000 }, clocks: [undefined, () => Date.now() + skewMs] });
  try {
    const random = seededRandom(seed);
    const viewers = Array.from({ length: count }, (_, index) => `clock${skewMs}-viewer-${index}`);
    const mints = await mintAll({ targets: run.targets, viewers, mints: 4, random });
    const view = serviceView(emulator);
    const { tally, note } = answerTally(view);
    await signOutAll({ targets: run.targets, viewers, random, note });
    const ids = viewers.flatMap(view.idsOf);
    const sign = skewMs > 0 ? '+' : '-';
    const skew = Math.abs(skewMs) >= 3_600_000 ? `${Math.abs(skewMs) / 3_600_000} h` : `${Math.abs(skewMs) / 1000} s`;
    return row({ name: `one instance's clock ${sign}${skew} (Redis, ledger a day old)`, seed, ids: ids.length, mints, tally, live: ids.filter(view.isLive).length, most: mostCalls(service.calls), extra: '' });
  } finally {
    await run.close();
  }
}

/** The memory store across a restart of the endpoint's process: half the viewers sign out before it, all after. */
async function restartRun({ emulator, seed, viewers: count }) {
  const endpoint = await restartableEndpoint({ emulatorUrl: emulator.url });
  try {
    const random = seededRandom(seed);
    const viewers = Array.from({ length: count }, (_, index) => `restart-viewer-${index}`);
    const targets = [endpoint.target, endpoint.target];
    const mints = await mintAll({ targets, viewers, mints: 3, random });
    const view = serviceView(emulator);
    const before = answerTally(view);
    await signOutAll({ targets, viewers: viewers.slice(0, count / 2), random, note: before.note });
    const restarted = await endpoint.restart();
    const after = answerTally(view);
    await signOutAll({ targets, viewers, random, note: after.note });
    const ids = viewers.flatMap(view.idsOf);
    const since = [...after.tally.ledgerSince].map((iso) => Date.parse(iso));
    const sinceOk = since.length === 1 && since[0] >= restarted.from && since[0] <= restarted.to;
    const extra = `before the restart, ${count / 2} sign-outs: ${JSON.stringify(before.tally.byReason)}; after it, ledgerSince ${[...after.tally.ledgerSince].join(', ')} (${sinceOk ? 'the restart' : 'NOT the restart'})`;
    const tally = { ...after.tally, completeWhileLive: after.tally.completeWhileLive + before.tally.completeWhileLive };
    return { ...row({ name: 'memory store, the endpoint\'s process restarted between mints and sign-outs', seed, ids: ids.length, mints, tally, live: ids.filter(view.isLive).length, most: mostCalls(reachedCalls(emulator, ids)), extra }), sinceOk };
  } finally {
    await endpoint.stop();
  }
}

function printRows(rows) {
  console.log('\n## The ledger\'s faults: eviction, clocks, a restart (issue 38)\n');
  console.log('| run | seed | ids minted | mint answers by status | sign-out answers by reason | **complete while an id was live** | ids live after the sign-outs | most calls of revoke for one id |');
  console.log('|---|---:|---:|---|---|---:|---:|---:|');
  for (const r of rows) {
    const reasons = Object.entries(r.byReason).map((entry) => entry.join(' ')).join(', ');
    console.log(`| ${r.name} | ${r.seed} | ${r.ids} | ${JSON.stringify(r.mints)} | ${reasons} | **${r.completeWhileLive}** | ${r.live} | ${r.most} |`);
  }
  for (const r of rows.filter((one) => one.extra)) console.log(`\n- ${r.name}: ${r.extra}`);
}

/**
 * The ledger runs, each on `seed`: eviction under both policies (its own 4 MB Redis each), the four
 * clocks (on `redis`), the restart. Resolves with whether every run held: no answer complete while an
 * id was live, at most 2 calls of revoke per id, the restart's answers naming it.
 */
export async function ledgerRuns({ redis, emulator, seed }) {
  const rows = [];
  for (const policy of ['allkeys-lru', 'volatile-lru']) rows.push(await evictionRun({ emulator, policy, seed, viewers: 200 }));
  for (const skewMs of [25 * 3_600_000, -25 * 3_600_000, 5_000, -5_000]) rows.push(await clockRun({ redis, emulator, skewMs, seed, viewers: 50 }));
  const restart = await restartRun({ emulator, seed, viewers: 40 });
  rows.push(restart);
  printRows(rows);
  const restartHonest = restart.sinceOk && Object.keys(restart.byReason).every((reason) => reason === LOGOUT_REASONS.ledgerIncomplete);
  const ok = rows.every((r) => r.completeWhileLive === 0 && r.most <= 2) && restartHonest;
  console.log(ok ? '\nOK: no answer said complete while an id of its viewer was live; at most 2 calls of revoke per id; the restart\'s answers say ledger-incomplete since it.' : '\nFAILED: see the table');
  return ok;
}
