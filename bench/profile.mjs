// node bench/profile.mjs: where the SDK's time goes, by function. Builds readable (unminified)
// script-tag bundles of the host and frame from source, the same way as the real ones (zod/mini
// aliased to the protocol's subset runtime), serves them in place of the minified files and runs
// the SDK variants of the benchmark under the V8 sampling profiler (CDP, 50 µs interval):
//   host page, (b) valid messages through the inbound filter (synthetic, in a tight loop);
//   host page and frame (out of process), (a) bursts of events frame -> host, SDK then raw.
// Prints the top functions by self time for each.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS } from '../scripts/chromium.mjs';
import { startBenchServer } from './server.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const fromSource = {
  name: 'from-source',
  setup(b) {
    b.onResolve({ filter: /^zod\/mini$/ }, () => ({ path: join(ROOT, 'packages/protocol/src/zod-mini-subset.ts') }));
    b.onResolve({ filter: /^@svc-embed\/protocol$/ }, () => ({ path: join(ROOT, 'packages/protocol/src/index.ts') }));
  },
};
async function readable(pkg, globalName) {
  const result = await build({
    entryPoints: [join(ROOT, `packages/${pkg}/src/index.ts`)], bundle: true, format: 'iife', globalName,
    target: 'es2020', minify: false, write: false, plugins: [fromSource], logLevel: 'warning',
  });
  return Buffer.from(result.outputFiles[0].contents);
}

/** Self time by function from a CDP profile: [{ name, ms, share }] sorted, top n. */
function selfTimes(profile, n = 14) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const file = url ? url.split('/').pop() : '';
    const name = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
    totals.set(name, (totals.get(name) ?? 0) + ms);
    all += ms;
  });
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, n).map((total) => ({ name: total[0], ms: total[1], share: total[1] / all }));
}

async function profiled(session, run) {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 50 });
  await session.send('Profiler.start');
  await run();
  const { profile } = await session.send('Profiler.stop');
  return selfTimes(profile);
}

function print(title, rows) {
  console.log(`\n${title}\n${rows.map(({ name, ms, share }) => `  ${(share * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(1).padStart(7)} ms  ${name}`).join('\n')}`);
}

const server = await startBenchServer({
  scripts: { '/svc-embed.min.js': await readable('host', 'SvcEmbed'), '/svc-embed-frame.min.js': await readable('frame', 'SvcEmbedFrame') },
});
const profileDir = mkdtempSync(join(os.tmpdir(), 'svc-embed-profile-'));
let context;
try {
  context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.hostOrigin}/host.html?frame=${encodeURIComponent(server.frameOrigin)}`);
  await page.evaluate(() => window.__bench.setup());
  const frame = page.frames().find((f) => f.url().startsWith(server.frameOrigin));
  const bench = (name, ...args) => page.evaluate((call) => window.__bench[call.name](...call.args), { name, args });
  const host = await context.newCDPSession(page);
  const inFrame = await context.newCDPSession(frame);
  // Warm-up, then the profiles.
  await bench('filterRound', 'valid', 20_000, 3);
  await bench('burst', 'sdk', 5_000);
  print('(b) host page: 250,000 valid synthetic messages through the SDK\'s inbound filter',
    await profiled(host, () => bench('filterRound', 'valid', 50_000, 5, 'sdk')));
  let frameRows;
  const hostRows = await profiled(host, async () => {
    frameRows = await profiled(inFrame, async () => {
      for (let i = 0; i < 5; i++) await bench('burst', 'sdk', 5_000);
    });
  });
  print('(a) host page: 5 bursts of 5,000 SDK events', hostRows);
  print('(a) frame: the same bursts, sending side', frameRows);
  // The same bursts raw: the hand-written listener's self time includes reading event.data, which
  // deserializes the message (so does acceptMessage's, for the SDK).
  let rawFrameRows;
  const rawHostRows = await profiled(host, async () => {
    rawFrameRows = await profiled(inFrame, async () => {
      for (let i = 0; i < 5; i++) await bench('burst', 'raw', 5_000);
    });
  });
  print('(a) host page: 5 bursts of 5,000 raw events', rawHostRows);
  print('(a) frame: the same raw bursts, sending side', rawFrameRows);
} finally {
  await context?.close();
  rmSync(profileDir, { recursive: true, force: true });
  await server.close();
}
