// The fault run of the session endpoint (`npm run bench:faults`; a script, not a timed test):
// does every id the service minted end revoked there, whatever fails?
//
// A real redis-server with its append-only file fsynced before every reply (`appendfsync always`),
// two endpoint instances (node:http, each with its own client, store timeoutMs 300 ms), the emulator
// as the service (mints and revocations over its HTTP API, with its records of each). 1,000 viewers
// x 5 mints over HTTP, a seeded share of the viewers signing out while their mints are in flight
// (POST <path>/logout or logoutViewer, on either instance; a 503 is asked again up to 5 times, 250
// ms apart, as the browser side retries); meanwhile Redis is paused past the
// store's timeout and killed and started again at seeded moments, and 20 % of the revocations fail
// (half before the service acted, half after it revoked, the answer lost). Each instance runs the
// sweep every 500 ms, as the README shows. Then the documented retry path: every viewer signs out,
// and the sweep runs on both instances until neither finds anything pending.
//
// Checks, and exits 1 if one fails: every id the service minted is revoked there, id for id; no id
// was handed out (answered 200) that the store had not acknowledged recording; no sign-out answered
// complete while an id the store had recorded before it began was live at the service. Prints the calls of
// revoke per id. Then two runs of their own (fault-amplify.mjs): 200 parallel sign-outs of one viewer,
// and a stalled service; each prints the calls of revoke per id and whether an answer said complete
// while an id was live. Then the ledger's own faults (fault-ledger.mjs, on the seed): eviction on a
// 4 MB Redis under allkeys-lru and volatile-lru with another app filling it, one instance's clock
// +-25 h and +-5 s, the memory store across a restart of the endpoint's process; each prints the
// sign-out answers by reason and how many said complete while an id was live. The instances of the main run shorten the failed ids' backoff
// (revokeRetryMs 50, at most 400 ms) and the lease (2 s; a claim whose answer was lost is taken
// over only once it lapsed), so the retry path ends within its sweep rounds. Options: --seed N (default 1), --viewers, --mints, --sign-outs (share),
// --revoke-failure (share), --pauses, --kills, --appendfsync (default always), --only ledger (the ledger's runs alone), --timeout-ms (the store's timeoutMs, default 300; on Postgres 1000),
// --store postgres (the main run on PostgreSQL instead, fault-postgres.mjs: the server paused past the
// store's timeoutMs and the pools' statement_timeout, killed and started again on its data folder, its
// ledger a day old so that the sign-out answers complete while an id the store had recorded was live are counted and checked; no Redis,
// no amplification or ledger runs). A seed fixes the plan (who signs out when, when Redis
// fails, the service's delays); the interleaving of a real run still varies from run to run.
import { createClient } from 'redis';
import { createEmulator } from '@svc-embed/emulator';
import { logoutPath } from '@svc-embed/protocol/session-endpoint';
import { createSessionEndpoint } from '@svc-embed/server';
import { createRedisStore } from '@svc-embed/server/redis';
import { ORIGIN, PATH, send } from './endpoint-rounds.mjs';
import { faultRunner, planFaults } from './fault-schedule.mjs';
import { flakyService, seededRandom } from './fault-service.mjs';
import { listen } from './http-load.mjs';
import { ATTEMPTS, forViewersAtOnce, mintAskingAgain, signOutEveryone, withRetries } from './retry-path.mjs';
import { startRedisDaemon } from './redis-daemon.mjs';
import { parallelSignOuts, stalledService } from './fault-amplify.mjs';
import { ledgerRuns } from './fault-ledger.mjs';
import { POSTGRES_TIMEOUT_MS, postgresStores, statementTimeoutMs } from './fault-postgres.mjs';
import { startPostgresDaemon } from './postgres-daemon.mjs';

const API_KEY = 'emulator-dev-key';
/** The Redis store's timeoutMs (`--timeout-ms`; on Postgres, POSTGRES_TIMEOUT_MS). */
const STORE_TIMEOUT_MS = 300;
const SWEEP_EVERY_MS = 500;
const MINT_DELAY_MS = 60;
/** The lease of a claim: a claim whose answer Redis lost is taken over once it lapses (the retry path waits for it). */
const LEASE_MS = 2_000;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function readOptions(argv) {
  const value = (name, fallback) => {
    const at = argv.indexOf(`--${name}`);
    return at === -1 ? fallback : Number(argv[at + 1]);
  };
  const store = argv.includes('--store') ? argv[argv.indexOf('--store') + 1] : 'redis';
  return {
    store, timeoutMs: value('timeout-ms', store === 'postgres' ? POSTGRES_TIMEOUT_MS : STORE_TIMEOUT_MS),
    seed: value('seed', 1), viewers: value('viewers', 1000), mints: value('mints', 5), signOutShare: value('sign-outs', 0.3),
    revokeFailure: value('revoke-failure', 0.2), pauses: value('pauses', 4), kills: value('kills', 3),
    appendfsync: argv.includes('--appendfsync') ? argv[argv.indexOf('--appendfsync') + 1] : 'always',
    only: argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : 'all',
  };
}

/** The stores of two instances on one Redis, each on its own client; resolves with `{ stores, close() }`. */
async function redisStores(redis, { timeoutMs }) {
  const clients = await Promise.all([0, 1].map(() => createClient({ url: redis.url }).on('error', () => undefined).connect()));
  const stores = clients.map((client) => createRedisStore({ client, prefix: 'faults:', timeoutMs }));
  return { stores, close: () => Promise.all(clients.map((client) => client.close())) };
}

/**
 * Two endpoint instances on one server (Redis or Postgres, as `options.store` says), each behind
 * node:http; the store's acknowledgements of `add` are noted (`recorded`, and per viewer `recordedOf`).
 */
async function startInstances({ options, daemon, service }) {
  const recorded = new Set();
  const byViewer = new Map();
  const retries = { count: 0, byPath: {} };
  const storeErrors = {};
  const held = options.store === 'postgres' ? await postgresStores(daemon, { timeoutMs: options.timeoutMs }) : await redisStores(daemon, { timeoutMs: options.timeoutMs });
  const endpoints = held.stores.map((store) => {
    const noting = { ...store, add: async (entry) => {
      const outcome = await store.add(entry);
      if (outcome === 'recorded') {
        recorded.add(entry.sessionId);
        byViewer.set(entry.viewerId, [...(byViewer.get(entry.viewerId) ?? []), entry.sessionId]);
      }
      return outcome;
    } };
    return createSessionEndpoint({
      path: PATH, allowedOrigins: [ORIGIN], store: noting, mint: service.mint, revoke: service.revoke,
      viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'nobody' }),
      limits: { revokeRetryMs: 50, revokeRetryMaxMs: 400, revocationLeaseMs: LEASE_MS, revokeTimeoutMs: LEASE_MS / 2 },
      onError: (error) => {
        if (error?.code !== 'store-unavailable') return;
        const reason = error.reason ?? 'store-unavailable';
        storeErrors[reason] = (storeErrors[reason] ?? 0) + 1;
      },
      onRevoke: (report) => {
        if (!report.retry) return;
        retries.count += 1;
        retries.byPath[report.by] = (retries.byPath[report.by] ?? 0) + 1;
      },
    });
  });
  const targets = await Promise.all(endpoints.map((endpoint) => listen(endpoint.node)));
  const close = async () => {
    await Promise.all(targets.map((target) => target.close()));
    await held.close();
  };
  return { endpoints, targets, recorded, recordedOf: (viewerId) => byViewer.get(viewerId) ?? [], retries, storeErrors, close };
}

/** Each instance runs its sweep every SWEEP_EVERY_MS until `stop()`. */
function startSweeps(run) {
  const timers = run.endpoints.map((endpoint) => setInterval(() => void endpoint.revokePending().catch(() => undefined), SWEEP_EVERY_MS));
  return { stop: () => timers.forEach((timer) => clearInterval(timer)) };
}

/** Who signs out during their mints, when (ms after they start) and how. */
function planViewers(options, random) {
  return Array.from({ length: options.viewers }, (_, index) => {
    const signsOut = random() < options.signOutShare;
    return { id: `viewer-${index}`, signOutAfterMs: signsOut ? Math.round(random() * MINT_DELAY_MS) : null, via: random() < 0.5 ? 'http' : 'logoutViewer' };
  });
}

/**
 * Tallies the sign-out answers (during the load and in the retry path) by reason, and those that
 * said `complete: true` while an id of the viewer was live at the service (the emulator's record,
 * read when the answer came): `completeWhileLive` counts the ids the store had acknowledged recording
 * before the sign-out began (the check); `completeWhileMintLive` any id the service had minted for
 * the viewer before it began, recorded or not (a mint whose record comes after the sign-out moment is
 * refused 409 and revoked by its own request, which may still be under way when the sign-out answers).
 * `begin(viewerId)` is called as a sign-out starts; it returns the function that notes its answer
 * (`null`: refused every time).
 */
function signOutTally({ emulator, run }) {
  const tally = { byReason: {}, completeWhileLive: 0, completeWhileMintLive: 0 };
  const isLive = (id) => emulator.state.describe(id)?.status !== 'revoked';
  const mintedFor = (viewerId) => emulator.state.mints.filter((mint) => mint.externalId === viewerId).map((mint) => mint.sessionId);
  const begin = (viewerId) => {
    const recorded = [...run.recordedOf(viewerId)];
    const minted = mintedFor(viewerId);
    return (answer) => {
      const reason = answer === null ? 'refused' : answer.complete ? 'complete' : answer.reason ?? 'not complete, no reason';
      tally.byReason[reason] = (tally.byReason[reason] ?? 0) + 1;
      if (answer?.complete && recorded.some(isLive)) tally.completeWhileLive += 1;
      if (answer?.complete && minted.some(isLive)) tally.completeWhileMintLive += 1;
    };
  };
  return { tally, begin };
}

/** One sign-out of `viewer` over HTTP or `logoutViewer` on `index`'s instance; resolves with its answer, or null when refused. */
function signOutOnce(run, viewer, index) {
  if (viewer.via === 'http') {
    return send(run.targets[index % 2], { method: 'POST', path: logoutPath(PATH), viewer: viewer.id }).then((answer) => (answer.status === 200 ? answer.body : null));
  }
  return run.endpoints[index % 2].logoutViewer(viewer.id).catch(() => null);
}

/** The load: every viewer's mints, and the planned sign-outs racing them, 100 viewers at a time. */
async function runLoad(run, { viewers, options, faults, answers }) {
  const load = { handedOut: [], statuses: {}, signOuts: { answered: 0, refused: 0 }, answered: 0 };
  const mintOnce = (viewer, index) => mintAskingAgain({ target: run.targets[index % 2], viewer: viewer.id, load, onAnswer: faults.tick });
  const signOutRacing = async (viewer, index) => {
    await delay(viewer.signOutAfterMs);
    const noteAnswer = answers.begin(viewer.id);
    const answer = await withRetries(() => signOutOnce(run, viewer, index + 1), (given) => given !== null);
    noteAnswer(answer);
    load.signOuts[answer === null ? 'refused' : 'answered'] += 1;
  };
  await forViewersAtOnce(viewers, (viewer, index) => {
    const signOut = viewer.signOutAfterMs === null ? [] : [signOutRacing(viewer, index)];
    return Promise.all([...Array.from({ length: options.mints }, (_, mint) => mintOnce(viewer, index + mint)), ...signOut]);
  });
  return load;
}

/** What the service and the run say: ids live at the service, handed out unrecorded, calls of revoke per id. */
function verify({ emulator, service, run, load }) {
  const minted = emulator.state.mints.map((entry) => entry.sessionId);
  const mintedSet = new Set(minted);
  const reached = new Map();
  for (const { sessionId } of emulator.state.revocations) reached.set(sessionId, (reached.get(sessionId) ?? 0) + 1);
  const histogram = (counts) => {
    const buckets = { 0: 0, 1: 0, 2: 0, '3+': 0 };
    for (const id of minted) {
      const calls = counts.get(id) ?? 0;
      buckets[calls >= 3 ? '3+' : calls] += 1;
    }
    return buckets;
  };
  return {
    minted: minted.length,
    handedOut: load.handedOut.length,
    live: minted.filter((id) => emulator.state.describe(id)?.status !== 'revoked').length,
    unrecorded: load.handedOut.filter((id) => !run.recorded.has(id)).length,
    foreign: load.handedOut.filter((id) => !mintedSet.has(id)).length,
    calls: [...service.calls.values()].reduce((sum, calls) => sum + calls, 0),
    reachedCalls: emulator.state.revocations.length,
    callsPerId: histogram(service.calls),
    reachedPerId: histogram(reached),
    mostCalls: Math.max(0, ...service.calls.values()),
  };
}

function printReport({ options, load, faults, path, run, service, figures, answers, ms }) {
  const ok = figures.live === 0 && figures.unrecorded === 0 && figures.foreign === 0 && answers.completeWhileLive === 0;
  const kinds = faults.log.map((fault) => `${fault.kind} ${fault.ms} ms (planned at answer ${fault.atMint}, began at ${fault.answeredAtStart ?? 'the end'})`).join('; ');
  const server = options.store === 'postgres' ? `Postgres (store timeoutMs ${options.timeoutMs} ms, the pools' statement_timeout ${statementTimeoutMs(options.timeoutMs)} ms)` : `Redis, appendfsync ${options.appendfsync}, store timeoutMs ${options.timeoutMs} ms`;
  console.log(`## Fault run on ${server}, seed ${options.seed} (${options.viewers} viewers x ${options.mints} mints, ${Math.round(options.signOutShare * 100)} % signing out during their mints, ${Math.round(options.revokeFailure * 100)} % of revocations failing), ${(ms / 1000).toFixed(1)} s\n`);
  console.log(`${options.store === 'postgres' ? 'Postgres' : 'Redis'} faults (${faults.log.length}): ${kinds}`);
  console.log(`Mint answers (a 503 asked again up to ${ATTEMPTS - 1} times): ${JSON.stringify(load.statuses)}; sign-outs during the mints: ${load.signOuts.answered} answered, ${load.signOuts.refused} refused ${ATTEMPTS} times (store unavailable)`);
  console.log(`Store failures reported to onError, by reason: ${JSON.stringify(run.storeErrors)}`);
  console.log(`Revocations failed on purpose: ${service.failures.before} before the service acted, ${service.failures.after} after it revoked (answer lost); retries reported by onRevoke: ${run.retries.count} ${JSON.stringify(run.retries.byPath)}`);
  console.log(`Retry path: ${path.signOutRetries} sign-outs asked again, ${path.sweepRounds} sweep round(s) on both instances`);
  console.log(`Sign-out answers (during the load and in the retry path) by reason: ${JSON.stringify(answers.byReason)}; complete while an id the store had recorded was live: ${answers.completeWhileLive}; complete while any id minted before the sign-out was live (a racing mint's own revocation under way): ${answers.completeWhileMintLive}\n`);
  console.log('| minted at the service | handed out | live at the service after the retry path | handed out unrecorded | unknown ids handed out | calls of revoke (reaching the service) | ids by calls of revoke: 0 / 1 / 2 / 3+ | by calls reaching the service: 0 / 1 / 2 / 3+ | most calls for one id |');
  console.log('|---:|---:|---:|---:|---:|---:|---|---|---:|');
  const buckets = (b) => `${b[0]} / ${b[1]} / ${b[2]} / ${b['3+']}`;
  console.log(`| ${figures.minted} | ${figures.handedOut} | ${figures.live} | ${figures.unrecorded} | ${figures.foreign} | ${figures.calls} (${figures.reachedCalls}) | ${buckets(figures.callsPerId)} | ${buckets(figures.reachedPerId)} | ${figures.mostCalls} |`);
  console.log(ok ? '\nOK: every id the service minted is revoked there; none handed out unrecorded; no answer complete while a recorded id was live.' : '\nFAILED: see the table and the answers');
  return ok;
}

/** The main fault run: load, faults of the store's server (`daemon`), the retry path, the checks; resolves whether they held. */
async function mainRun({ options, daemon, emulator, service }) {
  const run = await startInstances({ options, daemon, service });
  try {
    const planRandom = seededRandom(options.seed);
    const viewers = planViewers(options, planRandom);
    const answers = signOutTally({ emulator, run });
    const faults = faultRunner(daemon, planFaults({ random: planRandom, totalMints: options.viewers * options.mints, pauses: options.pauses, kills: options.kills, timeoutMs: options.timeoutMs }));
    const started = Date.now();
    const sweeps = startSweeps(run);
    const load = await runLoad(run, { viewers, options, faults, answers });
    await faults.done();
    sweeps.stop();
    const path = await signOutEveryone(run.endpoints, viewers.map((viewer) => viewer.id), { begin: answers.begin });
    const figures = verify({ emulator, service, run, load });
    return printReport({ options, load, faults, path, run, service, figures, answers: answers.tally, ms: Date.now() - started });
  } finally {
    await run.close();
  }
}

/** The runs on Redis: the main run, the two of fault-amplify.mjs, the ledger's (`--only ledger`: those alone). */
function redisRuns({ options, daemon, emulator, service }) {
  const runs = options.only === 'ledger' ? [] : [() => mainRun({ options, daemon, emulator, service }), () => parallelSignOuts({ redis: daemon, emulator }), () => stalledService({ redis: daemon, emulator })];
  return [...runs, () => ledgerRuns({ redis: daemon, emulator, seed: options.seed })];
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  if (options.store !== 'redis' && options.store !== 'postgres') throw new Error(`--store must be redis or postgres (got ${options.store})`);
  const daemon = options.store === 'postgres' ? await startPostgresDaemon() : await startRedisDaemon({ persistent: true, appendfsync: options.appendfsync });
  const emulator = await createEmulator({ port: 0, hostname: '127.0.0.1' });
  const service = flakyService({ emulator, apiKey: API_KEY, random: seededRandom(options.seed + 1), revokeFailure: options.revokeFailure, mintDelayMs: MINT_DELAY_MS });
  try {
    const runs = options.store === 'postgres' ? [() => mainRun({ options, daemon, emulator, service })] : redisRuns({ options, daemon, emulator, service });
    for (const run of runs) if (!(await run())) process.exitCode = 1;
  } finally {
    await emulator.close();
    await daemon.stop();
  }
}

await main();
