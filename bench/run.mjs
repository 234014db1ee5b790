// npm run bench: the SDK against raw postMessage in Chromium across two origins (host page on
// http://127.0.0.1:<port>, frame page on http://localhost:<port>), printed as a Markdown table.
// Benchmarks, not tests: nothing here fails on a slow figure. Fixed message counts, bounded waits,
// loopback only; the process exits by itself.
//
//   (a) frame -> host events through the SDK (frame.emit -> embed.on) against raw postMessage and a
//       hand-written listener with the same checks: throughput of a burst, and one-way latency of
//       events sent one at a time;
//   (b) CPU per message of the host's inbound filter, in the page: synthetic MessageEvents from
//       another window (early drop) and valid ones (parse and dispatch), against the hand-written
//       listener, net of the cost of dispatching to an empty listener;
//   (c) session-expiring arriving at the host -> set-session posted, with an instant mint.
//
// Options: --rounds N (default 11), --quick (fewer rounds and messages, to try the script).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS } from '../scripts/chromium.mjs';
import { startBenchServer } from './server.mjs';
import { format, formatSpread, median, quantile, spread } from './stats.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const roundsArg = argv.indexOf('--rounds');
const ROUNDS = roundsArg >= 0 ? Number(argv[roundsArg + 1]) : quick ? 2 : 11;
const BURST = 1_000; // events per burst
const BURSTS = quick ? 2 : 10; // bursts per variant and round, the variants alternating burst by burst
const SERIES = quick ? 100 : 500; // events per latency series
const FILTER = { 'other-window': quick ? 10_000 : 50_000, valid: quick ? 5_000 : 20_000 }; // synthetic messages per filter batch
const FILTER_BATCHES = quick ? 3 : 9; // batches per round, alternating the listeners
const RENEWALS = quick ? 5 : 30; // signed embeds for (c)
const CLOCK_PINGS = quick ? 50 : 300;

function machine() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  let chromiumVersion = 'unknown';
  try {
    chromiumVersion = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {}
  return {
    nproc: os.availableParallelism?.() ?? os.cpus().length,
    cpu: model,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    chromium: chromiumVersion,
    os: `${os.type()} ${os.release()}`,
  };
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

async function main() {
  if (!existsSync(CHROMIUM)) fail(`Chromium is not installed at ${CHROMIUM}: install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  for (const file of ['packages/host/dist/iife/svc-embed.min.js', 'packages/frame/dist/iife/svc-embed-frame.min.js'])
    if (!existsSync(join(ROOT, file))) fail(`${file} is missing: run "node scripts/build.mjs" first (npm run bench does).`);
  const info = machine();
  const server = await startBenchServer();
  const profile = mkdtempSync(join(os.tmpdir(), 'svc-embed-bench-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
    context.setDefaultTimeout(30_000);
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(`${server.hostOrigin}/host.html?frame=${encodeURIComponent(server.frameOrigin)}`);
    const { hostIsolated } = await page.evaluate(() => window.__bench.setup());
    const frame = page.frames().find((f) => f.url().startsWith(server.frameOrigin));
    const frameIsolated = await frame.evaluate(() => crossOriginIsolated);
    if (!hostIsolated || !frameIsolated) console.warn(`warning: not cross-origin isolated (host ${hostIsolated}, frame ${frameIsolated}): timers have 100 µs resolution`);
    const bench = (name, ...args) => page.evaluate((call) => window.__bench[call.name](...call.args), { name, args });
    const log = (line) => process.stderr.write(`${line}\n`);
    const started = performance.now();

    const a = await throughput(bench, log);
    const clock = await bench('clockCheck', CLOCK_PINGS);

    const b = await filterCosts(bench, log);
    const c = await renewals(bench, log);
    const seconds = (performance.now() - started) / 1000;

    printTable({ info, a, b, c, clock, seconds, isolated: hostIsolated && frameIsolated });
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    await server.close();
  }
}

/** (a) Throughput and latency, SDK and raw alternating (ABBA) in every round, after a warm-up. */
async function throughput(bench, log) {
  log(`(a) events frame -> host: ${ROUNDS} rounds of ${BURSTS} ${BURST}-event bursts and a ${SERIES}-event series per variant`);
  for (const variant of ['sdk', 'raw']) {
    await bench('burst', variant, BURST);
    await bench('series', variant, SERIES);
  }
  const a = { sdk: [], raw: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['raw', 'sdk'] : ['sdk', 'raw'];
    const results = {};
    for (const variant of order) results[variant] = { burst: { ms: 0, sendMs: 0 } };
    // Burst by burst, alternating (ABBA), so both variants see the same load on the machine.
    for (let i = 0; i < BURSTS; i++)
      for (const variant of i % 2 ? [...order].reverse() : order) {
        const { ms, sendMs } = await bench('burst', variant, BURST);
        results[variant].burst.ms += ms;
        results[variant].burst.sendMs += sendMs;
      }
    for (const variant of [...order].reverse()) results[variant].series = await bench('series', variant, SERIES);
    for (const variant of order) a[variant].push(results[variant]);
  }
  return a;
}

/** (b) Per-message cost of the inbound filter, in the page. */
async function filterCosts(bench, log) {
  log(`(b) inbound filter: ${ROUNDS} rounds of ${FILTER_BATCHES} batches of ${FILTER['other-window']} (other window) or ${FILTER.valid} (valid) synthetic messages per listener`);
  const KINDS = ['other-window', 'valid'];
  for (const kind of KINDS) await bench('filterRound', kind, FILTER[kind], 3);
  const b = Object.fromEntries(KINDS.map((kind) => [kind, { empty: [], raw: [], sdk: [] }]));
  for (let round = 0; round < ROUNDS; round++)
    for (const kind of KINDS) {
      const result = await bench('filterRound', kind, FILTER[kind], FILTER_BATCHES);
      for (const listener of ['empty', 'raw', 'sdk']) b[kind][listener].push(result[listener]);
    }
  return b;
}

/** (c) session-expiring -> set-session, one new signed embed per round. */
async function renewals(bench, log) {
  log(`(c) renewal: ${RENEWALS} signed embeds (after 3 warm-up ones)`);
  for (let k = 0; k < 3; k++) await bench('renewal', -k - 1);
  const c = [];
  for (let k = 0; k < RENEWALS; k++) c.push(await bench('renewal', k));
  return c;
}

function printTable({ info, a, b, c, clock, seconds, isolated }) {
  const perRound = (variant, pick) => a[variant].map(pick);
  const ratio = (pick) => spread(a.sdk.map((round, i) => pick(round) / pick(a.raw[i])));
  const rows = [];
  const row = (name, sdk, raw, r, note = '') => rows.push(`| ${name} | ${sdk} | ${raw} | ${r} |${note ? ` ${note}` : ''}`);
  const fmtRatio = (s) => `${s.median.toFixed(2)}x (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;

  const EVENTS = BURST * BURSTS;
  const throughput = (round) => (EVENTS / round.burst.ms) * 1000;
  row(`(a) throughput, bursts of ${format(BURST)} events back to back, events/s`,
    formatSpread(spread(perRound('sdk', throughput))), formatSpread(spread(perRound('raw', throughput))),
    `${fmtRatio(ratio((round) => round.burst.ms))} time`);
  const perEvent = (round) => (round.burst.ms * 1000) / EVENTS;
  row('(a) burst: µs per event, end to end', formatSpread(spread(perRound('sdk', perEvent)), 1), formatSpread(spread(perRound('raw', perEvent)), 1), fmtRatio(ratio(perEvent)));
  const sendCost = (round) => (round.burst.sendMs * 1000) / EVENTS;
  row('(a) burst: frame-side send, µs per event', formatSpread(spread(perRound('sdk', sendCost)), 1), formatSpread(spread(perRound('raw', sendCost)), 1), fmtRatio(ratio(sendCost)));
  for (const [label, key] of [['median', 'medianUs'], ['p95', 'p95Us']]) {
    const pick = (round) => round.series[key];
    row(`(a) latency, one event at a time, ${label}, µs`, formatSpread(spread(perRound('sdk', pick))), formatSpread(spread(perRound('raw', pick))), fmtRatio(ratio(pick)));
  }
  const net = (kind, listener) => spread(b[kind][listener].map((us, i) => us - b[kind].empty[i]));
  const filterRatio = (kind) => spread(b[kind].sdk.map((us, i) => (us - b[kind].empty[i]) / (b[kind].raw[i] - b[kind].empty[i])));
  row('(b) inbound filter, message from another window (early drop), µs/message', formatSpread(net('other-window', 'sdk'), 3), formatSpread(net('other-window', 'raw'), 3), fmtRatio(filterRatio('other-window')));
  row('(b) inbound filter, valid message (parse and dispatch), µs/message', formatSpread(net('valid', 'sdk'), 2), formatSpread(net('valid', 'raw'), 2), fmtRatio(filterRatio('valid')));
  row('(b) dispatch of a synthetic event to one empty listener (subtracted above), µs/message', formatSpread(spread(b.valid.empty), 3), '', '');
  const posted = c.map((round) => round.postedUs);
  const received = c.map((round) => round.receivedUs);
  row(`(c) session-expiring arrives -> set-session posted (instant mint), µs, median (min–max); p95`, `${formatSpread(spread(posted))}; p95 ${format(quantile(posted, 0.95))}`, '', '');
  row(`(c) session-expiring arrives -> set-session received in the frame, µs`, `${formatSpread(spread(received))}; p95 ${format(quantile(received, 0.95))}`, '', '');

  const goal = median(a.sdk.map((round, i) => round.burst.ms / a.raw[i].burst.ms));
  const latencyGoal = median(a.sdk.map((round, i) => round.series.medianUs / a.raw[i].series.medianUs));
  console.log(`
## Results

Median over ${ROUNDS} rounds (min–max across rounds); the ratio is SDK / raw within each round. (a) ${BURSTS} bursts of ${format(BURST)} events (variants alternating burst by burst) and a ${format(SERIES)}-event series per variant and round, after a warm-up round; (b) the median of ${FILTER_BATCHES} batches of ${format(FILTER['other-window'])} (other window) or ${format(FILTER.valid)} (valid) messages per listener and round; (c) ${RENEWALS} signed embeds after 3 warm-up ones.

| benchmark | SDK | raw postMessage + hand-written listener | SDK / raw |
| --- | --- | --- | --- |
${rows.join('\n')}

Goal SDK / raw ≤ 1.2x: throughput ${goal.toFixed(2)}x (${goal <= 1.2 ? 'met' : 'not met'}), median latency ${latencyGoal.toFixed(2)}x (${latencyGoal <= 1.2 ? 'met' : 'not met'}).

Cross-process clock (latency in (a), frame receipt in (c)): one-way port ping host -> frame ${format(clock.hostToFrameUs)} µs, frame -> host ${format(clock.frameToHostUs)} µs (median of ${CLOCK_PINGS}); if the paths are symmetric the two processes' clocks differ by about ${format(Math.abs(clock.hostToFrameUs - clock.frameToHostUs) / 2)} µs. Timer resolution: ${isolated ? '5 µs (both pages cross-origin isolated)' : '100 µs (not cross-origin isolated)'}.

## Machine

- nproc: ${info.nproc}; CPU: ${info.cpu}; memory: ${info.memory}
- ${info.os}; Node ${info.node}; ${info.chromium}
- benchmark time: ${seconds.toFixed(0)} s
`);
}

await main();
