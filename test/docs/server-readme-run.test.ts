// The server README's examples run against the emulator. The Express quick start runs as pasted:
// its block saved as server.mjs and run by Node 20 (no bundler, no runner), with its own stand-in
// auth (a demo-user cookie), its page from public/, and its sign-in route; the README's emulator
// command, run as shown, lets that page's origin frame the dashboards. The Redis store's block runs
// as pasted too (redis.mjs: its top-level await) against a redis-server the test starts. Hono and
// the Next.js route handler need the reader's own `currentUser` (a header names the user here): Hono
// as a real server, the route handler through Request and Response. The environment points the
// examples at the emulator and a free port. Needs a build (the examples import the built packages).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../packages/emulator/src/index.js';
import { startRedisServer } from '../../packages/server/test/redis-server.js';
import { codeBlocks, ROOT } from './readme-files.js';

const README = 'packages/server/README.md';
const RUN_DIR = join(ROOT, 'reports', 'snippets-run', 'server');
mkdirSync(RUN_DIR, { recursive: true });
const block = (contains: string, language = 'ts') => {
  const found = codeBlocks(README).find((candidate) => candidate.language === language && candidate.code.includes(contains));
  if (!found) throw new Error(`${README} has no ${language} block with ${contains}`);
  return found.code;
};
/** The reader's own auth, as the examples expect it: here an `x-demo-user` header names the user. */
const CURRENT_USER = "globalThis.currentUser = async (request) => { const id = request.headers.get('x-demo-user'); return id ? { id } : null; };";

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
  writeFileSync(runner, `${CURRENT_USER}\nconst module = await import('./${name}.mjs');\n${after}\n`);
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

/** Starts a server example on a free port and resolves once it says it listens. */
async function startServer(runner: string, cwd = RUN_DIR): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [runner], { cwd, env: environment({ PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(`listening on ${port}`)) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the example exited (${code}): ${output}`)));
  });
  return { port, child };
}

/** A viewer's round trip through a served example: mint, revoke, mint twice, sign out; and a foreign page refused. */
async function roundTrip(port: number): Promise<void> {
  const origin = `http://localhost:${port}`;
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
    writeFileSync(join(folder, 'server.mjs'), block("from 'express'", 'js'));
    writeFileSync(join(folder, 'public', 'index.html'), '<!doctype html><title>The page</title>');
    const { port } = await startServer(join(folder, 'server.mjs'), folder);
    await roundTrip(port);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(await page.text()).toBe('<!doctype html><title>The page</title>');
    const signIn = await fetch(`http://127.0.0.1:${port}/sign-in`, { redirect: 'manual' });
    expect(signIn.headers.get('location')).toBe('/');
    expect(signIn.headers.get('set-cookie')).toMatch(/^demo-user=ada;/);
  }, 60_000);

  it("the quick start's emulator command, run as shown, lets the Express example's page frame the dashboards", async () => {
    const shell = codeBlocks(README).find((candidate) => candidate.language === 'sh' && candidate.code.includes('npx svc-embed-emulator'));
    const command = shell?.code.split('\n').find((line) => line.startsWith('npx svc-embed-emulator'))?.replace(/\s+#.*$/, '') ?? '';
    const express = block("from 'express'", 'js');
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
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('svc-embed emulator on') && resolve());
      child.once('exit', (code) => reject(new Error(`the emulator exited (${code})`)));
    });
    const dashboard = await fetch(`http://localhost:${port}/embed/dashboard/sales-overview`);
    expect(dashboard.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:3000;');
  }, 60_000);

  it('the Redis store runs as pasted, as an ES module (redis.mjs: its top-level await)', async () => {
    const redis = await startRedisServer();
    try {
      const folder = join(RUN_DIR, 'redis-store');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'redis.mjs'), block("from '@svc-embed/server/redis'", 'js'));
      writeFileSync(join(folder, 'run.mjs'), "const { store } = await import('./redis.mjs');\nconsole.log(typeof store.add, (await store.countMint('ada', Date.now(), 60_000)).count);\nprocess.exit(0);\n");
      const printed = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [join(folder, 'run.mjs')], { cwd: folder, env: { ...process.env, REDIS_URL: redis.url }, stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk));
        child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
      });
      expect(printed.trim()).toBe('function 1');
    } finally {
      await redis.stop();
    }
  }, 60_000);

  it('Hono on @hono/node-server: the same', async () => {
    const { port } = await startServer(await prepare('hono', block("from 'hono'", 'js')));
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
    const runner = await prepare('next-route', block('export const POST'), drive);
    const printed = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [runner], { cwd: RUN_DIR, env: environment({ APP_ORIGIN: 'https://app.example' }), stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk));
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
    });
    const result = JSON.parse(printed.trim().split('\n').pop() ?? '{}');
    expect(result).toMatchObject({ minted: 200, foreign: 404, revoked: 204, logout: { revoked: [result.again], failed: [] } });
    expect(emulator.state.describe(result.sessionId)?.status).toBe('revoked');
    expect(emulator.state.describe(result.again)?.status).toBe('revoked');
  }, 60_000);
});
