// The test servers' bookkeeping (bench/child-servers.mjs), with real redis-servers started by a
// separate node process, the "run": killed with SIGKILL, it leaves its server running (no hook sees
// a SIGKILL), and stopStaleServers stops it by its pidfile; a run that exits, or is ended by SIGTERM
// or SIGINT, takes its server with it. A server whose run still goes on is left alone, and so is a
// process that merely has a recorded pid. Each test has a pidfile folder of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { stopStaleServers } from '../../bench/child-servers.mjs';
import { requireRedisServerBinary } from '../../packages/server/test/support/redis-server.js';

const MODULE = fileURLToPath(new URL('../../bench/child-servers.mjs', import.meta.url));

/** Whether `pid` runs (a zombie counts as gone). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

const folders: string[] = [];
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    if (pid <= 0 || !isRunning(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * A run: a node process that starts a redis-server (on a unix socket only, in `folder`) through
 * spawnServer with its pidfile in `folder`, prints the server's pid, and waits.
 */
async function startRun(options: { exitAfterMs?: number } = {}): Promise<{ run: ChildProcess; serverPid: number; folder: string }> {
  requireRedisServerBinary();
  const folder = mkdtempSync(join(tmpdir(), 'svc-child-servers-'));
  folders.push(folder);
  const script = `
    import { spawnServer } from ${JSON.stringify(MODULE)};
    const args = ['--port', '0', '--unixsocket', ${JSON.stringify(join(folder, 'r.sock'))}, '--save', '', '--appendonly', 'no', '--dir', ${JSON.stringify(folder)}];
    const { pid } = spawnServer({ binary: 'redis-server', args, name: 'redis-test', folder: ${JSON.stringify(folder)} });
    console.log(pid);
    setInterval(() => {}, 1000);
    ${options.exitAfterMs === undefined ? '' : `setTimeout(() => process.exit(0), ${options.exitAfterMs});`}
  `;
  const run = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.pid !== undefined) leftovers.push(run.pid);
  const serverPid = await new Promise<number>((resolve, reject) => {
    run.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    run.once('exit', (code) => reject(new Error(`the run exited (${code}) before starting its server`)));
  });
  leftovers.push(serverPid);
  await expect.poll(() => existsSync(join(folder, 'r.sock')), { timeout: 5_000 }).toBe(true);
  return { run, serverPid, folder };
}

const pidfiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.pid'));

describe('stopStaleServers', () => {
  it('stops the server of a run killed with SIGKILL, by its pidfile, and removes the pidfile', async () => {
    const { run, serverPid, folder } = await startRun();
    expect(pidfiles(folder)).toEqual([`redis-test-${serverPid}.pid`]);
    run.kill('SIGKILL');
    await new Promise((resolve) => run.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isRunning(serverPid), 'the server died with its run: nothing to clean up').toBe(true);
    expect(await stopStaleServers({ folder })).toEqual([{ pid: serverPid, binary: 'redis-server' }]);
    expect(isRunning(serverPid)).toBe(false);
    expect(pidfiles(folder)).toEqual([]);
  });

  it('leaves the server of a run that still goes on', async () => {
    const { run, serverPid, folder } = await startRun();
    expect(await stopStaleServers({ folder })).toEqual([]);
    expect(isRunning(serverPid)).toBe(true);
    expect(pidfiles(folder)).toHaveLength(1);
    run.kill('SIGKILL');
  });

  it('never kills a process that merely has a recorded pid (reused), and drops its pidfile', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-child-servers-'));
    folders.push(folder);
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    if (other.pid !== undefined) leftovers.push(other.pid);
    const deadOwner = 2 ** 22 + 1;
    writeFileSync(join(folder, 'redis-reused.pid'), JSON.stringify({ pid: other.pid, startTime: null, binary: 'redis-server', dir: null, owner: deadOwner, ownerStartTime: null }));
    expect(await stopStaleServers({ folder })).toEqual([]);
    expect(isRunning(other.pid ?? 0)).toBe(true);
    expect(pidfiles(folder)).toEqual([]);
  });

  it('answers nothing for a folder that does not exist yet', async () => {
    expect(await stopStaleServers({ folder: join(tmpdir(), 'svc-child-servers-none', String(process.pid)) })).toEqual([]);
  });
});

describe('SVC_TEST_SERVERS_DIR', () => {
  it('moves the pidfiles to its folder (a sandbox of the repository points them at the checkout)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-servers-dir-'));
    folders.push(folder);
    const script = `
      const { SERVERS_FOLDER } = await import(${JSON.stringify(MODULE)});
      console.log(SERVERS_FOLDER);
    `;
    const printed = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, SVC_TEST_SERVERS_DIR: folder } });
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once('error', reject);
      child.once('exit', () => resolve(out.trim()));
    });
    expect(printed).toBe(folder);
  });
});

describe('a run that ends takes its servers with it', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('%s to the run kills its server and removes its pidfile', async (signal) => {
    const { run, serverPid, folder } = await startRun();
    run.kill(signal);
    await new Promise((resolve) => run.once('exit', resolve));
    await expect.poll(() => isRunning(serverPid), { timeout: 5_000 }).toBe(false);
    expect(pidfiles(folder)).toEqual([]);
  });

  it('an exit of the run (process.exit) kills its server and removes its pidfile', async () => {
    const { run, serverPid, folder } = await startRun({ exitAfterMs: 500 });
    expect(isRunning(serverPid)).toBe(true);
    await new Promise((resolve) => run.once('exit', resolve));
    await expect.poll(() => isRunning(serverPid), { timeout: 5_000 }).toBe(false);
    expect(pidfiles(folder)).toEqual([]);
  });
});
