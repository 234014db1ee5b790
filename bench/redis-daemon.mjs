// A redis-server for a benchmark run or a test: a free port on 127.0.0.1, a temporary directory, no
// persistence unless asked (the append-only file, fsynced before every reply), run as a child of this
// process (child-servers.mjs: killed when it exits or is signalled, a pidfile in reports/test-servers/
// for the tests' global setup should it be killed outright), and stopped, paused or killed by its pid;
// a node of a Redis Cluster, or a replica of another server, when asked (redis-cluster.mjs makes
// clusters of them). (packages/server/test/support/redis-server.ts does the same for the tests, in TypeScript.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from './child-servers.mjs';

const READY_TIMEOUT_MS = 10_000;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ports this process gave out: a cluster node's own, and its bus port (its port + 10000). */
const reserved = new Set();

/** A TCP port that was free a moment ago on 127.0.0.1 (`port` 0: any). */
function freePort(port = 0) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: taken } = server.address();
      server.close(() => resolve(taken));
    });
  });
}

/** A free port not given out before; for a cluster node, one whose bus port (+ 10000) is free too. */
async function unusedPort({ cluster }) {
  for (let tries = 0; tries < 100; tries += 1) {
    const port = await freePort();
    const bus = port + 10_000;
    if (reserved.has(port) || (cluster && (bus > 65_535 || reserved.has(bus) || !(await freePort(bus).then(() => true, () => false))))) continue;
    reserved.add(port);
    if (cluster) reserved.add(bus);
    return port;
  }
  throw new Error('found no free port on 127.0.0.1 (with its cluster bus port + 10000) in 100 tries');
}

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const finish = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => finish(chunk.toString('latin1').startsWith('+PONG')));
  });
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
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

/**
 * The server's arguments. `persistent`: the append-only file, by default with `appendfsync always`
 * (fsynced before every reply, so whatever a client was told is written survives a kill, and a
 * machine's crash too); `appendfsync` may name another policy. `cluster`: a cluster node
 * (`{ nodeTimeoutMs }`, how long before its peers fail it over); `replicaOf`: the port of the
 * primary it replicates. `config`: more settings, as words (`['--maxmemory', '4mb']`).
 */
function serverArguments({ port, dir, persistent, appendfsync, cluster, replicaOf, config }) {
  const persistence = persistent ? ['--appendonly', 'yes', '--appendfsync', appendfsync] : ['--appendonly', 'no'];
  const clustering = cluster
    ? ['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, 'nodes.conf'), '--cluster-node-timeout', String(cluster.nodeTimeoutMs)]
    : [];
  const replication = replicaOf ? ['--replicaof', '127.0.0.1', String(replicaOf)] : [];
  // A replica syncs at once (Redis waits 5 s by default for more replicas to share a diskless sync).
  return [
    '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--repl-diskless-sync-delay', '0', ...persistence, ...clustering, ...replication,
    '--dir', dir, '--daemonize', 'no', '--logfile', join(dir, 'r.log'), ...config,
  ];
}

/** Starts the server in `dir` on `port`, a child of this process, and resolves with its pid once it answers PING (after loading its data). */
async function launch(options) {
  const { port, dir } = options;
  const { pid } = spawnServer({ binary: 'redis-server', args: serverArguments(options), name: `redis-${port}`, dir });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answersPing(port))) {
    if (Date.now() > deadline || !isRunning(pid)) {
      signal(pid, 'SIGKILL');
      throw new Error(`redis-server did not start on port ${port}; see ${join(dir, 'r.log')}`);
    }
    await delay(20);
  }
  return pid;
}

async function waitUntilGone(pid) {
  const gone = Date.now() + READY_TIMEOUT_MS;
  while (isRunning(pid) && Date.now() < gone) await delay(20);
}

/** How to install redis-server (and redis-cli, which comes with it) when it is missing. */
export const REDIS_INSTALL_COMMAND = 'apt-get install -y redis-server';

/** Throws, naming the install command, when `binary` cannot be run. */
export function requireRedisBinary(binary) {
  if (spawnSync(binary, ['--version']).status !== 0) {
    throw new Error(`${binary} is not installed; install it with: ${REDIS_INSTALL_COMMAND}`);
  }
}

/**
 * Starts redis-server; resolves once it answers PING with `{ url, port, pid, dir, stop(), pause(),
 * resume(), kill(), restart() }`. `persistent`: the append-only file, fsynced before every reply
 * unless `appendfsync` names another policy (`everysec`, `no`). `cluster: { nodeTimeoutMs }`: a
 * cluster node (redis-cluster.mjs joins them); `replicaOf`: the port of the primary to replicate;
 * `config`: more settings as words (`['--maxmemory', '4mb', '--maxmemory-policy', 'allkeys-lru']`).
 * `kill()` is SIGKILL (the data stays in its directory); `restart()` starts it again on the same
 * port from that data. `stop()` resolves once it has exited, and removes its directory.
 */
export async function startRedisDaemon({ persistent = false, appendfsync = 'always', cluster = null, replicaOf = null, config = [] } = {}) {
  requireRedisBinary('redis-server');
  const port = await unusedPort({ cluster: cluster !== null });
  const dir = mkdtempSync(join(tmpdir(), 'svc-embed-bench-redis-'));
  const settings = { port, dir, persistent, appendfsync, cluster, replicaOf, config };
  const daemon = { url: `redis://127.0.0.1:${port}`, port, dir, pid: await launch(settings) };
  daemon.pause = () => signal(daemon.pid, 'SIGSTOP');
  daemon.resume = () => signal(daemon.pid, 'SIGCONT');
  daemon.kill = async () => {
    signal(daemon.pid, 'SIGKILL');
    await waitUntilGone(daemon.pid);
  };
  daemon.restart = async () => {
    daemon.pid = await launch(settings);
  };
  daemon.stop = async () => {
    signal(daemon.pid, 'SIGCONT');
    signal(daemon.pid, 'SIGTERM');
    await waitUntilGone(daemon.pid);
    signal(daemon.pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  return daemon;
}
