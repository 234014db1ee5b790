// The Postgres store on a real PostgreSQL started for this file (Debian's postgres, initdb in a
// temporary folder, stopped by its pid after it): the store conformance suite (on the database's
// clock, two instances on two pools, each test in a schema of its own; with its statements prepared,
// the default, and sent whole), then what is Postgres' own:
// the migration in the package is the one ensureSchema runs, and running it twice changes nothing;
// its options, each refused saying what to write; the clean-up of what has lapsed in bounded batches;
// and two endpoint instances sharing the database: ids minted on one are revoked by a sign-out on the other.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionEndpoint, type SessionEndpoint } from '../../src/index.js';
import { createPostgresStore, LEDGER_MIGRATION, POSTGRES_CLEAN_INTERVAL_MS, type PostgresStoreOptions } from '../../src/postgres.js';
import { HOUR } from '../support/clock.js';
import { ORIGIN, PATH } from '../support/endpoint-fixture.js';
import { POSTGRES_INSTALL_COMMAND, startPostgresServer, type PostgresServer } from '../support/postgres-server.js';
import { describeStoreConformance } from './store-conformance.js';

let server: PostgresServer | undefined;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startPostgresServer();
  for (let index = 0; index < 2; index += 1) {
    const made = new pg.Pool({ connectionString: server.url, max: 10 });
    made.on('error', () => undefined); // an idle connection ended by the server's shutdown after the file
    pools.push(made);
  }
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(pools.map((pool) => pool.end()));
  await server?.stop();
});

function pool(index = 0): pg.Pool {
  const found = pools[index];
  if (!found) throw new Error('no Postgres pool: see beforeAll');
  return found;
}

let schemas = 0;
/** A schema no other test uses, so each store starts empty in the shared database. */
const freshSchema = () => `test_${process.pid}_${(schemas += 1)}`;

/** A store in a new schema, its tables made. */
async function freshStore(options: Omit<PostgresStoreOptions, 'pool'> & { pool?: pg.Pool } = {}) {
  const schema = options.schema ?? freshSchema();
  const store = createPostgresStore({ pool: pool(), ...options, schema });
  await store.ensureSchema();
  return { store, schema };
}

/** How many rows the schema holds for one viewer: its ids and its own row (sign-out moment and counters). */
async function rowsOf(schema: string, viewerId: string): Promise<number> {
  const { rows } = await pool().query(
    `SELECT (SELECT count(*) FROM "${schema}".ledger_ids WHERE viewer_id = $1) + (SELECT count(*) FROM "${schema}".ledger_viewers WHERE viewer_id = $1) AS n`,
    [viewerId],
  );
  return Number(rows[0]?.n);
}

describeStoreConformance("Postgres store (on the database's clock, clock_timestamp())", async () => {
  const { store, schema } = await freshStore();
  return {
    store,
    secondInstance: createPostgresStore({ pool: pool(1), schema }),
    stateSize: (viewerId) => rowsOf(schema, viewerId),
    lose: async () => {
      // The data lost as a restore from an old backup or a new database would lose it: every table emptied.
      await pool().query(`TRUNCATE "${schema}".ledger_ids, "${schema}".ledger_viewers, "${schema}".ledger_hints, "${schema}".ledger_meta`);
      return store;
    },
    stop: async () => {
      await pool().query(`DROP SCHEMA "${schema}" CASCADE`);
    },
  };
});

describeStoreConformance('Postgres store, statements sent whole (preparedStatements: false, as behind a transaction-mode pooler)', async () => {
  const { schema } = await freshStore();
  const store = createPostgresStore({ pool: pool(), schema, preparedStatements: false });
  return {
    store,
    secondInstance: createPostgresStore({ pool: pool(1), schema, preparedStatements: false }),
    stateSize: (viewerId) => rowsOf(schema, viewerId),
    stop: async () => {
      await pool().query(`DROP SCHEMA "${schema}" CASCADE`);
    },
  };
});

describe('the test postgres', () => {
  it('fails, never skips, when the binaries are missing, and names the install command', async () => {
    await expect(startPostgresServer({ binDir: '/usr/lib/postgresql/not-installed/bin' })).rejects.toThrow(POSTGRES_INSTALL_COMMAND);
  });

  it('runs as a child of this process, on its own port, answering with its own clock', async () => {
    expect(server?.startupMs).toBeLessThan(20_000);
    const { rows } = await pool().query('SELECT current_setting(\'port\') AS port');
    expect(Number(rows[0]?.port)).toBe(server?.port);
  });
});

describe('the Postgres migration', () => {
  it('is the file in the package, sql/postgres/001-ledger.sql, word for word', () => {
    expect(readFileSync(new URL('../../sql/postgres/001-ledger.sql', import.meta.url), 'utf8')).toBe(LEDGER_MIGRATION);
  });

  it('keeps the horizon it wrote when the schema was made, however often ensureSchema runs, on several instances at once', async () => {
    const { store, schema } = await freshStore();
    const first = await store.horizon();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await Promise.all([store.ensureSchema(), createPostgresStore({ pool: pool(1), schema }).ensureSchema(), store.ensureSchema()]);
    const again = await store.horizon();
    expect(again.since).toBe(first.since);
    expect(again.now).toBeGreaterThanOrEqual(first.now + 30);
  });
});

/** Options as a JavaScript caller may pass them, past what the types allow. */
const untyped = (options: Record<string, unknown>) => options as unknown as PostgresStoreOptions;

describe('Postgres store options', () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['no pool', () => ({}), 'createPostgresStore needs { pool }: a Pool of the pg package (new Pool({ connectionString })), connected to the primary'],
    ['a connection string as pool', () => ({ pool: 'postgres://localhost' }), 'createPostgresStore needs { pool }'],
    ['a schema with a quote', () => ({ pool: pool(), schema: 'ledger"; DROP TABLE x; --' }), 'schema must be a plain Postgres identifier'],
    ['a schema in capitals', () => ({ pool: pool(), schema: 'Ledger' }), 'schema must be a plain Postgres identifier'],
    ['timeoutMs of 0', () => ({ pool: pool(), timeoutMs: 0 }), 'timeoutMs must be a positive integer of ms (got 0)'],
    ['preparedStatements as a string', () => ({ pool: pool(), preparedStatements: 'no' }), 'preparedStatements must be true or false (got no)'],
  ];
  it.each(cases)('refuses %s (invalid-options), saying what to write', (_name, options, message) => {
    expect(() => createPostgresStore(untyped(options()))).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining(message) }));
  });
});

/** Whether `promise` is still pending after `ms`. */
async function stillPending(promise: Promise<unknown>, ms = 300): Promise<boolean> {
  const pending = Symbol('pending');
  return (await Promise.race([promise.then(() => null, () => null), new Promise((resolve) => setTimeout(() => resolve(pending), ms))])) === pending;
}

describe("the viewer's row lock: one viewer's operations one after another, on any instance", () => {
  /** Another session (another instance, mid-operation) holding ada's row, doing `work` before it commits. */
  async function holdViewer(schema: string) {
    const holder = await pool(1).connect();
    await holder.query('BEGIN');
    await holder.query(`SELECT viewer_id FROM "${schema}".ledger_viewers WHERE viewer_id = 'ada' FOR UPDATE`);
    return {
      query: (text: string) => holder.query(text),
      commit: async () => {
        await holder.query('COMMIT');
        holder.release();
      },
    };
  }

  it('makes a claim wait for an operation in progress, then see what it committed (held: claimed meanwhile)', async () => {
    const { store, schema } = await freshStore();
    await store.add({ viewerId: 'ada', sessionId: 'ses_1', lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
    const held = await holdViewer(schema);
    const claim = store.claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: HOUR });
    expect(await stillPending(claim)).toBe(true);
    await held.query(`UPDATE "${schema}".ledger_ids SET lease_until = ${Date.now() + HOUR}, pending_since = ${Date.now()} WHERE session_id = 'ses_1'`);
    await held.commit();
    expect(await claim).toBe('held');
  });

  it('makes a sign-out wait for a mint being recorded, then claim its id', async () => {
    const { store, schema } = await freshStore();
    await store.countMint({ viewerId: 'ada', now: Date.now(), windowMs: 60_000 });
    const held = await holdViewer(schema);
    const signOut = store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR });
    expect(await stillPending(signOut)).toBe(true);
    await held.query(`INSERT INTO "${schema}".ledger_ids (viewer_id, session_id, expires_at) VALUES ('ada', 'ses_recorded', ${Date.now() + HOUR})`);
    await held.commit();
    expect((await signOut).ids).toEqual(['ses_recorded']);
  });

  it('lets the sweep pass over a viewer another instance holds (SKIP LOCKED) instead of waiting, and take its ids once free', async () => {
    const { store, schema } = await freshStore();
    await store.add({ viewerId: 'ada', sessionId: 'ses_1', lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
    await store.claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const held = await holdViewer(schema);
    const started = Date.now();
    expect(await store.claimPending({ viewerId: 'ada', leaseMs: HOUR })).toEqual({ ids: [], reclaimed: [] });
    expect(Date.now() - started).toBeLessThan(250);
    await held.commit();
    expect(await store.claimPending({ viewerId: 'ada', leaseMs: HOUR })).toEqual({ ids: ['ses_1'], reclaimed: ['ses_1'] });
  });
});

describe('the Postgres clean-up', () => {
  it('deletes expired ids and viewers with nothing left in batches, and keeps every live id and pending one', async () => {
    const { store, schema } = await freshStore();
    for (let index = 0; index < 1200; index += 1) {
      await store.add({ viewerId: `viewer-${index % 40}`, sessionId: `ses_old_${index}`, lifetimeMs: 1, signOutsSeen: 0, leaseMs: HOUR });
    }
    await store.add({ viewerId: 'ada', sessionId: 'ses_live', lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
    await store.add({ viewerId: 'bob', sessionId: 'ses_pending', lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
    await store.signOut({ viewerId: 'bob', leaseMs: HOUR, rememberMs: HOUR });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.cleanExpired()).toBe(1200 + 40 + 1); // the ids, the viewers they leave empty, and ada (whose row holds nothing)
    const { rows } = await pool().query(`SELECT session_id FROM "${schema}".ledger_ids ORDER BY session_id`);
    expect(rows.map((row) => row.session_id)).toEqual(['ses_live', 'ses_pending']);
    expect(await rowsOf(schema, 'bob')).toBe(2); // the pending id, and the sign-out moment, remembered for an hour
    expect((await store.signOut({ viewerId: 'ada', leaseMs: HOUR, rememberMs: HOUR })).ids).toEqual(['ses_live']);
  });
});

describe('the clean-up each instance runs by itself', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs on the first operation once POSTGRES_CLEAN_INTERVAL_MS has passed on the instance, and reports its failure to the reporter', async () => {
    const { store, schema } = await freshStore();
    await store.add({ viewerId: 'ada', sessionId: 'ses_expired', lifetimeMs: 1, signOutsSeen: 0, leaseMs: HOUR });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const idsLeft = async () => Number((await pool().query(`SELECT count(*) AS n FROM "${schema}".ledger_ids`)).rows[0]?.n);
    await store.countMint({ viewerId: 'bob', now: Date.now(), windowMs: 60_000 });
    expect(await idsLeft()).toBe(1); // not due yet
    const later = Date.now() + POSTGRES_CLEAN_INTERVAL_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await store.countMint({ viewerId: 'bob', now: later, windowMs: 60_000 });
    await expect.poll(idsLeft).toBe(0);
    const reports: unknown[] = [];
    store.reportTo((error) => reports.push(error));
    await pool().query(`DROP TABLE "${schema}".ledger_ids`);
    vi.spyOn(Date, 'now').mockReturnValue(later + POSTGRES_CLEAN_INTERVAL_MS + 1);
    await store.countMint({ viewerId: 'bob', now: later, windowMs: 60_000 });
    await expect.poll(() => reports.length).toBe(1);
    expect(reports[0]).toMatchObject({ code: 'store-unavailable', reason: 'missing-tables' });
  });
});

/** Two instances, each with its own pool, one schema; one service that records every mint and revocation. */
async function twoInstances() {
  const { schema } = await freshStore();
  const service = { minted: [] as string[], revoked: [] as string[] };
  const instance = (index: number) =>
    createSessionEndpoint({
      path: PATH,
      allowedOrigins: [ORIGIN],
      viewer: (request) => {
        const id = request.headers.get('x-viewer');
        return id ? { id } : null;
      },
      mint: (viewer) => {
        const sessionId = `ses_${viewer.id}_${service.minted.length + 1}`;
        service.minted.push(sessionId);
        return sessionId;
      },
      revoke: (sessionId) => {
        service.revoked.push(sessionId);
      },
      store: createPostgresStore({ pool: pool(index), schema }),
    });
  return { service, first: instance(0), second: instance(1) };
}

const call = (endpoint: SessionEndpoint, viewer: string, method: string, path = PATH) =>
  endpoint.fetch(new Request(`http://backend.example${path}`, { method, headers: { origin: ORIGIN, 'x-viewer': viewer } }));

async function mint(endpoint: SessionEndpoint, viewer: string): Promise<string> {
  const response = await call(endpoint, viewer, 'POST');
  expect(response.status).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  return sessionId;
}

describe('two endpoint instances sharing one Postgres', () => {
  it("mints on one and signs out on the other: every id of the viewer is revoked, once, and no one else's", async () => {
    const { service, first, second } = await twoInstances();
    const ada = [await mint(first, 'ada'), await mint(second, 'ada'), await mint(first, 'ada')];
    const bob = await mint(first, 'bob');
    const logout = await call(second, 'ada', 'POST', `${PATH}/logout`);
    expect(logout.status).toBe(200);
    const answer = (await logout.json()) as { revoked: string[]; failed: unknown[] };
    expect([...answer.revoked].sort()).toEqual([...ada].sort());
    expect(answer.failed).toEqual([]);
    expect([...service.revoked].sort()).toEqual([...ada].sort());
    expect(service.revoked).not.toContain(bob);
  });
});
