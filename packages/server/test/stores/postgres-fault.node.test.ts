// The Postgres store's failures, each on a real postgres started for this file, each named: a
// statement cancelled at the database's statement_timeout (a row lock held by another session), no
// answer within the store's timeoutMs (the server paused with SIGSTOP), a read-only database (as a
// replica or a demoted primary is: default_transaction_read_only), missing tables (with the command
// that makes them), a stopped server (the connection lost) and a killed one (SIGKILL, then started
// again on its data: the recorded ids are still there). Each rejects with a PostgresStoreError coded
// store-unavailable whose reason and message say what to do, and the endpoint answers 503 with it
// reported to onError.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEndpoint, type EndpointErrorReport } from '../../src/index.js';
import { createPostgresStore, type PostgresFailure, type PostgresStore } from '../../src/postgres.js';
import { HOUR } from '../support/clock.js';
import { ORIGIN, PATH } from '../support/endpoint-fixture.js';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.js';

let server: PostgresServer | undefined;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(pools.map((pool) => pool.end()));
  await server?.stop();
});

function requireServer(): PostgresServer {
  if (!server) throw new Error('postgres did not start: see beforeAll');
  return server;
}

/** A pool on `url` (default: this file's server), ended after the file; its idle connections' errors are the test's to see, not the process's. */
function poolOn(config: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: requireServer().url, max: 4, ...config });
  pool.on('error', () => undefined);
  pools.push(pool);
  return pool;
}

let schemas = 0;
const freshSchema = () => `fault_${process.pid}_${(schemas += 1)}`;

async function storeWithTables(pool: pg.Pool, options: { timeoutMs?: number } = {}): Promise<{ store: PostgresStore; schema: string }> {
  const schema = freshSchema();
  await createPostgresStore({ pool: poolOn(), schema }).ensureSchema();
  return { store: createPostgresStore({ pool, schema, ...options }), schema };
}

const entry = (sessionId: string) => ({ viewerId: 'ada', sessionId, lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });

/** What a store call rejected with: `store-unavailable`, its reason, and a message holding `says`. */
const failure = (reason: PostgresFailure, says: string) =>
  expect.objectContaining({ name: 'PostgresStoreError', code: 'store-unavailable', reason, message: expect.stringContaining(says) });

describe('a Postgres that cannot answer in time', () => {
  it("names the database's statement_timeout when a row lock held elsewhere outlasts it", async () => {
    const { store, schema } = await storeWithTables(poolOn({ statement_timeout: 200 }));
    await store.add(entry('ses_1'));
    const holder = await poolOn().connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT * FROM "${schema}".ledger_viewers WHERE viewer_id = 'ada' FOR UPDATE`);
      await expect(store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR })).rejects.toEqual(failure('timeout', 'statement_timeout'));
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect((await store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR })).ids).toEqual(['ses_1']);
  });

  it("refuses within the store's timeoutMs when the server is paused (SIGSTOP), and works again once it runs", async () => {
    const { store } = await storeWithTables(poolOn({ max: 8 }), { timeoutMs: 300 });
    await store.add(entry('ses_before'));
    const paused = processesOf(requireServer().pid);
    for (const pid of paused) process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      await expect(store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR })).rejects.toEqual(failure('timeout', 'within 300 ms'));
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      for (const pid of paused) process.kill(pid, 'SIGCONT');
    }
    await expect.poll(() => store.add(entry('ses_after')).then(() => true, () => false)).toBe(true);
  });
});

/** The postmaster and every process it started (its backends, its workers). */
function processesOf(postmaster: number): number[] {
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

describe('a read-only Postgres (a replica, or a primary demoted by a failover)', () => {
  it('names it and says to point the pool at the primary', async () => {
    const { store } = await storeWithTables(poolOn({ options: '-c default_transaction_read_only=on' }));
    await expect(store.add(entry('ses_1'))).rejects.toEqual(failure('read-only', 'point the pool at the primary'));
    await expect(store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR })).rejects.toEqual(failure('read-only', 'SQLSTATE 25006'));
  });

  it('makes the endpoint answer 503 store-unavailable, the reason reported to onError, and hand out no id', async () => {
    const { store } = await storeWithTables(poolOn({ options: '-c default_transaction_read_only=on' }));
    const reports: { error: unknown; report: EndpointErrorReport }[] = [];
    const minted: string[] = [];
    const endpoint = createSessionEndpoint({
      path: PATH,
      allowedOrigins: [ORIGIN],
      viewer: () => ({ id: 'ada' }),
      mint: () => {
        const sessionId = `ses_${minted.length}`;
        minted.push(sessionId);
        return sessionId;
      },
      revoke: () => undefined,
      store,
      onError: (error, report) => reports.push({ error, report }),
    });
    const response = await endpoint.fetch(new Request(`http://backend.example${PATH}`, { method: 'POST', headers: { origin: ORIGIN } }));
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('store-unavailable');
    expect(reports[0]?.report.code).toBe('store-unavailable');
    expect(reports[0]?.error).toEqual(failure('read-only', 'point the pool at the primary'));
  });
});

describe("a Postgres without the store's tables", () => {
  it('names the command that makes them, and works once ensureSchema ran', async () => {
    const schema = freshSchema();
    const store = createPostgresStore({ pool: poolOn(), schema });
    await expect(store.add(entry('ses_1'))).rejects.toEqual(failure('missing-tables', `schema "${schema}"`));
    await expect(store.horizon()).rejects.toEqual(failure('missing-tables', 'await store.ensureSchema(), or: psql "$DATABASE_URL" -v ON_ERROR_STOP=1'));
    await store.ensureSchema();
    expect(await store.add(entry('ses_1'))).toBe('recorded');
  });

  it("waits for the schema's advisory lock, held by an instance making the tables, before making them", async () => {
    const schema = freshSchema();
    const store = createPostgresStore({ pool: poolOn(), schema, timeoutMs: 300 });
    const holder = await poolOn().connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtext('svc-embed ledger schema ${schema}'))`);
      await expect(store.ensureSchema()).rejects.toEqual(failure('timeout', 'within 300 ms'));
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(hashtext('svc-embed ledger schema ${schema}'))`);
      holder.release();
    }
    await store.ensureSchema();
    expect(await store.add(entry('ses_1'))).toBe('recorded');
  });

  it('names a dropped table too', async () => {
    const pool = poolOn();
    const { store, schema } = await storeWithTables(pool);
    await pool.query(`DROP TABLE "${schema}".ledger_ids`);
    await expect(store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR })).rejects.toEqual(failure('missing-tables', 'ensureSchema'));
  });
});

describe('a Postgres that stops or is killed', () => {
  let own: PostgresServer | undefined;
  afterAll(() => own?.stop());

  it('names the lost connection while it is down, and finds every recorded id again once it is back on its data', async () => {
    own = await startPostgresServer();
    const pool = new pg.Pool({ connectionString: own.url, max: 4, connectionTimeoutMillis: 1000 });
    pool.on('error', () => undefined);
    pools.push(pool);
    const store = createPostgresStore({ pool, schema: 'ledger' });
    await store.ensureSchema();
    const since = (await store.horizon()).since;
    await store.add(entry('ses_before_stop'));
    await own.stop({ keepDir: true });
    await expect(store.add(entry('ses_down'))).rejects.toEqual(failure('connection-lost', 'check that Postgres runs'));
    own = await startPostgresServer({ dir: own.dir, port: own.port });
    await expect.poll(() => store.add(entry('ses_after_restart')).then(() => true, () => false)).toBe(true);
    await store.add(entry('ses_before_kill'));
    await own.stop({ abruptly: true, keepDir: true });
    await expect(store.claim({ viewerId: 'ada', sessionId: 'ses_before_kill', leaseMs: HOUR })).rejects.toEqual(failure('connection-lost', 'the pool opens a new connection'));
    own = await startPostgresServer({ dir: own.dir, port: own.port });
    await expect.poll(() => store.horizon().then(() => true, () => false), { timeout: 10_000 }).toBe(true);
    expect((await store.horizon()).since).toBe(since);
    const out = await store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR });
    expect([...out.ids].sort()).toEqual(['ses_after_restart', 'ses_before_kill', 'ses_before_stop']);
  }, 60_000);
});

describe("a connection lost while the store's transaction holds it", () => {
  let own: PostgresServer | undefined;
  afterAll(() => own?.stop());

  it("rejects the operation as connection-lost, and the lost client's error never reaches the app's process uncaught", async () => {
    own = await startPostgresServer();
    const pool = new pg.Pool({ connectionString: own.url, max: 2 });
    pool.on('error', () => undefined);
    pools.push(pool);
    const store = createPostgresStore({ pool, schema: 'ledger', timeoutMs: 10_000 });
    await store.ensureSchema();
    await store.add(entry('ses_held'));
    const holder = new pg.Client({ connectionString: own.url });
    holder.on('error', () => undefined);
    await holder.connect();
    const uncaught: unknown[] = [];
    const catchUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', catchUncaught);
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM ledger.ledger_viewers WHERE viewer_id = 'ada' FOR UPDATE");
      const claiming = store.claim({ viewerId: 'ada', sessionId: 'ses_held', leaseMs: HOUR });
      claiming.catch(() => undefined);
      // The store's backend waits for the viewer's row lock, inside its transaction; it dies (SIGKILL, as an OOM killer or a crash would).
      const waiting = async () => (await holder.query("SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'")).rows.map((row: { pid: number }) => row.pid);
      await expect.poll(waiting).toHaveLength(1);
      const [backend] = await waiting();
      process.kill(Number(backend), 'SIGKILL');
      await expect(claiming).rejects.toEqual(failure('connection-lost', 'check that Postgres runs'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', catchUncaught);
      await holder.end().catch(() => undefined);
    }
  }, 60_000);
});
