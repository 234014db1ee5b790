// Two runs of `npm run bench:faults` for issue 38's "no amplification" and "sweeps that back off":
// - 200 parallel sign-outs of one viewer with 30 ids, on two instances sharing one Redis, half over
//   HTTP (per-viewer limit in force: some answer 429) and half through logoutViewer;
// - a stalled service: every revoke hangs until its signal aborts (limits.revokeTimeoutMs), a
//   viewer with 30 ids signs out, then the service recovers and the sweeps finish the work.
// Each prints the calls of revoke per id and whether any answer said `complete: true` while an id of
// that viewer was still live at the service (the emulator's own record, read when the answer came).
// Their ledgers start a day old (the horizon key set 25 h back), so a sign-out may say complete.
import { createClient } from 'redis';
import { createPlatformClient } from '@svc-embed/platform';
import { logoutPath } from '@svc-embed/protocol/session-endpoint';
import { createSessionEndpoint } from '@svc-embed/server';
import { createRedisStore } from '@svc-embed/server/redis';
import { ORIGIN, PATH, send } from './endpoint-rounds.mjs';
import { listen } from './http-load.mjs';

const API_KEY = 'emulator-dev-key';
const IDS = 30;
const SIGN_OUTS = 200;
const STALL_TIMEOUT_MS = 1_000;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The emulator as the service; `stalled` makes every revoke hang until its signal aborts. Counts calls per id. */
export function serviceOn(emulator) {
  const client = createPlatformClient({ baseUrl: emulator.url, apiKey: API_KEY });
  const service = {
    calls: new Map(),
    stalled: false,
    mint: (viewer) => client.generateEmbedSessionId({ deploymentId: 42, externalId: viewer.id }),
    revoke: async (sessionId, { signal }) => {
      service.calls.set(sessionId, (service.calls.get(sessionId) ?? 0) + 1);
      if (service.stalled) return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      const url = `${emulator.url}/api/v1/embed/sessions/${encodeURIComponent(sessionId)}`;
      const response = await fetch(url, { method: 'DELETE', headers: { Authorization: `Bearer ${API_KEY}` }, signal });
      if (!response.ok) throw new Error(`revocation answered HTTP ${response.status}`);
    },
  };
  return service;
}

/** An id's longest life by default (5 min redemption + 24 h session), and more: a ledger this old is whole. */
export const LEDGER_AGE_MS = 25 * 60 * 60 * 1000;

/**
 * Sets the Redis ledger's horizon (`<prefix>horizon`) `ms` back on Redis' clock: a ledger whole that
 * long, as on a Redis that has served the endpoint for a day, so a sign-out may answer complete.
 */
export async function ageHorizon(redis, prefix, ms) {
  const client = await createClient({ url: redis.url }).on('error', () => undefined).connect();
  try {
    const [seconds, micros] = await client.sendCommand(['TIME']);
    await client.sendCommand(['SET', `${prefix}horizon`, String(Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - ms)]);
  } finally {
    await client.close();
  }
}

/**
 * Two instances on one Redis (a fresh prefix, its ledger a day old: LEDGER_AGE_MS), each behind
 * node:http, with the limits given; `store`: more options of the Redis store; `clocks`: each
 * instance's `now` (left out: Date.now); `onError` the instances' (each report with its instance's index;
 * left out, nothing is reported: the runs break things on purpose and count the outcome themselves).
 */
export async function twoInstances(redis, service, { prefix, limits, store = {}, clocks = [], onError }) {
  await ageHorizon(redis, prefix, LEDGER_AGE_MS);
  const clients = await Promise.all([0, 1].map(() => createClient({ url: redis.url }).on('error', () => undefined).connect()));
  const endpoints = clients.map((client, index) => createSessionEndpoint({
    path: PATH, allowedOrigins: [ORIGIN], store: createRedisStore({ client, prefix, ...store }), mint: service.mint, revoke: service.revoke,
    viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'nobody' }), limits, now: clocks[index],
    onError: onError ? (error, report) => onError({ error, report, index }) : () => {},
  }));
  const targets = await Promise.all(endpoints.map((endpoint) => listen(endpoint.node)));
  const close = async () => {
    await Promise.all(targets.map((target) => target.close()));
    await Promise.all(clients.map((client) => client.close()));
  };
  return { endpoints, targets, close };
}

async function mintIds(run, viewer) {
  const ids = [];
  for (let index = 0; index < IDS; index += 1) ids.push((await send(run.targets[index % 2], { method: 'POST', path: PATH, viewer })).body.sessionId);
  return ids;
}

/** Counts the answers, and those that said complete while an id was live at the service. */
function answerLedger(emulator, ids) {
  const tally = { complete: 0, pending: 0, limited: 0, other: 0, completeWhileLive: 0, ms: [] };
  const live = () => ids.filter((id) => emulator.state.describe(id)?.status !== 'revoked').length;
  const note = (answer, ms) => {
    tally.ms.push(ms);
    if (answer === 'limited') tally.limited += 1;
    else if (!answer) tally.other += 1;
    else if (answer.complete) {
      tally.complete += 1;
      if (live() > 0) tally.completeWhileLive += 1;
    } else tally.pending += 1;
  };
  return { tally, note, live };
}

const perId = (calls, ids) => {
  const buckets = { 0: 0, 1: 0, 2: 0, '3+': 0 };
  for (const id of ids) {
    const count = calls.get(id) ?? 0;
    buckets[count >= 3 ? '3+' : count] += 1;
  }
  return `${buckets[0]} / ${buckets[1]} / ${buckets[2]} / ${buckets['3+']}`;
};

/** One sign-out, over HTTP on one instance or through logoutViewer on the other; resolves with its answer and time. */
async function signOutOnce(run, viewer, index) {
  const started = performance.now();
  if (index % 2 === 0) {
    const response = await send(run.targets[(index / 2) % 2], { method: 'POST', path: logoutPath(PATH), viewer });
    return { answer: response.status === 429 ? 'limited' : response.status === 200 ? response.body : null, ms: performance.now() - started };
  }
  const answer = await run.endpoints[((index - 1) / 2) % 2].logoutViewer(viewer).catch(() => null);
  return { answer, ms: performance.now() - started };
}

/** 200 parallel sign-outs of one viewer with 30 ids. */
export async function parallelSignOuts({ redis, emulator }) {
  const service = serviceOn(emulator);
  const run = await twoInstances(redis, service, { prefix: 'amplify-parallel:', limits: { mintsPerWindow: 100 } });
  try {
    const ids = await mintIds(run, 'hoarder');
    const ledger = answerLedger(emulator, ids);
    await Promise.all(Array.from({ length: SIGN_OUTS }, async (_, index) => {
      const { answer, ms } = await signOutOnce(run, 'hoarder', index);
      ledger.note(answer, ms);
    }));
    const calls = [...service.calls.values()].reduce((sum, count) => sum + count, 0);
    const { tally } = ledger;
    console.log(`\n## ${SIGN_OUTS} parallel sign-outs of one viewer with ${IDS} ids (two instances, one Redis; half over HTTP, half logoutViewer)\n`);
    console.log('| calls of revoke | ids by calls: 0 / 1 / 2 / 3+ | answers complete / pending / 429 / other | complete while an id was live | ids live after | slowest answer |');
    console.log('|---:|---|---|---:|---:|---:|');
    console.log(`| ${calls} | ${perId(service.calls, ids)} | ${tally.complete} / ${tally.pending} / ${tally.limited} / ${tally.other} | ${tally.completeWhileLive} | ${ledger.live()} | ${Math.round(Math.max(...tally.ms))} ms |`);
    return calls <= IDS && tally.completeWhileLive === 0 && ledger.live() === 0;
  } finally {
    await run.close();
  }
}

/** A stalled service: sign-outs answer within the deadline and say pending; the sweeps finish once it recovers. */
export async function stalledService({ redis, emulator }) {
  const service = serviceOn(emulator);
  const limits = { mintsPerWindow: 100, revokeTimeoutMs: STALL_TIMEOUT_MS, revokeRetryMs: 200, revokeRetryMaxMs: 1_000 };
  const run = await twoInstances(redis, service, { prefix: 'amplify-stalled:', limits });
  try {
    const ids = await mintIds(run, 'stalled');
    const ledger = answerLedger(emulator, ids);
    service.stalled = true;
    for (const index of [0, 1, 2, 3]) {
      const { answer, ms } = await signOutOnce(run, 'stalled', index);
      ledger.note(answer, ms);
    }
    const stalledCalls = [...service.calls.values()].reduce((sum, count) => sum + count, 0);
    await delay(STALL_TIMEOUT_MS + 200);
    service.stalled = false;
    let rounds = 0;
    while (ledger.live() > 0 && rounds < 50) {
      rounds += 1;
      await Promise.all(run.endpoints.map((endpoint) => endpoint.revokePending().catch(() => undefined)));
      await delay(100);
    }
    const { answer, ms } = await signOutOnce(run, 'stalled', 1);
    ledger.note(answer, ms);
    const { tally } = ledger;
    console.log(`\n## A stalled service (every revoke hangs until its signal aborts at revokeTimeoutMs ${STALL_TIMEOUT_MS} ms), one viewer with ${IDS} ids, 4 sign-outs, then the service recovers\n`);
    console.log('| slowest sign-out answer | answers complete / pending | complete while an id was live | calls of revoke while stalled | sweep rounds after | ids by calls: 0 / 1 / 2 / 3+ | ids live after |');
    console.log('|---:|---|---:|---:|---:|---|---:|');
    console.log(`| ${Math.round(Math.max(...tally.ms.slice(0, 4)))} ms | ${tally.complete} / ${tally.pending} | ${tally.completeWhileLive} | ${stalledCalls} | ${rounds} | ${perId(service.calls, ids)} | ${ledger.live()} |`);
    return Math.max(...tally.ms.slice(0, 4)) < 2 * STALL_TIMEOUT_MS && tally.completeWhileLive === 0 && ledger.live() === 0;
  } finally {
    await run.close();
  }
}
