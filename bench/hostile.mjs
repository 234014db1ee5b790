// npm run bench:hostile: what a hostile (or broken) surface on the tenant origin can make the host
// page do, in Chromium, with the built host script file. Benchmarks, not tests: nothing here fails on
// a figure. Printed as Markdown tables.
//
//   (a) storms, each for --seconds (default 10) on a fresh page: the surface answers every
//       set-session with a warning about a newer session (expiry storm), or takes each id and refuses
//       it again (auth storm); with an instant mint and a 50 ms one. Ids minted, renewal-failed by
//       code, then logout: revocations and the most in flight at once.
//   (b) the flood: while a mint is pending, N synthetic events from the embed's window and the
//       tenant origin, new expiries against the same count of `view` events, alternating, side by
//       side in one page; the main-thread ms of each batch and their ratio.
//
// Options: --root DIR measures DIR's built script file (an older checkout, for "before");
// --seconds N; --counts 20000,40000,80000; --rounds N (default 3).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS as FLAGS } from '../scripts/chromium.mjs';
import { startHostileSite } from './hostile-site.mjs';
import { median } from './stats.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const ROOT = resolve(option('root', join(HERE, '..')));
const SECONDS = Number(option('seconds', 10));
const COUNTS = option('counts', '20000,40000,80000').split(',').map(Number);
const ROUNDS = Number(option('rounds', 3));

const fail = (message) => {
  console.error(message);
  process.exit(1);
};

/** One storm on a fresh page: ids minted in SECONDS, failures by code, and what logout then does. */
async function storm(context, site, { mode, mintMs }) {
  const page = await context.newPage();
  await page.goto(site.hostUrl);
  await page.evaluate((options) => window.__hostile.start(options), { tenant: site.tenant, mode, mintMs });
  await page.waitForTimeout(SECONDS * 1_000);
  const stats = await page.evaluate(() => structuredClone(window.__hostile.stats()));
  const logoutStarted = Date.now();
  const logout = await page.evaluate(() => window.__hostile.logout());
  const logoutMs = Date.now() - logoutStarted;
  await page.close();
  return { mode, mintMs, mints: stats.mints, failures: stats.failures, limitLogs: stats.limitLogs, ...logout, logoutMs };
}

/** A fresh page whose embed is ready and has a renewal pending (its mint never settles). */
async function floodPage(context, site) {
  const page = await context.newPage();
  await page.goto(site.hostUrl);
  await page.evaluate((options) => window.__hostile.start(options), { tenant: site.tenant, mode: 'flood', hangAfter: 1, debug: false });
  // Ready, and the surface's one warning has started a renewal whose mint never settles.
  await page.waitForFunction(() => window.__hostile.stats().mints === 2);
  return page;
}

/**
 * The flood: per count and round a fresh page (what one flood leaves behind must not weigh on the
 * next), the two batches side by side in it, their order alternating by round.
 */
async function flood(context, site) {
  const rows = [];
  let mints = 0;
  for (const count of COUNTS) {
    const times = { 'new-expiry': [], view: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const page = await floodPage(context, site);
      for (const kind of round % 2 ? ['view', 'new-expiry'] : ['new-expiry', 'view'])
        times[kind].push(await page.evaluate((flood) => window.__hostile.flood(flood.kind, flood.count), { kind, count }));
      mints = Math.max(mints, await page.evaluate(() => window.__hostile.stats().mints));
      await page.close();
    }
    const expiry = median(times['new-expiry']);
    const view = median(times.view);
    rows.push({ count, expiry, view, ratio: expiry / view });
  }
  return { rows, mints };
}

async function main() {
  if (!existsSync(CHROMIUM)) fail(`Chromium is not installed at ${CHROMIUM}: install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  const script = join(ROOT, 'packages/host/dist/iife/svc-embed.min.js');
  if (!existsSync(script)) fail(`${script} is missing: run "node scripts/build.mjs" in ${ROOT} first (npm run bench:hostile does, for this checkout).`);
  const site = await startHostileSite({ root: ROOT });
  const profile = mkdtempSync(join(os.tmpdir(), 'svc-embed-hostile-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
    context.setDefaultTimeout(600_000);
    console.log(`host script: ${script}; Chromium ${context.browser()?.version() ?? ''}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'})\n`);
    console.log(`| storm (${SECONDS} s) | mint | ids minted | renewal-failed | \`limit\` lines | logout: revoked | most in flight | logout ms |`);
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const mode of ['expiry-storm', 'auth-storm'])
      for (const mintMs of [0, 50]) {
        const row = await storm(context, site, { mode, mintMs });
        const failures = Object.entries(row.failures).map((failure) => `${failure[1]} ${failure[0]}`).join(', ') || 'none';
        console.log(`| ${mode} | ${mintMs ? `${mintMs} ms` : 'instant'} | ${row.mints} | ${failures} | ${row.limitLogs} | ${row.revoked} | ${row.mostRevoking} | ${row.logoutMs} |`);
      }
    const { rows, mints } = await flood(context, site);
    console.log(`\n| flood (a mint pending; median of ${ROUNDS}) | new expiries, ms | views, ms | ratio |`);
    console.log('| --- | --- | --- | --- |');
    for (const row of rows) console.log(`| ${row.count.toLocaleString('en')} events | ${row.expiry.toFixed(0)} | ${row.view.toFixed(0)} | ${row.ratio.toFixed(2)}x |`);
    console.log(`\nids minted by a flooded page: ${mints} at most (the first, and the one pending)`);
  } finally {
    await context?.close();
    await site.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
