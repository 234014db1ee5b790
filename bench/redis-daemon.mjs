// A redis-server for a benchmark run: a free port on 127.0.0.1, a temporary directory, no persistence,
// daemonized with a pidfile and stopped by that pid. (packages/server/test/redis-server.ts does the
// same for the tests, in TypeScript.)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const READY_TIMEOUT_MS = 10_000;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

function readPid(pidfile) {
  try {
    const pid = Number.parseInt(readFileSync(pidfile, 'utf8'), 10);
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Whether `pid` runs; a zombie (the daemon's parent is gone, so nobody may reap it soon) counts as gone. */
function isRunning(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** Starts redis-server; resolves with `{ url, pid, stop() }` once it answers PING; `stop()` resolves once it has exited. */
export async function startRedisDaemon() {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error('redis-server is not installed; install it with: apt-get install -y redis-server');
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'svc-embed-bench-redis-'));
  const pidfile = join(dir, 'r.pid');
  execFileSync('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'yes', '--pidfile', pidfile, '--logfile', join(dir, 'r.log')]);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let pid = readPid(pidfile);
  while (pid === null || !(await answersPing(port))) {
    if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}; see ${join(dir, 'r.log')}`);
    await delay(20);
    pid ??= readPid(pidfile);
  }
  const stop = async () => {
    signal(pid, 'SIGTERM');
    const gone = Date.now() + READY_TIMEOUT_MS;
    while (isRunning(pid) && Date.now() < gone) await delay(20);
    signal(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
  return { url: `redis://127.0.0.1:${port}`, pid, stop };
}
