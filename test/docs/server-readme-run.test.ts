// The server README's examples run against the emulator. The Express quick start runs as pasted:
// its block saved as server.mjs and run by Node 20 (no bundler, no runner), with its own stand-in
// auth (a demo-user cookie), its page from public/ and its sign-in route; the quick start's emulator
// command, run as shown, lets that page's origin frame the dashboards. Hono as a real server driven
// over HTTP, the Next.js route handler through Request and Response; its Redis store holds a
// viewer's ledger in a real redis-server and on a real Redis Cluster (three primaries, three
// replicas, started from redis-server and redis-cli), and its block runs as pasted as an ES module
// (redis.mjs: the top-level await); and the root README's backend (Express) runs with only its
// tenant URL and port replaced. Only the reader's own `currentUser` (and the root README's `revokeAtTheService`) is
// supplied where a block needs it (a header names the user) and the environment points the
// examples at the emulator and a free port. Needs a build (the examples import the built packages).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../packages/emulator/src/index.js';
import { startRedisServer, type RedisServer } from '../../packages/server/test/support/redis-server.js';
import { startPostgresServer } from '../../packages/server/test/support/postgres-server.js';
import { startRedisCluster } from '../../bench/redis-cluster.mjs';
import { runBlock, type RunBlockName } from './readme-blocks.js';
import { ROOT } from './readme-files.js';

const RUN_DIR = join(ROOT, 'reports', 'snippets-run', 'server');
mkdirSync(RUN_DIR, { recursive: true });
const block = (name: RunBlockName) => runBlock(name).code;
/** The reader's own auth, as the examples expect it: here an `x-demo-user` header names the user. */
const CURRENT_USER = "globalThis.currentUser = async (request) => { const id = request.headers.get('x-demo-user'); return id ? { id } : null; };";
/** The root README's backend calls the reader's revocation at the service, with their API key. */
const REVOKE_AT_THE_SERVICE = `globalThis.revokeAtTheService = async (sessionId) => {
  const response = await fetch(\`\${process.env.SVC_EMBED_BASE_URL}/api/v1/embed/sessions/\${encodeURIComponent(sessionId)}\`, { method: 'DELETE', headers: { Authorization: \`Bearer \${process.env.SVC_EMBED_API_KEY}\` } });
  if (!response.ok) throw new Error(\`revocation answered HTTP \${response.status}\`);
};`;

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

/** Bundles a README block (packages external) and a runner that defines `currentUser` first, then runs it (and `after`). */
async function prepare(name: string, code: string, after = ''): Promise<string> {
  writeFileSync(join(RUN_DIR, `${name}.ts`), code);
  await build({ entryPoints: [join(RUN_DIR, `${name}.ts`)], bundle: true, packages: 'external', platform: 'node', format: 'esm', outfile: join(RUN_DIR, `${name}.mjs`), logLevel: 'silent' });
  const runner = join(RUN_DIR, `${name}-run.mjs`);
  writeFileSync(runner, `${CURRENT_USER}\n${REVOKE_AT_THE_SERVICE}\nconst module = await import('./${name}.mjs');\n${after}\n`);
  return runner;
}

type Emulator = Awaited<ReturnType<typeof createEmulator>>;
let emulator: Emulator;
const running: ChildProcess[] = [];
beforeAll(async () => {
  emulator = await createEmulator({ port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  for (const child of running) child.kill();
  await emulator.close();
});
const environment = (extra: Record<string, string>) => ({ ...process.env, SVC_EMBED_BASE_URL: emulator.url, SVC_EMBED_API_KEY: 'emulator-dev-key', ...extra });

/** Starts a server example (in `cwd`, default the run folder) on `port` (default a free one) and resolves once it says it listens. */
async function startServer(runner: string, where: { port?: number; cwd?: string } = {}): Promise<{ port: number; child: ChildProcess }> {
  const port = where.port ?? (await freePort());
  const child = spawn(process.execPath, [runner], { cwd: where.cwd ?? RUN_DIR, env: environment({ PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(`listening on ${String(port)}`)) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the example exited (${code}): ${output}`)));
  });
  return { port, child };
}

/** Runs an example's runner to its end, and resolves with what it printed last (a line of JSON). */
function runToEnd(runner: string, env: NodeJS.ProcessEnv): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [runner], { cwd: RUN_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(text.trim().split('\n').pop() ?? '{}')) : reject(new Error(`exit ${code}: ${text}`))));
  });
}

/** A viewer's round trip through a served example (its page on `origin`): mint, revoke, mint twice, sign out; and a foreign page refused. */
async function roundTrip(port: number, origin = `http://localhost:${port}`): Promise<void> {
  const send = (method: string, path: string, user: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { origin, 'sec-fetch-site': 'same-origin', 'x-demo-user': user, cookie: `demo-user=${user}`, ...headers } });
  const mint = async (user: string) => ((await (await send('POST', '/api/embed-session', user)).json()) as { sessionId: string }).sessionId;
  const first = await mint('ada');
  expect(emulator.state.describe(first)?.status).toBe('pending');
  expect((await send('DELETE', `/api/embed-session/${first}`, 'bob')).status).toBe(404);
  expect((await send('DELETE', `/api/embed-session/${first}`, 'ada')).status).toBe(204);
  expect(emulator.state.describe(first)?.status).toBe('revoked');
  const others = [await mint('ada'), await mint('ada')];
  const logout = (await (await send('POST', '/api/embed-session/logout', 'ada')).json()) as { revoked: string[] };
  expect([...logout.revoked].sort()).toEqual([...others].sort());
  for (const id of others) expect(emulator.state.describe(id)?.status).toBe('revoked');
  const foreign = await send('POST', '/api/embed-session', 'ada', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
  expect(foreign.status).toBe(403);
  expect((await send('POST', '/api/embed-session', '')).status).toBe(401);
}

describe("the server README's examples, against the emulator", () => {
  it('the Express quick start runs as pasted (server.mjs, plain Node 20): mints, revokes only the viewer\'s own ids, signs out, refuses another site, serves the page and signs in', async () => {
    const folder = join(RUN_DIR, 'express-quick-start');
    mkdirSync(join(folder, 'public'), { recursive: true });
    writeFileSync(join(folder, 'server.mjs'), block('serverExpress'));
    writeFileSync(join(folder, 'public', 'index.html'), '<!doctype html><title>The page</title>');
    const { port } = await startServer(join(folder, 'server.mjs'), { cwd: folder });
    await roundTrip(port);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(await page.text()).toBe('<!doctype html><title>The page</title>');
    const signIn = await fetch(`http://127.0.0.1:${port}/sign-in`, { redirect: 'manual' });
    expect(signIn.headers.get('location')).toBe('/');
    expect(signIn.headers.get('set-cookie')).toMatch(/^demo-user=ada;/);
    // The page rendered with the viewer's first id (issue 42): minted at the service, in the script element sessionFromPage() reads.
    const reports = await (await fetch(`http://127.0.0.1:${port}/reports`, { headers: { cookie: 'demo-user=ada' } })).text();
    const json = /<script type="application\/json" id="svc-embed-session">(.*?)<\/script>/.exec(reports)?.[1] ?? '{}';
    const first = JSON.parse(json) as { sessionId?: string; expiresAt?: number };
    expect(emulator.state.describe(first.sessionId ?? '')?.status).toBeDefined();
    expect(first.expiresAt).toBeGreaterThan(Date.now());
    expect(await (await fetch(`http://127.0.0.1:${port}/reports`)).text()).not.toContain('svc-embed-session');
  }, 60_000);

  it("the quick start's emulator command, run as shown, lets the Express example's page frame the dashboards", async () => {
    const command = block('serverQuickStartCommands').split('\n').find((line) => line.startsWith('npx svc-embed-emulator'))?.replace(/\s+#.*$/, '') ?? '';
    const express = block('serverExpress');
    // The page's origin is the Express example's (its default port, 3000).
    expect(express).toContain('Number(process.env.PORT ?? 3000)');
    expect(express).toContain('allowedOrigins: [`http://localhost:${port}`]');
    expect(command).toContain('--host-origin http://localhost:3000');
    const port = await freePort();
    // Only the port differs: 4400 may be taken on this machine.
    const args = [...command.split(/\s+/).slice(2), '--port', String(port), '--quiet'];
    const child = spawn(process.execPath, [join(ROOT, 'packages', 'emulator', 'bin', 'svc-embed-emulator.js'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    running.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('svc-embed emulator on')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the emulator exited (${code})`)));
    });
    const dashboard = await fetch(`http://localhost:${port}/embed/dashboard/sales-overview`);
    expect(dashboard.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:3000;');
  }, 60_000);

  it('Hono on @hono/node-server: the same', async () => {
    const { port } = await startServer(await prepare('hono', block('serverHono')));
    await roundTrip(port);
  }, 60_000);

  it('the Next.js route handler: POST and DELETE through Request and Response', async () => {
    const drive = `
const origin = 'https://app.example';
const request = (method, path, user) => new Request(origin + path, { method, headers: { origin, 'sec-fetch-site': 'same-origin', 'x-demo-user': user } });
const minted = await module.POST(request('POST', '/api/embed-session', 'ada'));
const { sessionId } = await minted.json();
const foreign = await module.DELETE(request('DELETE', '/api/embed-session/' + sessionId, 'bob'));
const revoked = await module.DELETE(request('DELETE', '/api/embed-session/' + sessionId, 'ada'));
const again = await module.POST(request('POST', '/api/embed-session', 'ada'));
const logout = await module.POST(request('POST', '/api/embed-session/logout', 'ada'));
console.log(JSON.stringify({ minted: minted.status, sessionId, foreign: foreign.status, revoked: revoked.status, again: (await again.json()).sessionId, logout: await logout.json() }));`;
    const runner = await prepare('next-route', block('serverNext'), drive);
    const result = await runToEnd(runner, environment({ APP_ORIGIN: 'https://app.example' }));
    expect(result).toMatchObject({ minted: 200, foreign: 404, revoked: 204, logout: { revoked: [result.again], failed: [] } });
    expect(emulator.state.describe(result.sessionId)?.status).toBe('revoked');
    expect(emulator.state.describe(result.again)?.status).toBe('revoked');
  }, 60_000);

  it("the Redis store keeps the viewer's ledger in a real redis-server under its prefix, and a sign-out empties it", async () => {
    const redis: RedisServer = await startRedisServer();
    try {
      const result = await runToEnd(await prepare('redis-store', block('serverRedisStore'), driveRedisStore('createClient({ url: process.env.REDIS_URL })')), environment({ REDIS_URL: redis.url }));
      expectLedgerRoundTrip(result);
    } finally {
      await redis.stop();
    }
  }, 60_000);

  it("the Redis store on a Redis Cluster (three primaries, three replicas) with replicas: 1: the viewer's ledger on the primary of its slot, and a sign-out empties it", async () => {
    const cluster = await startRedisCluster({ primaries: 3, replicasPerPrimary: 1 });
    try {
      const drive = driveRedisStore('createCluster({ rootNodes: [{ url: process.env.REDIS_CLUSTER_URL }] })');
      const result = await runToEnd(await prepare('redis-cluster-store', block('serverRedisCluster'), drive), environment({ REDIS_CLUSTER_URL: cluster.rootNodes[0]?.url ?? '' }));
      expectLedgerRoundTrip(result);
    } finally {
      await cluster.stop();
    }
  }, 60_000);
});

/** What `driveRedisStore` saw: ada's two ids in her ledger, the keys under the prefix (the ledger horizon, her ids and mint counters), and none of her ids after she signed out. */
function expectLedgerRoundTrip(result: { ledger: string[]; keys: string[]; logout: { revoked: string[] }; after: string[] }): void {
  expect(result.ledger.sort()).toEqual(['ses_1', 'ses_2']);
  expect(result.keys).toEqual(['acme:embed:horizon', 'acme:embed:{ada}:ids', 'acme:embed:{ada}:mints']);
  expect({ revoked: result.logout.revoked.sort(), after: result.after }).toEqual({ revoked: ['ses_1', 'ses_2'], after: [] });
}

/**
 * What runs after a Redis store block: an endpoint on its `store` mints two ids for ada, then a
 * client of its own (`connect`, of the `redis` package) reads her ledger and every key (on a
 * cluster, of every primary), and she signs out.
 */
function driveRedisStore(connect: string): string {
  return `
import { createSessionEndpoint } from '@svc-embed/server';
import { createClient, createCluster } from 'redis';
const minted = [];
const endpoint = createSessionEndpoint({
  path: '/api/embed-session', allowedOrigins: ['https://app.example'], viewer: () => ({ id: 'ada' }),
  mint: async () => { minted.push('ses_' + (minted.length + 1)); return minted.at(-1); }, revoke: async () => {}, store: module.store,
});
const request = (method, path) => new Request('https://app.example' + path, { method, headers: { origin: 'https://app.example', 'sec-fetch-site': 'same-origin' } });
await endpoint.fetch(request('POST', '/api/embed-session'));
await endpoint.fetch(request('POST', '/api/embed-session'));
const redis = await ${connect}.connect();
const ledger = await redis.zRange('acme:embed:{ada}:ids', 0, -1);
const keys = await redis.keys('*');
const logout = await (await endpoint.fetch(request('POST', '/api/embed-session/logout'))).json();
const after = await redis.zRange('acme:embed:{ada}:ids', 0, -1);
console.log(JSON.stringify({ minted, ledger, keys: keys.sort(), logout, after }));
process.exit(0);`;
}

describe("the server README's Postgres store", () => {
  it("keeps the viewer's ledger in a real postgres (its tables made by ensureSchema), and a sign-out empties it; the block runs as pasted as an ES module", async () => {
    const postgres = await startPostgresServer();
    try {
      const drive = `
import { createSessionEndpoint } from '@svc-embed/server';
import pg from 'pg';
const minted = [];
const endpoint = createSessionEndpoint({
  path: '/api/embed-session', allowedOrigins: ['https://app.example'], viewer: () => ({ id: 'ada' }),
  mint: async () => { minted.push('ses_' + (minted.length + 1)); return minted.at(-1); }, revoke: async () => {}, store: module.store,
});
const request = (method, path) => new Request('https://app.example' + path, { method, headers: { origin: 'https://app.example', 'sec-fetch-site': 'same-origin' } });
await endpoint.fetch(request('POST', '/api/embed-session'));
await endpoint.fetch(request('POST', '/api/embed-session'));
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const ids = async () => (await client.query("SELECT session_id FROM svc_embed.ledger_ids WHERE viewer_id = 'ada' ORDER BY session_id")).rows.map((row) => row.session_id);
const ledger = await ids();
const tables = (await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'svc_embed' ORDER BY table_name")).rows.map((row) => row.table_name);
const logout = await (await endpoint.fetch(request('POST', '/api/embed-session/logout'))).json();
const after = await ids();
console.log(JSON.stringify({ ledger, tables, logout, after }));
process.exit(0);`;
      const result = await runToEnd(await prepare('postgres-store', block('serverPostgresStore'), drive), environment({ DATABASE_URL: postgres.url }));
      expect(result.ledger).toEqual(['ses_1', 'ses_2']);
      expect(result.tables).toEqual(['ledger_hints', 'ledger_ids', 'ledger_meta', 'ledger_viewers']);
      expect({ revoked: result.logout.revoked.sort(), complete: result.logout.complete, after: result.after }).toEqual({ revoked: ['ses_1', 'ses_2'], complete: false, after: [] }); // a ledger made just now: ids minted before it may be live
      const folder = join(RUN_DIR, 'postgres-store-as-pasted');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'store.mjs'), block('serverPostgresStore'));
      writeFileSync(join(folder, 'run.mjs'), "const { store } = await import('./store.mjs');\nconsole.log(JSON.stringify({ store: typeof store, horizon: typeof (await store.horizon()).since }));\nprocess.exit(0);\n");
      expect(await runToEnd(join(folder, 'run.mjs'), { ...process.env, DATABASE_URL: postgres.url })).toEqual({ store: 'object', horizon: 'number' });
    } finally {
      await postgres.stop();
    }
  }, 60_000);
});

describe("the server README's sweep", () => {
  it('runs every minute: a revocation that failed at sign-out is retried and the viewer is complete; one instance sweeps only where SWEEP=1', async () => {
    const drive = `
import { createMemoryStore, createSessionEndpoint } from '@svc-embed/server';
const minted = [];
const revokeCalls = [];
let failOnce = true;
const endpoint = createSessionEndpoint({
  path: '/api/embed-session', allowedOrigins: ['https://app.example'], viewer: () => ({ id: 'ada' }),
  mint: async () => { minted.push('ses_' + (minted.length + 1)); return minted.at(-1); },
  revoke: async (sessionId) => {
    revokeCalls.push(sessionId);
    if (sessionId === 'ses_2' && failOnce) { failOnce = false; throw new Error('the service is down'); }
  },
  store: createMemoryStore({ ledgerSince: 0 }), // this service starts with the store: no id before it is live
  limits: { revokeRetryMs: 1 }, // the failed id's backoff, over before the sweep runs
});
const request = (method, path) => new Request('https://app.example' + path, { method, headers: { origin: 'https://app.example', 'sec-fetch-site': 'same-origin' } });
await endpoint.fetch(request('POST', '/api/embed-session'));
await endpoint.fetch(request('POST', '/api/embed-session'));
const first = await (await endpoint.fetch(request('POST', '/api/embed-session/logout'))).json();
const sweeps = [];
const revokePending = endpoint.revokePending;
endpoint.revokePending = () => { const sweep = revokePending(); sweeps.push(sweep); return sweep; };
const timers = [];
globalThis.setInterval = (tick, ms) => { const timer = { tick, ms, unref() { timer.unrefed = true; } }; timers.push(timer); return timer; };
globalThis.clearInterval = (timer) => { timer.cleared = true; };
delete process.env.SWEEP;
const none = module.sweepOnOneInstance(endpoint);
const stop = module.sweepEveryMinute(endpoint);
await new Promise((resolve) => setTimeout(resolve, 20));
timers[0].tick();
const report = await sweeps[0];
const second = await (await endpoint.fetch(request('POST', '/api/embed-session/logout'))).json();
stop();
process.env.SWEEP = '1';
const one = module.sweepOnOneInstance(endpoint);
console.log(JSON.stringify({ first, report, revokeCalls, second, none, one: typeof one, timers: timers.map(({ ms, unrefed, cleared }) => ({ ms, unrefed: Boolean(unrefed), cleared: Boolean(cleared) })) }));
process.exit(0);`;
    const result = await runToEnd(await prepare('sweep', block('serverSweep'), drive), environment({}));
    expect(result.first).toMatchObject({ revoked: ['ses_1'], pending: ['ses_2'], complete: false });
    expect(result.report).toMatchObject({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(result.revokeCalls).toEqual(['ses_1', 'ses_2', 'ses_2']);
    expect(result.second).toMatchObject({ revoked: [], failed: [], pending: [], complete: true });
    expect({ none: result.none, one: result.one }).toEqual({ none: null, one: 'function' });
    expect(result.timers).toEqual([{ ms: 60_000, unrefed: true, cleared: true }, { ms: 60_000, unrefed: true, cleared: false }]);
  }, 60_000);
});

describe("the server README's Operating it", () => {
  it('sends the metrics to the global meter provider, and warns from status() past the thresholds of the table', async () => {
    const drive = `
import { metrics } from '@opentelemetry/api';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
let time = 1_700_000_000_000;
let failing = true;
const endpoint = module.endpointWithMetrics({
  path: '/api/embed-session', allowedOrigins: ['https://app.example'], viewer: () => ({ id: 'ada' }),
  mint: async () => 'ses_1', revoke: async () => { if (failing) throw new Error('the service is down'); }, now: () => time,
});
const request = (method, path) => new Request('https://app.example' + path, { method, headers: { origin: 'https://app.example', 'sec-fetch-site': 'same-origin' } });
const calm = await module.backlogWarnings(endpoint);
await endpoint.fetch(request('POST', '/api/embed-session'));
await endpoint.fetch(request('POST', '/api/embed-session/logout'));
time += 20 * 60_000;
const stuck = await module.backlogWarnings(endpoint);
await reader.forceFlush();
const points = {};
for (const scope of exporter.getMetrics().flatMap((resource) => resource.scopeMetrics)) {
  for (const metric of scope.metrics) points[metric.descriptor.name] = metric.dataPoints.map((point) => point.value);
}
failing = false;
await endpoint.revokePending();
const drained = await module.backlogWarnings(endpoint);
console.log(JSON.stringify({ calm, stuck, drained, scope: exporter.getMetrics()[0]?.scopeMetrics[0]?.scope.name, points }));
process.exit(0);`;
    const result = await runToEnd(await prepare('operating', block('serverOperating'), drive), environment({}));
    expect(result.calm).toEqual([]);
    expect(result.stuck).toEqual(['a revocation has waited 20 minutes', '1 of 1 revoke calls failed', 'no sweep has completed for 20 minutes']);
    expect(result.drained).toEqual(['1 of 2 revoke calls failed']);
    expect(result.scope).toBe('my-app');
    expect(result.points).toMatchObject({
      'svc_embed.mint.requests': expect.arrayContaining([1]),
      'svc_embed.revocation.pending.count': [1],
      'svc_embed.revocation.pending.oldest_age': [1200],
      'svc_embed.sweep.lag': [1200],
    });
  }, 60_000);
});

it('the Redis store block runs as pasted, as an ES module (redis.mjs: its top-level await)', async () => {
  const redis = await startRedisServer();
  try {
    const folder = join(RUN_DIR, 'redis-store-as-pasted');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'redis.mjs'), block('serverRedisStore'));
    writeFileSync(join(folder, 'run.mjs'), "const { store } = await import('./redis.mjs');\nconsole.log(JSON.stringify({ store: typeof store }));\nprocess.exit(0);\n");
    expect(await runToEnd(join(folder, 'run.mjs'), { ...process.env, REDIS_URL: redis.url })).toEqual({ store: 'object' });
  } finally {
    await redis.stop();
  }
}, 60_000);

describe("the root README's backend, against the emulator", () => {
  it('Express 5, with only its tenant URL and port replaced: the same round trip, its page on https://app.example', async () => {
    const port = await freePort();
    const pasted = block('rootBackend');
    const code = pasted.replace("'https://tenant.example'", `'${emulator.url}'`).replace('.listen(3000)', `.listen(${port})`);
    expect(code.split('\n').filter((line, index) => line !== pasted.split('\n')[index])).toHaveLength(2);
    // The block says nothing when it listens: the runner waits until the port answers.
    const listening = `for (;;) {
  const answered = await fetch('http://127.0.0.1:${port}/').then(() => true, () => false);
  if (answered) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log('listening on ${port}');`;
    await startServer(await prepare('root-backend', code, listening), { port });
    await roundTrip(port, 'https://app.example');
  }, 60_000);
});
