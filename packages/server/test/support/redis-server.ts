/**
 * A real redis-server for a test: started on a free TCP port in a temporary directory, as a child of
 * the test's process (never a daemon: bench/child-servers.mjs kills it when that process exits or is
 * signalled, and the global setup stops one a killed run left, by its pidfile in reports/test-servers/),
 * and stopped by its pid (never by name). A missing `redis-server` binary is a failure that names
 * the install command, never a skip.
 *
 * @example
 * const redis = await startRedisServer();
 * afterAll(() => redis.stop());
 * const client = await createClient({ url: redis.url }).connect();
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { spawnServer } from '../../../../bench/child-servers.mjs';

/** A client of the server at `url`, not connected yet (its type is the tests' `RedisClient`). */
export const makeClient = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof makeClient>;

/** How to install the server when it is missing. */
export const REDIS_INSTALL_COMMAND = 'apt-get install -y redis-server';

const READY_TIMEOUT_MS = 10_000;
const POLL_MS = 20;

/** Options of {@link startRedisServer}. */
export interface RedisServerOptions {
  /** TCP port on 127.0.0.1. Default: a free one. Give the old port to start a stopped server again. */
  port?: number;
  /**
   * Directory for the log and, when `persistent`, the append-only file. Default: a new temporary
   * directory. Give the old one to start a stopped server again with its data.
   */
  dir?: string;
  /**
   * Keep the data across a restart: an append-only file fsynced before every reply
   * (`--appendonly yes --appendfsync always`), so whatever a client was told is written survives a
   * kill. Default false (`--appendonly no`: nothing on disk).
   */
  persistent?: boolean;
  /** The server's executable. Default `redis-server` from the PATH. */
  binary?: string;
  /**
   * Start it in cluster mode (`--cluster-enabled yes`); the caller assigns it slots. A one-node
   * cluster refuses any command or script whose keys lie in more than one hash slot (CROSSSLOT), as
   * a real cluster does. Default false.
   */
  cluster?: boolean;
  /** More arguments for redis-server, such as `['--maxmemory-policy', 'allkeys-lru']`. Default none. */
  arguments?: readonly string[];
}

/** A running redis-server started by {@link startRedisServer}. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, for `createClient({ url })`. */
  url: string;
  port: number;
  /** The directory of its log (and append-only file). */
  dir: string;
  /** The server's pid (a child of this process). */
  pid: number;
  /** Kills it by its pid (SIGKILL when `abruptly`, else SIGTERM) and waits until it is gone. */
  stop(options?: { abruptly?: boolean; keepDir?: boolean }): Promise<void>;
}

/** Fails with the install command when `binary` (default `redis-server`) cannot be run. */
export function requireRedisServerBinary(binary = 'redis-server'): void {
  const found = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error(
      `${binary} is not installed (needed by the Redis store's tests, which start their own server); install it with: ${REDIS_INSTALL_COMMAND}`,
    );
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1 (`wanted` 0: any). */
export function freePort(wanted = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A free port whose cluster bus port (the port + 10000, which a cluster node listens on too) is free as well. */
async function freeClusterPort(): Promise<number> {
  for (let tries = 0; tries < 100; tries += 1) {
    const port = await freePort();
    if (port + 10_000 <= 65_535 && (await freePort(port + 10_000).then(() => true, () => false))) return port;
  }
  throw new Error('found no free port on 127.0.0.1 whose cluster bus port (+ 10000) is free too, in 100 tries');
}

/** Starts redis-server as a child of this process and resolves once it answers PING. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = options.binary ?? 'redis-server';
  requireRedisServerBinary(binary);
  const port = options.port ?? (options.cluster ? await freeClusterPort() : await freePort());
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'svc-embed-redis-'));
  const args = serverArguments({ port, dir, persistent: options.persistent ?? false, cluster: options.cluster ?? false }).concat(options.arguments ?? []);
  const { pid } = spawnServer({ binary, args, name: `redis-${port}`, dir });
  await waitUntilAnswering(port, pid);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    pid,
    stop: (how = {}) => stopServer({ pid, dir, abruptly: how.abruptly ?? false, keepDir: how.keepDir ?? false }),
  };
}

function serverArguments(options: { port: number; dir: string; persistent: boolean; cluster: boolean }): string[] {
  const persistence = options.persistent
    ? ['--appendonly', 'yes', '--appendfsync', 'always']
    : ['--appendonly', 'no'];
  const cluster = options.cluster ? ['--cluster-enabled', 'yes', '--cluster-config-file', join(options.dir, 'nodes.conf')] : [];
  return [
    ...cluster,
    '--port', String(options.port),
    '--bind', '127.0.0.1',
    '--save', '',
    ...persistence,
    '--dir', options.dir,
    '--daemonize', 'no',
    '--logfile', join(options.dir, 'r.log'),
  ];
}

async function waitUntilAnswering(port: number, pid: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await answersPing(port)) return;
    if (!isAlive(pid)) throw new Error(`redis-server (pid ${pid}) exited before answering PING on port ${port}; see r.log in its directory`);
    await delay(POLL_MS);
  }
  killQuietly(pid, 'SIGKILL');
  throw new Error(`redis-server (pid ${pid}) did not answer PING on port ${port} within ${READY_TIMEOUT_MS} ms; it was killed`);
}

/** One PING over a raw socket: true once the server replies +PONG (not while it loads its data). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    const finish = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
  });
}

async function stopServer(options: { pid: number; dir: string; abruptly: boolean; keepDir: boolean }): Promise<void> {
  killQuietly(options.pid, options.abruptly ? 'SIGKILL' : 'SIGTERM');
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
  if (!existsSync('/proc/self/stat')) return answersSignalZero(pid);
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function answersSignalZero(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
