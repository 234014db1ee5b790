// The servers the tests and benchmarks start (redis-server, postgres) run
// as children of the process that started them, never as daemons, so that none outlives its run:
// - killed (SIGKILL) when that process exits, and on SIGINT, SIGTERM and SIGHUP before the signal
//   takes its course; a terminal's Ctrl-C reaches them anyway (a child shares its process group);
// - each with a pidfile in the run's own folder, reports/test-servers/ under the repository
//   (git-ignored), naming its pid, its start time and its owner (the process that started it);
// - `stopStaleServers()`, the tests' global setup, stops the servers whose owner is gone (a run
//   killed with SIGKILL, which no hook sees) by their pidfile; never a server whose owner still runs
//   (another run in the same checkout), and never a process that merely reuses a recorded pid.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The run's folder of pidfiles: reports/test-servers/ under the repository, or SVC_TEST_SERVERS_DIR
 * when set. A copy of the repository that is thrown away after its run (Stryker's sandbox) sets it
 * to the checkout's own folder, so that the pidfiles of a run killed there outlive the copy and the
 * next run stops its servers.
 */
export const SERVERS_FOLDER = process.env.SVC_TEST_SERVERS_DIR
  ? resolve(process.env.SVC_TEST_SERVERS_DIR)
  : fileURLToPath(new URL('../reports/test-servers/', import.meta.url));

const GONE_TIMEOUT_MS = 5_000;
const POLL_MS = 20;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The children of this process still running: pid → `{ pidfile, dir }`. */
const running = new Map();
let hooked = false;

/**
 * The start time of `pid` (field 22 of /proc/<pid>/stat, clock ticks since boot), so that a pid the
 * system reused later is not taken for it; `null` where there is no /proc, or when it is not running.
 */
function startTimeOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether `pid` runs; a zombie (exited, not reaped yet) counts as gone. Without /proc, signal 0 answers. */
function isRunning(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch (error) {
    if (error?.code !== 'ENOENT' || process.platform === 'linux') return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/** Whether `pid` is still the process a pidfile recorded: running, with the same start time (where /proc tells). */
function isSameProcess(pid, startTime) {
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return false;
  const now = startTimeOf(pid);
  return now === null || startTime === null || now === startTime;
}

/**
 * Whether `pid` runs `binary`: its name in /proc/<pid>/comm (cut at 15 characters; the command line
 * is no help, redis-server rewrites it as its title), where /proc tells; true elsewhere.
 */
function runsBinary(pid, binary) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === basename(binary).slice(0, 15);
  } catch {
    return process.platform !== 'linux';
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** Kills every child still running, at once (an `exit` listener may not wait). */
function killChildren() {
  for (const [pid, { pidfile, dir }] of running) {
    signal(pid, 'SIGKILL');
    rmSync(pidfile, { force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  running.clear();
}

/** On exit and on the signals that end a run, the children go first; the signal then takes its course. */
function hookExit() {
  if (hooked) return;
  hooked = true;
  process.once('exit', killChildren);
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(name, () => {
      killChildren();
      if (process.listenerCount(name) === 0) process.kill(process.pid, name);
    });
  }
}

/**
 * Starts `binary` with `args` as a child of this process, its output discarded (give the server a
 * log file of its own), with a pidfile `<name>-<pid>.pid` in `folder`. `dir` is the server's own
 * directory, removed with it when this process exits. Resolves with the child's pid and a promise of
 * its exit. `user` (`{ uid, gid }`) runs it as another user, for a server that refuses to run as
 * root (Postgres): the pid is still the server's own, so it is stopped by its pid like the others.
 * @throws {Error} when the binary could not be started
 */
export function spawnServer({ binary, args, name, dir = null, folder = SERVERS_FOLDER, user = null }) {
  hookExit();
  mkdirSync(folder, { recursive: true });
  const child = spawn(binary, args, { stdio: 'ignore', ...(user ?? {}) });
  child.unref();
  if (child.pid === undefined) throw new Error(`${binary} could not be started (is it installed and on the PATH?)`);
  const pid = child.pid;
  const pidfile = join(folder, `${name}-${pid}.pid`);
  writePidfile(pidfile, { pid, startTime: startTimeOf(pid), binary, dir, owner: process.pid, ownerStartTime: startTimeOf(process.pid) });
  running.set(pid, { pidfile, dir });
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signalName) => {
      running.delete(pid);
      rmSync(pidfile, { force: true });
      resolve({ code, signal: signalName });
    });
  });
  return { pid, exited };
}

/**
 * Writes a pidfile whole or not at all. `writeFileSync` creates the file empty before it writes, and
 * another run's `stopStaleServers()` (Stryker starts a test runner, with its global setup, beside the
 * others and after each timeout) could read it in between, find nothing of ours, and delete it: the
 * server would then outlive its run with no pidfile to find it by. So the record is written under a
 * name that does not end in `.pid` and renamed into place, which is atomic within a folder.
 */
function writePidfile(pidfile, record) {
  const partial = join(dirname(pidfile), `.${basename(pidfile)}.partial`);
  writeFileSync(partial, `${JSON.stringify(record)}\n`);
  renameSync(partial, pidfile);
}

/** Reads one pidfile; `null` when it is not one of ours. */
function readRecord(path) {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8'));
    return Number.isInteger(record.pid) && Number.isInteger(record.owner) && typeof record.binary === 'string' ? record : null;
  } catch {
    return null;
  }
}

/** Stops one recorded server whose owner is gone; resolves whether it was still running. */
async function stopRecorded(record) {
  const alive = isSameProcess(record.pid, record.startTime ?? null) && runsBinary(record.pid, record.binary);
  if (alive) {
    signal(record.pid, 'SIGKILL');
    const deadline = Date.now() + GONE_TIMEOUT_MS;
    while (isRunning(record.pid) && Date.now() < deadline) await delay(POLL_MS);
  }
  if (typeof record.dir === 'string' && record.dir.length > 0) rmSync(record.dir, { recursive: true, force: true });
  return alive;
}

/**
 * Stops the servers of `folder` whose owner is gone (a run killed with SIGKILL, or a machine
 * rebooted), by their pidfiles, and removes those pidfiles. A server whose owner still runs is left
 * alone (another run in the same checkout); a recorded pid now used by another process is not killed.
 * Resolves with what it stopped: `{ pid, binary }` each.
 */
export async function stopStaleServers({ folder = SERVERS_FOLDER } = {}) {
  let names;
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.pid'));
  } catch {
    return [];
  }
  const stopped = [];
  for (const name of names) {
    const path = join(folder, name);
    const record = readRecord(path);
    if (record && record.owner !== process.pid && isSameProcess(record.owner, record.ownerStartTime ?? null)) continue;
    if (record && (await stopRecorded(record))) stopped.push({ pid: record.pid, binary: record.binary });
    rmSync(path, { force: true });
  }
  return stopped;
}
