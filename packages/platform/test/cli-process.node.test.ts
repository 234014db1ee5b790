import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleCli, runBundled } from './cli-bundle.js';
import { KEYS, startEmulator } from './helpers.js';
import { parsePdf } from './pdf-parse.js';

let bundle = '';
beforeAll(async () => {
  bundle = await bundleCli();
}, 30_000);

/** An emulator on the real clock's time (the child process waits in real time), rendering at once. */
async function setup() {
  const started = await startEmulator({ start: Date.now() });
  started.state.settings.exportRenderMs = 0;
  const dir = await mkdtemp(join(tmpdir(), 'svc-embed-proc-'));
  const env = { SVC_EMBED_API_KEY: KEYS.owner, SVC_EMBED_BASE_URL: started.emulator.url };
  return { ...started, dir, env };
}

describe('svc-embed in its own process', () => {
  it('reads the key from SVC_EMBED_API_KEY and the URL from SVC_EMBED_BASE_URL', async () => {
    const { env } = await setup();
    const listed = await runBundled(bundle, ['deployments', 'list', '--limit', '3'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trimEnd().split('\n')).toHaveLength(4);
    const wrong = await runBundled(bundle, ['deployments', 'list'], { ...env, SVC_EMBED_API_KEY: 'wrong-key-0123456789' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('[unauthorized]');
    const none = await runBundled(bundle, ['deployments', 'list'], { SVC_EMBED_BASE_URL: env.SVC_EMBED_BASE_URL });
    expect(none.code).toBe(2);
  });

  it('--base-url wins over the environment', async () => {
    const { env } = await setup();
    const result = await runBundled(bundle, ['versions', 'list', '--deployment', '42', '--base-url', env.SVC_EMBED_BASE_URL], { ...env, SVC_EMBED_BASE_URL: 'https://unreachable.invalid' });
    expect(result.code).toBe(0);
  });

  it('exports a dashboard to a PDF file with progress on stderr', async () => {
    const { env, dir } = await setup();
    const file = join(dir, 'sales.pdf');
    const result = await runBundled(bundle, ['dashboards', 'export', '--deployment', '42', '--public-id', 'sales-overview', '--out', file], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^submitted export exp_\S+; it expires at .*\ncompleted \(\d+\.\d s\)\ndownloading .*\nsaved .*sales\.pdf \(\d+\.\d kB, application\/pdf\)\n$/);
    expect(parsePdf(await readFile(file)).strings[0]).toBe('Sales overview');
  });

  it('writes the audit-log CSV to stdout with --out -, and can print after it', async () => {
    const { env, state } = await setup();
    const result = await runBundled(bundle, ['audit-logs', 'export', '--event-name', 'api_key.created', '--out', '-'], env);
    expect(result.code).toBe(0);
    const rows = result.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toBe('id,timestamp,eventName,userEmail,data');
    expect(rows).toHaveLength(1 + state.auditEvents.filter((event) => event.eventName === 'api_key.created').length);
    expect(result.stderr).toMatch(/saved stdout \(\d+\.\d kB\)\n$/);
  });

  it('streams a 70 MB audit-log export to a file without holding it: heap and buffers stay far below its size', async () => {
    const { env, dir, state } = await setup();
    for (let index = 0; index < 300_000; index += 1)
      state.recordAudit('dashboard.viewed', 'owner@acme.example', { viewer: `viewer-${index}`, padding: 'x'.repeat(120) });
    const file = join(dir, 'audit.csv');
    const result = await runBundled(bundle, ['audit-logs', 'export', '--out', file], { ...env, REPORT_MEMORY: '1' });
    expect(result.code).toBe(0);
    const { size } = await stat(file);
    expect(size).toBeGreaterThan(70_000_000);
    const memory = JSON.parse(/memory=(\{.*\})/.exec(result.stderr)?.[1] ?? '{}') as { heapUsed: number; arrayBuffers: number };
    // Measured on this machine kind: heap about 13 MB, buffers awaiting collection about 34 MB.
    expect(memory.heapUsed).toBeLessThan(40_000_000);
    expect(memory.arrayBuffers).toBeLessThan(56_000_000);
  }, 60_000);
});
