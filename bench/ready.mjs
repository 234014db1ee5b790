// npm run bench:ready: time to first dashboard, create -> `ready`, in Chromium, Firefox and WebKit,
// on two origins with injected latency: the host page on 127.0.0.1 (its mint route answers after
// --mint-ms, default 300), the tenant (the emulator) on localhost behind a TCP proxy that holds each
// new connection --connect-ms (default 150: DNS + TCP + TLS) and each answer --rtt-ms (default 50).
// A benchmark, not a test: it prints medians and ratios per engine. Each load runs in a new tab,
// context or window (bench/ready-engines.mjs) with a tenant port of its own (cold connections), the
// variants alternating round by round (bench/ready-pages.mjs says what each does):
//   hand-written: the service's documented integration (fetch the id, then create the iframe);
//   SDK: createEmbed with mintSessionId (what a page gets by default);
//   SDK with the page's id (sdk-page-id, issue 42): the npm build with firstSession: sessionFromPage(),
//     the first id minted while the server rendered the page (endpoint.mintForPage, pageSessionScript);
//   floor, cold: an iframe given a pre-minted id at time zero;
//   floor, warm: the same after an iframe of the tenant has opened a connection in this page;
//   the overlap techniques, each written into the hand-written integration: preconnect,
//   warm-replace, warm-sibling, warm-sandboxed (the SDK's), preconnect+sibling.
// Options: --engine chromium|firefox|webkit|all (default: every engine installed; an engine asked
// for by name that cannot be launched makes the run exit non-zero), --rounds N (default 9),
// --variants a,b,... (default all), --mint-ms, --connect-ms, --rtt-ms, --baseline <file> (another build
// of svc-embed.min.js, measured as the variant sdk-baseline in the same rounds). READY_TRACE=1 prints, after
// each load, when each tenant connection opened and which requests it carried. The keep-alive rows
// (issue 42, bench/ready-pages.mjs): sdk-return (a return visit, timed from the second mount; with
// -overlay, moveBefore taken away) and
// sdk-preload (preloadEmbed 300 ms before the mount, timed from the mount), checked against their
// targets below the table; the table's last column counts the mints of the timed part of each load.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, createServer as createTcpServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createEmulator } from '../packages/emulator/src/index.js';
import { pageSessionScript } from '@svc-embed/server';
import { ENGINES, launchEngine, missingEngine } from './ready-engines.mjs';
import { hostPage, VARIANTS } from './ready-pages.mjs';
import { median } from './stats.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const ROUNDS = Number(option('rounds', 9));
const MINT_MS = Number(option('mint-ms', 300));
const CONNECT_MS = Number(option('connect-ms', 150));
const RTT_MS = Number(option('rtt-ms', 50));
const ENGINE = option('engine', 'all');
const BASELINE = option('baseline', undefined);
const RUN_VARIANTS = option('variants', VARIANTS.filter((variant) => BASELINE || variant !== 'sdk-baseline').join(',')).split(',');
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The variants whose page does something before the clock starts (window.__warm). */
const WARMED = ['floor-warm', 'sdk-return', 'sdk-return-overlay'];

/**
 * A TCP proxy to `target` that holds each new connection `CONNECT_MS` and each chunk back to the
 * browser `RTT_MS`. It keeps a trace (connections opened, the first line of each request, ms since
 * `mark()`), which READY_TRACE=1 prints after each load: it shows which connection each request used.
 */
async function latencyProxy(targetPort) {
  const sockets = new Set();
  const trace = [];
  let t0 = performance.now();
  const note = (what) => trace.push(`${Math.round(performance.now() - t0)} ${what}`);
  const server = createTcpServer((client) => {
    const name = `c${trace.filter((line) => line.endsWith('open')).length + 1}`;
    note(`${name} open`);
    client.pause();
    sockets.add(client);
    client.on('data', (chunk) => {
      const line = chunk.toString('latin1').split('\r\n', 1)[0];
      if (/^[A-Z]+ \//.test(line)) note(`${name} ${line.replace(/\?.*| HTTP.*/g, '')}`);
    });
    setTimeout(() => {
      const upstream = connect(targetPort, '127.0.0.1', () => client.resume());
      sockets.add(upstream);
      client.pipe(upstream);
      upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), RTT_MS));
      upstream.on('end', () => setTimeout(() => client.end(), RTT_MS));
      for (const socket of [client, upstream]) socket.on('error', () => { client.destroy(); upstream.destroy(); });
    }, CONNECT_MS);
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  return {
    origin: `http://localhost:${server.address().port}`,
    trace,
    /** Starts the trace's clock (the host page is loaded). */
    mark() {
      t0 = performance.now();
    },
    close() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * The host's ESM build as one script, bundled by esbuild as an app's bundler would (the real
 * `zod/mini`, production conditions): `names` exported by `@svc-embed/host`, set on `window[global]`.
 */
async function bundleHost({ names, global }) {
  if (!existsSync(join(ROOT, 'packages/host/dist/esm/index.js'))) throw new Error('run "node scripts/build.mjs" first (npm run bench:ready does)');
  const result = await build({
    stdin: { contents: `import { ${names.join(', ')} } from '@svc-embed/host'; window.${global} = { ${names.join(', ')} };`, resolveDir: ROOT },
    bundle: true, format: 'iife', minify: true, write: false, logLevel: 'silent', conditions: ['production'], define: { 'process.env.NODE_ENV': '"production"' },
  });
  return result.outputFiles[0].text;
}

/** The host server, the emulator, and a mint of the emulator's ids. */
async function startServers() {
  const script = join(ROOT, 'packages/host/dist/iife/svc-embed.min.js');
  if (!existsSync(script)) throw new Error('run "node scripts/build.mjs" first (npm run bench:ready does)');
  // Read once: the whole run measures one build, even if the tree is rebuilt meanwhile.
  const scriptBody = readFileSync(script);
  const baselineBody = BASELINE ? readFileSync(BASELINE) : undefined;
  const host = createServer();
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostUrl = `http://127.0.0.1:${host.address().port}`;
  const emulator = await createEmulator({ port: 0, hostname: '127.0.0.1', hostOrigins: [hostUrl] });
  const mint = async () => {
    const response = await fetch(`${emulator.url}/api/v1/embed/generate-session`, {
      method: 'POST', headers: { Authorization: 'Bearer emulator-dev-key', 'Content-Type': 'application/json' }, body: JSON.stringify({ deploymentId: 42, externalId: 'bench' }),
    });
    return (await response.json()).sessionId;
  };
  // The npm build as an app bundles it: createEmbed, keepAlive and preloadEmbed for the keep-alive
  // rows (global SvcKeep); createEmbed and sessionFromPage for sdk-page-id (global SvcPage).
  const keepBody = await bundleHost({ names: ['createEmbed', 'keepAlive', 'preloadEmbed'], global: 'SvcKeep' });
  const pageBody = await bundleHost({ names: ['createEmbed', 'sessionFromPage'], global: 'SvcPage' });
  /** `mints`: the mints asked of /api/mint since the load began (the bench resets it). */
  const state = { page: { variant: 'sdk', sessionId: '', tenant: '', pageScript: '' }, mints: 0 };
  host.on('request', async (req, res) => {
    if (req.url === '/svc-embed.min.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(scriptBody);
    if (req.url === '/svc-embed-baseline.min.js' && baselineBody) return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(baselineBody);
    if (req.url === '/svc-embed-keep.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(keepBody);
    if (req.url === '/svc-embed-page.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(pageBody);
    if (req.url === '/api/mint') {
      state.mints += 1;
      const [sessionId] = await Promise.all([mint(), delay(MINT_MS)]);
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ sessionId }));
    }
    res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' }).end(hostPage(state.page));
  });
  return {
    hostUrl, emulator, mint, state,
    async close() {
      host.closeAllConnections();
      host.close();
      await emulator.close();
    },
  };
}

/**
 * What the host serves for one load: the floors get an id minted before, sdk-page-id the script
 * element of one minted as the server renders the page (as `endpoint.mintForPage` would, 5 minutes to redeem it).
 */
async function pageOf(servers, { variant, tenant }) {
  const minted = variant.startsWith('floor') || variant === 'sdk-page-id' ? await servers.mint() : '';
  if (variant !== 'sdk-page-id') return { variant, tenant, sessionId: minted };
  const now = Date.now();
  return { variant, tenant, sessionId: '', pageScript: pageSessionScript({ sessionId: minted, mintedAt: now, expiresAt: now + 5 * 60_000 }) };
}

/**
 * Runs every round of every variant in one engine; returns the times by variant and the loads that
 * failed (printed as they happen, left out of the medians, counted in the table).
 */
async function measure(browser, servers) {
  const times = Object.fromEntries(RUN_VARIANTS.map((variant) => [variant, []]));
  // When the embed's URL reached the tenant (ms after start, from the proxy's trace): the network's
  // part of the time, which the machine's load moves far less than the time to `ready`.
  const requested = Object.fromEntries(RUN_VARIANTS.map((variant) => [variant, []]));
  const failures = Object.fromEntries(RUN_VARIANTS.map((variant) => [variant, 0]));
  /** Mints asked of the page's mint route per load (the SDK's return visit: its first mount's only). */
  const mints = Object.fromEntries(RUN_VARIANTS.map((variant) => [variant, []]));
  const port = new URL(servers.emulator.url).port;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of round % 2 ? [...RUN_VARIANTS].reverse() : RUN_VARIANTS) {
      const proxy = await latencyProxy(port);
      try {
        servers.state.page = await pageOf(servers, { variant, tenant: proxy.origin });
        servers.state.mints = 0;
        let before = 0;
        let traced = 0;
        const started = () => {
          proxy.mark();
          before = servers.state.mints;
          traced = proxy.trace.length;
        };
        times[variant].push(await browser.load(`${servers.hostUrl}/${variant}`, { warm: WARMED.includes(variant), started }));
        mints[variant].push(servers.state.mints - before);
        // After the clock started only (a return visit's embed URL was requested before it: none then).
        const embedUrl = proxy.trace.slice(traced).find((line) => / GET \/embed\/dashboard\//.test(line));
        if (embedUrl) requested[variant].push(Number(embedUrl.split(' ')[0]));
        if (process.env.READY_TRACE) console.log(`${variant}: ${Math.round(times[variant].at(-1))} ms; ms after start: ${proxy.trace.join(', ')}`);
      } catch (error) {
        failures[variant] += 1;
        console.log(`${variant}, round ${round + 1}: failed (${error instanceof Error ? error.message.split('\n')[0] : error}); trace: ${proxy.trace.join(', ')}`);
      } finally {
        proxy.close();
      }
    }
  }
  return { times, failures, requested, mints };
}

const ms = (value) => Math.round(value).toLocaleString('en-US');

/** Prints one engine's table and ratios. */
function report(version, { times, failures, requested, mints }) {
  const medians = Object.fromEntries(Object.entries(times).filter((entry) => entry[1].length).map((entry) => [entry[0], median(entry[1])]));
  console.log(`\n### ${version}\n\nmint ${MINT_MS} ms, new connection ${CONNECT_MS} ms, answer ${RTT_MS} ms; ${ROUNDS} rounds, create -> ready\n`);
  console.log('| variant | median, ms | min–max, ms | vs hand-written, ms | embed URL requested, median ms | mints per load, timed |\n| --- | --- | --- | --- | --- | --- |');
  const hand = medians['hand-written'];
  for (const [variant, value] of Object.entries(medians)) {
    const saved = hand === undefined || variant === 'hand-written' ? '' : `${value <= hand ? '−' : '+'}${ms(Math.abs(value - hand))}`;
    const failed = failures[variant] ? ` (${failures[variant]} of ${ROUNDS} loads failed)` : '';
    const request = requested[variant].length ? ms(median(requested[variant])) : '';
    const minted = [...new Set(mints[variant])].sort().join(' or ');
    console.log(`| ${variant}${failed} | ${ms(value)} | ${ms(Math.min(...times[variant]))}–${ms(Math.max(...times[variant]))} | ${saved} | ${request} | ${minted} |`);
  }
  reportKeepAlive(medians);
  const { sdk, 'floor-cold': floor, 'sdk-page-id': pageId } = medians;
  if (pageId !== undefined && floor !== undefined) {
    console.log(`\nfirst visit with the id minted with the page (sdk-page-id) above the cold floor: ${ms(pageId - floor)} ms (target: at most 50 ms): ${pageId - floor <= 50 ? 'within' : 'OVER'}`);
  }
  if (sdk === undefined || hand === undefined || floor === undefined) return;
  const above = sdk - floor;
  const bound = 0.05 * floor + MINT_MS;
  console.log(`\nSDK / hand-written: ${(sdk / hand).toFixed(2)}x; SDK / cold floor: ${(sdk / floor).toFixed(2)}x`);
  console.log(`SDK above the cold floor: ${ms(above)} ms vs the mint's ${MINT_MS} ms (bound: 5% of the floor + the mint = ${ms(bound)} ms): ${above <= bound ? 'within' : 'OVER'}; SDK ${sdk <= hand ? 'not slower than' : 'SLOWER than'} hand-written`);
}

/** Issue 42's targets: a return visit ready and painted within 50 ms of the mount (100 ms without moveBefore); a preload started 300 ms ahead ready at most (cold − 300) + 50 ms after the mount. */
function reportKeepAlive({ sdk, 'sdk-return': back, 'sdk-return-overlay': overlaid, 'sdk-preload': preload }) {
  const within = (value) => (value <= 50 ? 'within 50' : value <= 100 ? 'within 100' : 'OVER');
  if (back !== undefined) console.log(`\nReturn visit: ready and painted ${ms(back)} ms after the mount (target 50 ms with moveBefore, 100 ms without): ${within(back)}`);
  if (overlaid !== undefined) console.log(`Return visit, overlay slot (moveBefore taken away): ${ms(overlaid)} ms (target 100 ms): ${within(overlaid)}`);
  if (preload === undefined || sdk === undefined) return;
  const bound = sdk - 300 + 50;
  console.log(`Preload 300 ms ahead: ready ${ms(preload)} ms after the mount (bound: SDK cold ${ms(sdk)} − 300 + 50 = ${ms(bound)} ms): ${preload <= bound ? 'within' : 'OVER'}`);
}

async function main() {
  if (ENGINE !== 'all' && !ENGINES.includes(ENGINE)) throw new Error(`--engine must be one of ${ENGINES.join(', ')} or all (got ${ENGINE})`);
  const unknown = RUN_VARIANTS.filter((variant) => !VARIANTS.includes(variant));
  if (unknown.length) throw new Error(`unknown variants ${unknown.join(', ')}; known: ${VARIANTS.join(', ')}`);
  if (RUN_VARIANTS.includes('sdk-baseline') && !BASELINE) throw new Error('the sdk-baseline variant needs --baseline <host script file>');
  const engines = ENGINE === 'all' ? ENGINES : [ENGINE];
  const servers = await startServers();
  let failed = false;
  try {
    for (const engine of engines) {
      const missing = missingEngine(engine);
      let browser;
      try {
        if (missing) throw new Error(missing);
        browser = await launchEngine(engine);
      } catch (error) {
        console.log(`\n${engine}: could not launch, not measured: ${error instanceof Error ? error.message : error}`);
        if (ENGINE !== 'all') failed = true;
        continue;
      }
      try {
        report(browser.version, await measure(browser, servers));
      } finally {
        await browser.close();
      }
    }
  } finally {
    await servers.close();
  }
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(error);
  process.exit(1);
});
