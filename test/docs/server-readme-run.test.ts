// The server README's three examples run as written against the emulator: Express 5 and Hono as
// real servers driven over HTTP, the Next.js route handler through Request and Response; its Redis
// store holds a viewer's ledger in a real redis-server, and on a real Redis Cluster (three primaries,
// three replicas, started from redis-server and redis-cli); and the root README's backend (Express)
// runs with only its tenant URL and port replaced. Only the reader's own `currentUser` (and the root
// README's `revokeAtTheService`) is supplied (a header names the user; the Express example's own
// stand-in reads a demo-user cookie, which the requests send too) and the environment points the
// examples at the emulator and a free port. Needs a build (the examples import the built packages).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../packages/emulator/src/index.js';
import { startRedisServer, type RedisServer } from '../../packages/server/test/redis-server.js';
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

/** Starts a server example on `port` (default a free one) and resolves once it says it listens. */
async function startServer(runner: string, port?: number): Promise<{ port: number; child: ChildProcess }> {
  port ??= await freePort();
  const child = spawn(process.execPath, [runner], { cwd: RUN_DIR, env: environment({ PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] });
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
  it('Express 5: mints, revokes only the viewer\'s own ids, signs out, refuses another site', async () => {
    const { port } = await startServer(await prepare('express', block('serverExpress')));
    await roundTrip(port);
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

/** What `driveRedisStore` saw: ada's two ids in her ledger, her keys under the prefix (ids and mint counters), and none after she signed out. */
function expectLedgerRoundTrip(result: { ledger: string[]; keys: string[]; logout: { revoked: string[] }; after: string[] }): void {
  expect(result.ledger.sort()).toEqual(['ses_1', 'ses_2']);
  expect(result.keys).toEqual(['acme:embed:{ada}:ids', 'acme:embed:{ada}:mints']);
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
    await startServer(await prepare('root-backend', code, listening), port);
    await roundTrip(port, 'https://app.example');
  }, 60_000);
});
