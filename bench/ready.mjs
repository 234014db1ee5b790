// npm run bench:ready: time to first dashboard, create -> `ready`, in Chromium, on two origins with
// injected latency: the host page on 127.0.0.1 (its mint route answers after --mint-ms, default 300),
// the tenant (the emulator) on localhost behind a TCP proxy that holds each new connection
// --connect-ms (default 150: DNS + TCP + TLS) and each answer --rtt-ms (default 50). A benchmark, not
// a test: it prints medians and ratios. Each load runs in a fresh browser context (cold connections),
// the variants alternating round by round:
//   hand-written: the service's documented integration (fetch the id, then create the iframe);
//   SDK: createEmbed with mintSessionId (what a page gets by default);
//   floor, cold: an iframe given a pre-minted id at time zero;
//   floor, warm: the same after an iframe of the tenant has opened a connection in this page.
// Options: --rounds N (default 9), --mint-ms, --connect-ms, --rtt-ms.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, createServer as createTcpServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createEmulator } from '../packages/emulator/src/index.js';
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/chromium.mjs';
import { median } from './stats.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const ROUNDS = option('rounds', 9);
const MINT_MS = option('mint-ms', 300);
const CONNECT_MS = option('connect-ms', 150);
const RTT_MS = option('rtt-ms', 50);
const VARIANTS = ['hand-written', 'sdk', 'floor-cold', 'floor-warm'];
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP proxy to `target` that holds each new connection `CONNECT_MS` and each chunk back to the browser `RTT_MS`. */
async function latencyProxy(targetPort) {
  const server = createTcpServer((client) => {
    client.pause();
    setTimeout(() => {
      const upstream = connect(targetPort, '127.0.0.1', () => client.resume());
      client.pipe(upstream);
      upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), RTT_MS));
      upstream.on('end', () => setTimeout(() => client.end(), RTT_MS));
      for (const socket of [client, upstream]) socket.on('error', () => { client.destroy(); upstream.destroy(); });
    }, CONNECT_MS);
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  return server;
}

/** The host pages: each times create -> ready in its own way and reports it as window.__readyMs. */
function hostPage({ tenant, variant, sessionId }) {
  const url = (id) => `${tenant}/embed/dashboard/sales-overview?session=${id}`;
  const ready = `addEventListener('message', (e) => { if (e.origin === ${JSON.stringify(tenant)} && e.data?.type === 'svc:event:ready') window.__readyMs ??= performance.now() - window.__t0; });`;
  const frame = (id) => `const f = document.createElement('iframe'); f.src = ${JSON.stringify(url(''))}.replace('session=', 'session=' + ${id}); document.body.append(f);`;
  const scripts = {
    'hand-written': `${ready} window.__start = async () => { window.__t0 = performance.now(); const r = await fetch('/api/mint', { method: 'POST' }); const { sessionId } = await r.json(); ${frame('sessionId')} };`,
    sdk: `window.__start = () => { window.__t0 = performance.now(); const embed = SvcEmbed.createEmbed({ baseUrl: ${JSON.stringify(tenant)}, publicId: 'sales-overview', container: document.body, mintSessionId: () => fetch('/api/mint', { method: 'POST' }).then((r) => r.json()).then((j) => j.sessionId) }); embed.ready.then(() => { window.__readyMs = performance.now() - window.__t0; }); };`,
    'floor-cold': `${ready} window.__start = () => { window.__t0 = performance.now(); ${frame(JSON.stringify(sessionId))} };`,
    'floor-warm': `${ready} window.__warm = () => new Promise((resolve) => { const w = document.createElement('iframe'); w.onload = resolve; w.src = ${JSON.stringify(`${tenant}/embed/assets/app/widgets.js`)}; document.body.append(w); }); window.__start = () => { window.__t0 = performance.now(); ${frame(JSON.stringify(sessionId))} };`,
  };
  return `<!doctype html><html><head><meta charset="utf-8"><script src="/svc-embed.min.js"></script></head><body><script>${scripts[variant]}</script></body></html>`;
}

async function main() {
  const script = join(ROOT, 'packages/host/dist/iife/svc-embed.min.js');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM}: apt-get install -y chromium`);
  if (!existsSync(script)) throw new Error('run "node scripts/build.mjs" first (npm run bench:ready does)');
  const host = createServer();
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostUrl = `http://127.0.0.1:${host.address().port}`;
  const emulator = await createEmulator({ port: 0, hostname: '127.0.0.1', hostOrigins: [hostUrl] });
  const proxy = await latencyProxy(new URL(emulator.url).port);
  const tenant = `http://localhost:${proxy.address().port}`;
  const mint = async () => {
    const response = await fetch(`${emulator.url}/api/v1/embed/generate-session`, {
      method: 'POST', headers: { Authorization: 'Bearer emulator-dev-key', 'Content-Type': 'application/json' }, body: JSON.stringify({ deploymentId: 42, externalId: 'bench' }),
    });
    return (await response.json()).sessionId;
  };
  let page = { variant: 'sdk', sessionId: '' };
  host.on('request', async (req, res) => {
    if (req.url === '/svc-embed.min.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(script));
    if (req.url === '/api/mint') {
      const [sessionId] = await Promise.all([mint(), delay(MINT_MS)]);
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ sessionId }));
    }
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(hostPage({ tenant, ...page }));
  });
  const profile = mkdtempSync(join(os.tmpdir(), 'svc-embed-ready-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const times = Object.fromEntries(VARIANTS.map((variant) => [variant, []]));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of round % 2 ? [...VARIANTS].reverse() : VARIANTS) {
        page = { variant, sessionId: variant.startsWith('floor') ? await mint() : '' };
        const context = await browser.newContext();
        const tab = await context.newPage();
        await tab.goto(`${hostUrl}/${variant}`);
        if (variant === 'floor-warm') await tab.evaluate(() => window.__warm());
        await tab.evaluate(() => window.__start());
        times[variant].push(await tab.waitForFunction(() => window.__readyMs, undefined, { timeout: 30_000 }).then((handle) => handle.jsonValue()));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
    proxy.close();
    host.close();
    await emulator.close();
  }
  const medians = Object.fromEntries(VARIANTS.map((variant) => [variant, median(times[variant])]));
  console.log(`Chromium ${browser.version()}; mint ${MINT_MS} ms, new connection ${CONNECT_MS} ms, answer ${RTT_MS} ms; ${ROUNDS} rounds, medians of create -> ready\n`);
  console.log('| variant | ms |\n| --- | --- |');
  for (const variant of VARIANTS) console.log(`| ${variant} | ${medians[variant].toFixed(0)} |`);
  const sdk = medians.sdk;
  console.log(`\nSDK / hand-written: ${(sdk / medians['hand-written']).toFixed(2)}x; SDK / cold floor: ${(sdk / medians['floor-cold']).toFixed(2)}x; SDK above the cold floor: ${(sdk - medians['floor-cold']).toFixed(0)} ms (the mint: ${MINT_MS} ms)`);
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
