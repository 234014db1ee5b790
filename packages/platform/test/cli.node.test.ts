import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/index.js';
import { parseCsv } from './csv.js';
import { captureIo } from './cli-io.js';
import { orderCount } from './exports-fixtures.js';
import { KEYS, START, startEmulator } from './helpers.js';
import { parsePdf } from './pdf-parse.js';
import { decodePng } from './png-decode.js';

/** A move file with items and no folderId. */
const ITEMS_WITHOUT_FOLDER = join(tmpdir(), `svc-embed-items-${process.pid}.json`);
await writeFile(ITEMS_WITHOUT_FOLDER, JSON.stringify([{ type: 'FOLDER', id: 12 }]));

/** Runs the CLI in-process against a fresh emulator whose clock the CLI's waits advance. */
async function setup(key = KEYS.owner) {
  const started = await startEmulator();
  const { emulator, clock, fetch } = started;
  const dir = await mkdtemp(join(tmpdir(), 'svc-embed-cli-'));
  const run = async (argv: string[], env: Record<string, string | undefined> = {}, tty = false) => {
    const captured = captureIo(
      { SVC_EMBED_API_KEY: key, SVC_EMBED_BASE_URL: emulator.url, ...env },
      { fetch, clock: { now: () => clock.now(), sleep: async (ms) => void clock.advance(ms) } },
      tty,
    );
    const code = await runCli(argv, captured.io);
    return { code, stdout: captured.stdout(), stderr: captured.stderr() };
  };
  return { ...started, dir, run };
}

describe('svc-embed: listing', () => {
  it('deployments list prints a table of one page and says how to get the rest', async () => {
    const { run } = await setup();
    const { code, stdout, stderr } = await run(['deployments', 'list']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+CREATED$/);
    expect(lines).toHaveLength(21);
    expect(lines[1]).toMatch(/^42\s+Production analytics\s+\d{4}-/);
    expect(stderr).toBe('showing 1-20 of 25; add --all for every page\n');
  });

  it('deployments list --all --json prints every deployment as JSON', async () => {
    const { run } = await setup();
    const { code, stdout } = await run(['deployments', 'list', '--all', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).deployments).toHaveLength(25);
  });

  it('environments list --type and versions list', async () => {
    const { run } = await setup();
    const environments = await run(['environments', 'list', '--deployment', '42', '--type', 'production']);
    expect(environments.stdout).toMatch(/^42-production\s+Production\s+production\s+http:\/\/127\.0\.0\.1:\d+\/data\/42\/production\/v1\s+sql-42-production\.emulator\.invalid:5432$/m);
    const versions = await run(['versions', 'list', '--deployment', '42']);
    expect(versions.stdout).toMatch(/^1\.2\.3\s+stable\s+yes\s+\*\s+registry\.svc\.example\/svc\/runtime:v1\.2\.3$/m);
  });

  it('versions set changes the version; an unknown one fails with the server message and exit 1', async () => {
    const { run, state } = await setup();
    const ok = await run(['versions', 'set', '--deployment', '42', '--version', 'v1.3.0']);
    expect(ok).toMatchObject({ code: 0, stdout: 'deployment now runs 1.3.0 (regular): registry.svc.example/svc/runtime:v1.3.0\n' });
    expect(state.deployments.get(42)?.currentVersion).toBe('1.3.0');
    const bad = await run(['versions', 'set', '--deployment', '42', '--version', '7.0.0']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('failed [bad-request]: PUT /api/v1/deployments/42 returned 400: version "7.0.0" is not on the list');
  });
});

describe('svc-embed: exports', () => {
  it('dashboards export writes the file with a progress line per step off a terminal', async () => {
    const { run, dir } = await setup();
    const file = join(dir, 'sales.png');
    const { code, stderr } = await run(['dashboards', 'export', '--deployment', '42', '--public-id', 'sales-overview', '--out', file]);
    expect(code).toBe(0);
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^submitted export exp_\S+; it expires at 2026-01-15T12:05:00\.000Z$/);
    expect(lines.slice(1, 4)).toEqual(['queued (0.0 s)', 'rendering (0.5 s)', 'completed (3.5 s)']);
    expect(lines.at(-1)).toMatch(new RegExp(`^saved ${file.replace(/[.]/g, '\\.')} \\(\\d+\\.\\d kB, image/png\\)$`));
    expect(lines.some((line) => line.startsWith('downloading '))).toBe(true);
    expect(decodePng(await readFile(file)).text.Title).toBe('Sales overview');
  });

  it('on a terminal the progress line is redrawn in place', async () => {
    const { run, dir } = await setup();
    const { code, stderr } = await run(['dashboards', 'export', '--deployment', '42', '--dashboard-id', '502', '--format', 'pdf', '-o', join(dir, 'support')], {}, true);
    expect(code).toBe(0);
    expect(stderr.startsWith('\rsubmitted export')).toBe(true);
    expect(stderr).toContain('\x1b[K\rqueued');
    expect(stderr.endsWith('\x1b[K\n')).toBe(true);
    expect(stderr.split('\n')).toHaveLength(2);
    expect(parsePdf(await readFile(join(dir, 'support'))).strings[0]).toBe('Support operations');
  });

  it('dashboards export --render-as reads a RenderAs JSON file', async () => {
    const { run, dir } = await setup();
    await writeFile(join(dir, 'as.json'), JSON.stringify({ kind: 'embed', externalId: 'ada', securityContext: { region: 'latam' } }));
    const { code } = await run(['dashboards', 'export', '--deployment', '42', '--public-id', 'sales-overview', '--out', join(dir, 'latam.pdf'), '--render-as', join(dir, 'as.json')]);
    expect(code).toBe(0);
    expect(parsePdf(await readFile(join(dir, 'latam.pdf'))).strings).toContain(`Orders: ${orderCount(START, 'latam')}`);
  });

  it('a failed export exits 1 with the reason and writes no file', async () => {
    const { run, dir } = await setup();
    const { code, stderr } = await run(['dashboards', 'export', '--deployment', '42', '--public-id', 'legacy-kpis', '--out', join(dir, 'legacy.png')]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/failed \[export-failed\]: dashboard export exp_\S+ failed: rendering failed: .*dataset legacy-orders does not exist/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('audit-logs export writes filtered CSV to a file or to stdout', async () => {
    const { run, dir, state } = await setup();
    const file = join(dir, 'logins.csv');
    const toFile = await run(['audit-logs', 'export', '--event-name', 'user.login', '--user-email', 'owner@acme.example', '--out', file]);
    expect(toFile.code).toBe(0);
    expect(toFile.stderr).toMatch(/^received .*\nsaved .*logins\.csv \(\d+\.\d kB\)\n$/);
    const expected = state.auditEvents.filter((event) => event.eventName === 'user.login' && event.userEmail === 'owner@acme.example').map((event) => event.id);
    expect(parseCsv(await readFile(file, 'utf8')).slice(1).map((row) => row[0])).toEqual(expected);
    const toStdout = await run(['audit-logs', 'export', '--search', 'sso', '--start', '2026-01-01', '--out', '-']);
    expect(parseCsv(toStdout.stdout)[0]).toEqual(['id', 'timestamp', 'eventName', 'userEmail', 'data']);
    expect(parseCsv(toStdout.stdout).length).toBeGreaterThan(1);
  });

  it('audit-logs export without the permission exits 1 with 403', async () => {
    const { run, dir } = await setup(KEYS.analyst);
    const { code, stderr } = await run(['audit-logs', 'export', '--out', join(dir, 'x.csv')]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/\[forbidden\].*AuditLogManage/);
  });
});

describe('svc-embed: bulk move', () => {
  it('moves the items of a JSON file and exits 3 when some failed', async () => {
    const { run, dir, state } = await setup(KEYS.analyst);
    const file = join(dir, 'items.json');
    await writeFile(file, JSON.stringify([{ type: 'REPORT', id: 201 }, { type: 'REPORT', id: 202 }, { type: 'WORKBOOK', id: 9999 }]));
    const { code, stdout } = await run(['workspace', 'bulk-move', '--deployment', '42', '--file', file, '--folder', '11']);
    expect(code).toBe(3);
    expect(stdout.split('\n')[0]).toBe('moved 1, failed 2');
    expect(stdout).toMatch(/^REPORT\s+202\s+403\s+analyst@acme\.example needs edit access/m);
    expect(stdout).toMatch(/^WORKBOOK\s+9999\s+404\s+WORKBOOK 9999 does not exist in deployment 42$/m);
    expect(state.items.get('REPORT:201')?.folderId).toBe(11);
  });

  it('takes folderId from the file, or --root; exits 0 when everything moved', async () => {
    const { run, dir, state } = await setup();
    const file = join(dir, 'move.json');
    await writeFile(file, JSON.stringify({ items: [{ type: 'FOLDER', id: 13 }], folderId: 12 }));
    expect((await run(['workspace', 'bulk-move', '--deployment', '42', '-f', file])).code).toBe(0);
    expect(state.items.get('FOLDER:13')?.folderId).toBe(12);
    const back = await run(['workspace', 'bulk-move', '--deployment', '42', '-f', file, '--root', '--json']);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout).moved[0]).toMatchObject({ id: 13, folderId: null });
  });
});

describe('svc-embed: usage errors exit 2 and say what to do', () => {
  it.each([
    ['no API key', ['deployments', 'list'], { SVC_EMBED_API_KEY: undefined }, 'no API key: set SVC_EMBED_API_KEY'],
    ['no base URL', ['deployments', 'list'], { SVC_EMBED_BASE_URL: undefined }, 'no base URL: pass --base-url or set SVC_EMBED_BASE_URL'],
    ['http on a public host', ['deployments', 'list', '--base-url', 'http://tenant.example'], {}, 'baseUrl must use https'],
    ['an unknown option', ['deployments', 'list', '--colour'], {}, "Unknown option '--colour'"],
    ['a stray argument', ['versions', 'list', '--deployment', '42', 'extra'], {}, 'unexpected argument extra'],
    ['a missing required option', ['versions', 'list'], {}, '--deployment is required'],
    ['both dashboard ids', ['dashboards', 'export', '--deployment', '42', '--dashboard-id', '1', '--public-id', 'x', '--out', 'a.png'], {}, 'give exactly one of --dashboard-id or --public-id'],
    ['a format it cannot tell', ['dashboards', 'export', '--deployment', '42', '--public-id', 'x', '--out', 'board'], {}, 'give --format png|pdf'],
    ['a bad date', ['audit-logs', 'export', '--start', 'monday', '--out', '-'], {}, 'start must be an ISO 8601 date'],
    ['an unreadable items file', ['workspace', 'bulk-move', '--deployment', '42', '--file', '/nonexistent.json'], {}, 'is not a readable JSON file'],
    ['no destination folder', ['workspace', 'bulk-move', '--deployment', '42', '--file', ITEMS_WITHOUT_FOLDER], {}, 'give --folder <id> or --root'],
    ['both --folder and --root', ['workspace', 'bulk-move', '--deployment', '42', '--file', ITEMS_WITHOUT_FOLDER, '--folder', '3', '--root'], {}, 'give --folder or --root, not both'],
    ['a non-integer limit', ['deployments', 'list', '--limit', 'ten'], {}, '--limit must be an integer of at least 1'],
  ])('%s', async (_, argv, env, message) => {
    const { run, sent } = await setup();
    const { code, stderr, stdout } = await run(argv, env);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stdout).toBe('');
    expect(sent).toEqual([]);
  });

  it('an unknown command prints the overview; --help and --version exit 0', async () => {
    const { run } = await setup();
    const unknown = await run(['deploy', 'now']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^svc-embed: unknown command "deploy now"\n\nUsage: svc-embed <command> \[options\]/);
    const help = await run(['dashboards', 'export', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--public-id <id>');
    expect((await run(['--version'])).stdout).toBe('0.1.0\n');
    expect((await run([])).code).toBe(2);
  });
});
