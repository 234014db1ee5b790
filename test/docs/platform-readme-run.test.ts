// The platform client's README examples run as pasted against the emulator's platform API, each a
// module of its own in a Node process of its own (in a folder of its own, where it writes its files),
// with only the reader's own names supplied: `client` (made as in the quick start, on the emulator's
// URL), `items` and `manyItems` (workbooks and folders of the emulated account), `envId` (one of
// deployment 42's environments) and `app` (an Express-like app whose route the runner calls once).
// Each must end without an error; what it leaves behind (files, the version now current, an id the
// emulator minted) is checked where there is something to see. Needs a build.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../packages/emulator/src/index.js';
import { createPlatformClient } from '../../packages/platform/src/index.js';
import { runBlock, type RunBlockName } from './readme-blocks.js';
import { ROOT } from './readme-files.js';

const RUN_DIR = join(ROOT, 'reports', 'snippets-run', 'platform');
const API_KEY = 'emulator-dev-key';

/** The reader's own names, as the examples expect them; the route an example adds is called once. */
const READER = `import { createPlatformClient } from '@svc-embed/platform';
globalThis.client = createPlatformClient({ baseUrl: process.env.SVC_EMBED_BASE_URL, apiKey: '${API_KEY}' });
globalThis.items = [{ type: 'WORKBOOK', id: 101 }, { type: 'FOLDER', id: 12 }];
globalThis.manyItems = [{ type: 'WORKBOOK', id: 102 }, { type: 'WORKBOOK', id: 103 }, { type: 'WORKBOOK', id: 104 }];
globalThis.envId = (await client.environments(42).toArray())[0].id;
globalThis.app = { post: (path, handler) => { globalThis.route = { path, handler }; } };
await import('./block.mjs');
if (globalThis.route) await globalThis.route.handler({ user: { id: 'Ada' } }, { json: (body) => console.log(JSON.stringify({ path: globalThis.route.path, body })) });
`;

type Emulator = Awaited<ReturnType<typeof createEmulator>>;
let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ port: 0, hostname: '127.0.0.1' });
});
afterAll(() => emulator.close());

/** Runs the block in a folder of its own; resolves with what it printed and its folder, rejects when it fails or writes to stderr. */
async function runExample(name: RunBlockName): Promise<{ stdout: string; dir: string }> {
  const dir = join(RUN_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'block.ts'), `${runBlock(name).code}\nexport {};\n`);
  await build({ entryPoints: [join(dir, 'block.ts')], bundle: true, packages: 'external', platform: 'node', format: 'esm', outfile: join(dir, 'block.mjs'), logLevel: 'silent' });
  writeFileSync(join(dir, 'run.mjs'), READER);
  return new Promise((resolve, reject) => {
    // Asynchronously: the emulator answers from this process.
    const child = spawn(process.execPath, [join(dir, 'run.mjs')], { cwd: dir, env: { ...process.env, SVC_EMBED_BASE_URL: emulator.url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.once('exit', (code) => (code === 0 && stderr === '' ? resolve({ stdout, dir }) : reject(new Error(`${name} (exit ${code}): ${stderr}${stdout}`))));
  });
}

describe("the platform client's README examples, against the emulator", () => {
  it.each<RunBlockName>(['platformBulkMove', 'platformBulkMoveInBatches', 'platformDeployments', 'platformMetadataToken', 'platformStaging'])('%s runs as pasted', async (name) => {
    await runExample(name);
  }, 60_000);

  it('platformVersions runs as pasted, and leaves the stable channel current', async () => {
    await runExample('platformVersions');
    const client = createPlatformClient({ baseUrl: emulator.url, apiKey: API_KEY });
    expect((await client.listVersions(42)).find((version) => version.isCurrent)).toMatchObject({ releaseChannel: 'stable' });
  }, 60_000);

  it('platformAuditLogs runs as pasted: the CSV file written, the CSV printed', async () => {
    const { stdout, dir } = await runExample('platformAuditLogs');
    const file = readFileSync(join(dir, 'may-logins.csv'), 'utf8');
    const header = file.split('\n')[0] ?? '';
    expect(header).toMatch(/,/);
    expect(stdout.startsWith(header)).toBe(true);
  }, 60_000);

  it('platformExport runs as pasted: each phase told, the PNG saved', async () => {
    const { stdout, dir } = await runExample('platformExport');
    const phases = stdout.trim().split('\n');
    expect(phases[0]).toBe('submitted');
    expect(phases.at(-1)).toBe('downloading');
    expect(existsSync(join(dir, 'sales.png'))).toBe(true);
    expect(readFileSync(join(dir, 'sales.png')).subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it("platformSessionIds runs as pasted: the route answers a fresh id the service minted for the viewer", async () => {
    const { stdout } = await runExample('platformSessionIds');
    const { path, body } = JSON.parse(stdout.trim()) as { path: string; body: { sessionId: string } };
    expect(path).toBe('/embed-session');
    expect(emulator.state.describe(body.sessionId)?.status).toBe('pending');
    expect(emulator.state.mints.find((mint) => mint.sessionId === body.sessionId)).toMatchObject({ deploymentId: 42, externalId: 'ada' });
  }, 60_000);
});
