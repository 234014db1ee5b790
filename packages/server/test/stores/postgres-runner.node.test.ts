// The Postgres store's runner without a database: a fake `pg` pool and client that record what they
// are sent. Which statements are prepared (named by their text's hash) and which are sent whole, how
// a transaction's client is given back (with the error that broke it, so the pool closes it) and
// its `error` listener removed, and how a failure becomes a PostgresStoreError (its reason, its
// message, the database's error as its cause). What needs a real Postgres is in
// postgres-store.node.test.ts and postgres-fault.node.test.ts.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EndpointError } from '../../src/errors.js';
import { createPostgresRunner, type PostgresPoolClient, type PostgresQuery, type PostgresStorePool } from '../../src/stores/postgres-runner.js';

/** A pool whose queries and client record what they are sent, and answer `answer` (or reject with what it throws). */
function fakePool(options: { answer?: (query: PostgresQuery) => unknown; emitter?: boolean } = {}) {
  const sent: PostgresQuery[] = [];
  const released: (boolean | Error | undefined)[] = [];
  const run = async (query: PostgresQuery) => {
    sent.push(query);
    await options.answer?.(query);
    return { rows: [{ ok: 1 }] };
  };
  const emitter = new EventEmitter();
  const client: PostgresPoolClient = options.emitter === false
    ? { query: run, release: (destroy) => void released.push(destroy) }
    : {
      query: run,
      release: (destroy) => void released.push(destroy),
      on: (event, listener) => emitter.on(event, listener),
      off: (event, listener) => emitter.off(event, listener),
    };
  const pool: PostgresStorePool = { query: run, connect: async () => client };
  return { pool, sent, released, emitter };
}

const runnerOn = (pool: PostgresStorePool, prepare = true) => createPostgresRunner({ pool, timeoutMs: 5_000, schema: 'svc_embed', prepare });

const nameOf = (text: string) => `svc-embed-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('which statements are prepared', () => {
  it("names a statement by the first 20 hex digits of its text's SHA-1, the same on every instance, with no values as []", async () => {
    const { pool, sent } = fakePool();
    expect(await runnerOn(pool).query('horizon', 'SELECT 1')).toEqual([{ ok: 1 }]);
    expect(sent).toEqual([{ name: nameOf('SELECT 1'), text: 'SELECT 1', values: [] }]);
    expect(sent[0]?.name).toMatch(/^svc-embed-[0-9a-f]{20}$/);
  });

  it('sends statements whole, unnamed, when the store does not prepare them', async () => {
    const { pool, sent } = fakePool();
    await runnerOn(pool, false).query('horizon', 'SELECT $1', [7]);
    await runnerOn(pool, false).transaction('add', (query) => query('SELECT 2'));
    expect(sent.map((query) => query.name)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("prepares a transaction's statements by default, and sends them whole when it says prepared: false", async () => {
    const { pool, sent } = fakePool();
    await runnerOn(pool).transaction('add', (query) => query('SELECT 2', [1]));
    expect(sent).toEqual([{ text: 'BEGIN' }, { name: nameOf('SELECT 2'), text: 'SELECT 2', values: [1] }, { text: 'COMMIT' }]);
    sent.length = 0;
    await runnerOn(pool).transaction('ensureSchema', (query) => query('CREATE TABLE t (); SELECT 3'), { prepared: false });
    expect(sent[1]).toEqual({ text: 'CREATE TABLE t (); SELECT 3', values: undefined });
  });
});

describe("a transaction's client", () => {
  it('is given back with the error that broke it, so the pool closes it, and without its error listener', async () => {
    const broken = new Error('deadlock detected');
    const { pool, released, emitter } = fakePool();
    await expect(runnerOn(pool).transaction('add', async () => {
      expect(emitter.listenerCount('error')).toBe(1);
      throw broken;
    })).rejects.toMatchObject({ cause: broken });
    expect(released).toEqual([broken]);
    expect(emitter.listenerCount('error')).toBe(0);
  });

  it('is closed (release(true)) when the body throws something that is not an Error', async () => {
    const { pool, released } = fakePool();
    await expect(runnerOn(pool).transaction('add', async () => {
      throw 'not an Error';
    })).rejects.toMatchObject({ reason: 'failed' });
    expect(released).toEqual([true]);
  });

  it('is given back as it is after COMMIT, without its error listener', async () => {
    const { pool, released, emitter } = fakePool();
    expect(await runnerOn(pool).transaction('add', async () => 'done')).toBe('done');
    expect(released).toEqual([undefined]);
    expect(emitter.listenerCount('error')).toBe(0);
  });

  it('may be one without on/off (a pool that is not an event emitter), committed or failed', async () => {
    const { pool, released } = fakePool({ emitter: false });
    expect(await runnerOn(pool).transaction('add', async () => 'done')).toBe('done');
    await expect(runnerOn(pool).transaction('add', async () => {
      throw new Error('boom');
    })).rejects.toMatchObject({ reason: 'failed' });
    expect(released).toHaveLength(2);
  });
});

describe('a failure', () => {
  const failing = (error: unknown) => runnerOn(fakePool({ answer: () => { throw error; } }).pool).query('horizon', 'SELECT 1');

  it("of any other kind is 'failed', says which call failed and to check the log, with the error as its cause", async () => {
    const error = Object.assign(new Error('division by zero'), { code: '22012' });
    const rejection = await failing(error).catch((caught: unknown) => caught);
    expect(rejection).toMatchObject({
      name: 'PostgresStoreError',
      code: 'store-unavailable',
      reason: 'failed',
      message: "The Postgres store's horizon failed (division by zero); check the database's log",
    });
    expect((rejection as Error).cause).toBe(error);
  });

  it("is 'failed' when what was thrown is not an object with a code (a string, null)", async () => {
    await expect(failing('boom')).rejects.toMatchObject({ reason: 'failed', message: expect.stringContaining('failed (boom)') });
    await expect(failing(null)).rejects.toMatchObject({ reason: 'failed', message: expect.stringContaining('failed (null)') });
  });

  it("is an EndpointError of the store's own passed on as it is", async () => {
    const own = new EndpointError('invalid-options', 'not the database');
    await expect(failing(own)).rejects.toBe(own);
  });
});

describe('the time limit', () => {
  it('leaves no timer behind once the call answered or failed', async () => {
    vi.useFakeTimers();
    const { pool } = fakePool();
    await runnerOn(pool).query('horizon', 'SELECT 1');
    await expect(runnerOn(fakePool({ answer: () => { throw new Error('x'); } }).pool).query('horizon', 'SELECT 1')).rejects.toMatchObject({ reason: 'failed' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
