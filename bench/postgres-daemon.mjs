// A PostgreSQL for a benchmark run: Debian's postgres (the newest /usr/lib/postgresql/<version>/bin),
// a cluster made by initdb in a temporary directory, a free port on 127.0.0.1 and its unix socket in
// that directory, run as a child of this process (child-servers.mjs: killed when it exits or is
// signalled, a pidfile in reports/test-servers/ for the tests' global setup should it be killed
// outright), as the `postgres` user when this process is root (Postgres refuses to run as root), and
// stopped by its pid. Its settings are Postgres' defaults (synchronous_commit on, fsync on), so a
// commit is on disk before the store resolves. (packages/server/test/support/postgres-server.ts does
// the same for the tests, in TypeScript.)
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { spawnServer } from './child-servers.mjs';

const DEBIAN_ROOT = '/usr/lib/postgresql';
const READY_TIMEOUT_MS = 20_000;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How to install postgres and initdb when they are missing. */
export const POSTGRES_INSTALL_COMMAND = 'apt-get install -y postgresql';

/** The newest Debian postgres bin folder; throws, naming the install command, when there is none. */
function binDir() {
  const versions = existsSync(DEBIAN_ROOT) ? readdirSync(DEBIAN_ROOT).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(DEBIAN_ROOT, version, 'bin')).find((dir) => existsSync(join(dir, 'postgres')) && existsSync(join(dir, 'initdb')));
  if (!found) throw new Error(`postgres and initdb are not installed (looked in ${DEBIAN_ROOT}/<version>/bin); install them with: ${POSTGRES_INSTALL_COMMAND}`);
  return found;
}

/** Run as root: the `postgres` user's { uid, gid }; otherwise null (this user runs it). */
function serverUser() {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.startsWith('postgres:'));
  const fields = line?.split(':') ?? [];
  if (fields.length < 4) throw new Error(`running as root, and postgres refuses to; the postgres user is missing: ${POSTGRES_INSTALL_COMMAND}`);
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `pid` runs; a zombie (exited, not reaped yet) counts as gone. */
function isRunning(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The postmaster and every process it started (its backends and workers), for their CPU time. */
export function postgresProcesses(postmaster) {
  const children = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((name) => {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(postmaster);
    } catch {
      return false;
    }
  });
  return [postmaster, ...children.map(Number)];
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Starts the postmaster on `port` from the cluster in `dir` (made before), a child of this process; resolves with its pid once it answers. */
async function launch({ bin, dir, port, user }) {
  const settings = ['listen_addresses=127.0.0.1', `unix_socket_directories=${dir}`, 'max_connections=200'];
  const args = ['-D', join(dir, 'data'), '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])];
  const { pid } = spawnServer({ binary: join(bin, 'postgres'), args, name: `postgres-${port}`, dir, user });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(url))) {
    if (Date.now() > deadline || !isRunning(pid)) {
      signal(pid, 'SIGKILL');
      throw new Error(`postgres did not start on port ${port}; its data is in ${dir}`);
    }
    await delay(50);
  }
  return pid;
}

async function waitUntilGone(pids) {
  const gone = Date.now() + READY_TIMEOUT_MS;
  while (pids.some(isRunning) && Date.now() < gone) await delay(20);
}

/**
 * Starts postgres (initdb first); resolves once it answers with `{ url, port, pid, dir, stop(),
 * pause(), resume(), kill(), restart() }`. `stop()` is a fast shutdown (SIGINT), resolves once it
 * has exited, and removes its directory. The faults act on the whole server, the postmaster and every
 * backend (each connection is a process of its own): `pause()` SIGSTOPs them (the postmaster first,
 * so it starts no new one), `resume()` SIGCONTs them; `kill()` SIGKILLs them all, as a crash of the
 * machine's postgres would (a backend left running would hold the shared memory the restart needs);
 * `restart()` starts it again on the same port from the same data folder (crash recovery from its WAL).
 */
export async function startPostgresDaemon() {
  const bin = binDir();
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'svc-embed-bench-postgres-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const made = spawnSync(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'], { encoding: 'utf8', ...(user ?? {}) });
  if (made.status !== 0) throw new Error(`initdb failed in ${dir}: ${made.error?.message ?? made.stderr}`);
  const port = await freePort();
  const settings = { bin, dir, port, user };
  const daemon = { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, pid: await launch(settings), paused: [] };
  daemon.pause = () => {
    signal(daemon.pid, 'SIGSTOP');
    daemon.paused = postgresProcesses(daemon.pid);
    for (const pid of daemon.paused) signal(pid, 'SIGSTOP');
  };
  daemon.resume = () => {
    for (const pid of [...daemon.paused].reverse()) signal(pid, 'SIGCONT');
    daemon.paused = [];
  };
  daemon.kill = async () => {
    signal(daemon.pid, 'SIGSTOP'); // it forks no backend while they are listed and killed
    const pids = postgresProcesses(daemon.pid);
    for (const pid of pids) signal(pid, 'SIGKILL');
    await waitUntilGone(pids);
  };
  daemon.restart = async () => {
    daemon.pid = await launch(settings);
  };
  daemon.stop = async () => {
    const pids = postgresProcesses(daemon.pid);
    for (const pid of pids) signal(pid, 'SIGCONT');
    signal(daemon.pid, 'SIGINT');
    await waitUntilGone([daemon.pid]);
    rmSync(dir, { recursive: true, force: true });
  };
  return daemon;
}
