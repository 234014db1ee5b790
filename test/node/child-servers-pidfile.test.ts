// A pidfile is never seen half written. Stryker starts test runners beside each other, each with the
// global setup's stopStaleServers(), and one may read the pidfile folder while another runner's
// spawnServer writes: a pidfile read empty is "not one of ours" and is deleted, and its server then
// outlives its run with nothing to find it by. Here node:fs's writeFileSync is split open: it opens
// (creates) the file, lets stopStaleServers run on the folder (its reads and deletes all happen
// before its first await when no record is found), then writes through the open descriptor.
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const between = vi.hoisted(() => ({ action: null as null | (() => void) }));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const writeFileSync: typeof actual.writeFileSync = (path, data, options) => {
    const action = between.action;
    if (action === null || typeof path !== 'string') return actual.writeFileSync(path, data, options);
    between.action = null;
    // As writeFileSync does: open (create, empty), then write through the descriptor. A file
    // deleted in between is written to all the same, but no longer has a name.
    const fd = actual.openSync(path, 'w');
    try {
      action();
      actual.writeFileSync(fd, data, options);
    } finally {
      actual.closeSync(fd);
    }
  };
  return { ...actual, default: { ...actual, writeFileSync }, writeFileSync };
});

const { spawnServer, stopStaleServers } = await import('../../bench/child-servers.mjs');

const folders: string[] = [];
const children: number[] = [];
afterEach(() => {
  between.action = null;
  for (const pid of children.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('spawnServer and a concurrent stopStaleServers', () => {
  it('keeps the pidfile when another run sweeps the folder while it is being written', async () => {
    const folder = fs.mkdtempSync(join(tmpdir(), 'svc-pidfile-race-'));
    folders.push(folder);
    let sweep: Promise<unknown> = Promise.resolve();
    between.action = () => {
      sweep = stopStaleServers({ folder });
    };

    const { pid } = spawnServer({ binary: 'sleep', args: ['30'], name: 'sleep-test', folder });
    children.push(pid);
    await sweep;

    expect(between.action).toBeNull();
    expect(fs.readdirSync(folder)).toEqual([`sleep-test-${pid}.pid`]);
    const record = JSON.parse(fs.readFileSync(join(folder, `sleep-test-${pid}.pid`), 'utf8'));
    expect(record).toMatchObject({ pid, binary: 'sleep', owner: process.pid });
  });
});
