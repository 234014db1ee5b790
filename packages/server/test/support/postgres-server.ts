/**
 * A real PostgreSQL for a test: Debian's `postgresql` package (its binaries in
 * /usr/lib/postgresql/<version>/bin, the newest version there; no PATH or /usr/local/bin link is
 * needed), a cluster made by `initdb` in a temporary directory, started on a free TCP port of
 * 127.0.0.1 with its unix socket in that directory, as a child of the test's process (never a daemon:
 * bench/child-servers.mjs kills it when that process exits or is signalled, and the global setup
 * stops one a killed run left, by its pidfile in reports/test-servers/), and stopped by its pid
 * (never by name). Postgres refuses to run as root: run as root, `initdb` and `postgres` run as the
 * `postgres` user the Debian package creates (node's `spawn` with its uid and gid, so the pid stays
 * the server's own). A missing binary is a failure that names the install command, never a skip.
 *
 * @example
 * const postgres = await startPostgresServer();
 * afterAll(() => postgres.stop());
 * const pool = new pg.Pool({ connectionString: postgres.url });
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { spawnServer } from '../../../../bench/child-servers.mjs';
import { freePort } from './redis-server.js';

/** How to install the server when it is missing. */
export const POSTGRES_INSTALL_COMMAND = 'apt-get install -y postgresql';

/** Where Debian's postgresql package puts each version's binaries. */
const DEBIAN_ROOT = '/usr/lib/postgresql';
const READY_TIMEOUT_MS = 20_000;
const POLL_MS = 50;

/** Options of {@link startPostgresServer}. */
export interface PostgresServerOptions {
  /** The folder of `initdb` and `postgres`. Default: the newest /usr/lib/postgresql/<version>/bin. */
  binDir?: string;
  /** TCP port on 127.0.0.1. Default: a free one. Give the old port (and `dir`) to start a stopped server again. */
  port?: number;
  /** The directory of the cluster (data/), its socket and its log. Default: a new temporary one, made by initdb. */
  dir?: string;
  /** More settings, `name=value` each (passed as `-c`), such as `statement_timeout=200`. */
  settings?: readonly string[];
}

/** A running postgres started by {@link startPostgresServer}. */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, for `new pg.Pool({ connectionString })`. */
  url: string;
  port: number;
  /** The directory of its cluster (data/), unix socket and log (postgres.log). */
  dir: string;
  /** The postmaster's pid (a child of this process). */
  pid: number;
  /** How long it took from `initdb` (or the start, for an existing cluster) until it answered, ms. */
  startupMs: number;
  /** Stops it by its pid (SIGKILL when `abruptly`, else SIGINT: a fast shutdown) and waits until it is gone. */
  stop(options?: { abruptly?: boolean; keepDir?: boolean }): Promise<void>;
}

/** The newest /usr/lib/postgresql/<version>/bin holding `initdb` and `postgres`; fails with the install command when none does. */
export function requirePostgresBinaries(binDir?: string): string {
  const candidates = binDir ? [binDir] : debianBinDirs();
  const found = candidates.find((dir) => existsSync(join(dir, 'postgres')) && existsSync(join(dir, 'initdb')));
  if (!found) {
    throw new Error(
      `postgres and initdb are not installed (looked in ${binDir ?? `${DEBIAN_ROOT}/<version>/bin`}; needed by the Postgres store's tests, which start their own server); install them with: ${POSTGRES_INSTALL_COMMAND}`,
    );
  }
  return found;
}

function debianBinDirs(): string[] {
  if (!existsSync(DEBIAN_ROOT)) return [];
  return readdirSync(DEBIAN_ROOT)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(DEBIAN_ROOT, version, 'bin'));
}

/** Run as root: the uid and gid of the `postgres` user (Postgres will not run as root); otherwise none. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(`these tests run as root, and postgres refuses to; the postgres user the Debian package creates is missing: ${POSTGRES_INSTALL_COMMAND}`);
  }
  return { uid: Number(uid), gid: Number(gid) };
}

/** Makes a cluster in `dir`/data with initdb (trust on local connections, superuser postgres). */
function initCluster(binDir: string, dir: string, user: { uid: number; gid: number } | null): void {
  if (user) chownSync(dir, user.uid, user.gid);
  const made = spawnSync(join(binDir, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], {
    encoding: 'utf8',
    ...(user ?? {}),
  });
  if (made.error || made.status !== 0) throw new Error(`initdb failed in ${dir}: ${made.error?.message ?? made.stderr}`);
}

/** Starts postgres as a child of this process (initdb first, for a new directory) and resolves once it answers a query. */
export async function startPostgresServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const binDir = requirePostgresBinaries(options.binDir);
  const user = serverUser();
  const started = Date.now();
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'svc-embed-postgres-'));
  if (!options.dir) initCluster(binDir, dir, user);
  const port = options.port ?? (await freePort());
  const settings = ['listen_addresses=127.0.0.1', `unix_socket_directories=${dir}`, 'fsync=off', 'logging_collector=on', `log_directory=${dir}`, 'log_filename=postgres.log', ...(options.settings ?? [])];
  const args = ['-D', join(dir, 'data'), '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])];
  const { pid } = spawnServer({ binary: join(binDir, 'postgres'), args, name: `postgres-${port}`, dir, user });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitUntilAnswering({ url, pid, port });
  return {
    url,
    port,
    dir,
    pid,
    startupMs: Date.now() - started,
    stop: (how = {}) => stopServer({ pid, dir, abruptly: how.abruptly ?? false, keepDir: how.keepDir ?? false }),
  };
}

async function waitUntilAnswering(server: { url: string; pid: number; port: number }): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await answersQuery(server.url)) return;
    if (!isAlive(server.pid)) throw new Error(`postgres (pid ${server.pid}) exited before answering on port ${server.port}; see postgres.log in its directory`);
    await delay(POLL_MS);
  }
  killQuietly(server.pid, 'SIGKILL');
  throw new Error(`postgres (pid ${server.pid}) did not answer on port ${server.port} within ${READY_TIMEOUT_MS} ms; it was killed`);
}

async function answersQuery(url: string): Promise<boolean> {
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

async function stopServer(options: { pid: number; dir: string; abruptly: boolean; keepDir: boolean }): Promise<void> {
  killQuietly(options.pid, options.abruptly ? 'SIGKILL' : 'SIGINT');
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (isAlive(options.pid)) {
    if (Date.now() > deadline) {
      killQuietly(options.pid, 'SIGKILL');
      break;
    }
    await delay(POLL_MS);
  }
  if (!options.keepDir) rmSync(options.dir, { recursive: true, force: true });
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/** Whether `pid` still runs; a zombie (exited, not reaped yet) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
