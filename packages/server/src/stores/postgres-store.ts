/**
 * The Postgres store: every viewer's ledger in the customer's PostgreSQL, shared by all the
 * endpoint's instances, on the `Pool` of `pg` (node-postgres) the app already has. The tables are
 * in sql/postgres/001-ledger.sql (postgres-schema.ts), the statements in postgres-sql.ts, the
 * timeouts and failures in postgres-runner.ts; this file runs them. Every ledger operation is one
 * statement, or one transaction that first locks the viewer's row; every time is the database's
 * (`clock_timestamp()`); what has lapsed is deleted in bounded batches that skip locked rows, so
 * instances clean side by side.
 */
import { randomUUID } from 'node:crypto';
import { EndpointError } from '../errors.js';
import { createPostgresRunner, PostgresStoreError, type PostgresRow, type PostgresRunner, type PostgresStorePool, type RunStatement } from './postgres-runner.js';
import { ledgerTables, migrationStatements } from './postgres-schema.js';
import { ledgerStatements } from './postgres-sql.js';
import type { ClaimOutcome, LedgerHorizon, MintCount, SessionStore, SignedOutIds } from './session-store.js';

/** How long an operation may wait for Postgres before it is refused, when `timeoutMs` is not given. */
export const DEFAULT_POSTGRES_TIMEOUT_MS = 2000;
/** How often, at most, an instance deletes what has lapsed (on its next operation; no timer runs). */
export const POSTGRES_CLEAN_INTERVAL_MS = 60_000;
/** Rows deleted per statement of the clean-up. */
const CLEAN_BATCH = 500;
/** Batches one clean-up runs at most (of each table), so it never holds the pool for long. */
const CLEAN_BATCHES = 20;
/** How long past their two windows mint counters are kept, for the endpoints' clocks (the mint window is theirs). */
const COUNTER_SLACK_MS = 60_000;

/** Options of {@link createPostgresStore}. */
export interface PostgresStoreOptions {
  /**
   * A `Pool` of the `pg` package (node-postgres), connected to the primary; the store never ends
   * it. Give it a `statement_timeout` (and a `connectionTimeoutMillis`) so that a slow database
   * frees its connections: `new Pool({ connectionString, statement_timeout: 2000, connectionTimeoutMillis: 2000 })`.
   */
  pool: PostgresStorePool;
  /** The schema of the store's tables. Default `svc_embed`. Lower-case letters, digits and `_`. */
  schema?: string;
  /**
   * How long an operation may wait for Postgres, ms (a transaction in all); past it the operation
   * rejects (and the endpoint answers 503). Default 2000.
   */
  timeoutMs?: number;
  /**
   * Whether each statement is prepared once per connection (a named statement: parsed and planned
   * once, about a third less of Postgres' CPU per mint). Default true. Give `false` behind a pooler
   * in transaction mode that does not carry prepared statements across its server connections
   * (PgBouncer before 1.21, or without `max_prepared_statements`).
   */
  preparedStatements?: boolean;
}

/** The Postgres store: a {@link SessionStore}, its migration, and its clean-up. */
export interface PostgresStore extends SessionStore {
  /**
   * Makes the store's schema and tables when they are missing (sql/postgres/001-ledger.sql of the
   * package, in one transaction, once however many instances call it at once); changes nothing
   * when they are there. Needs the right to create a schema, or an existing one.
   */
  ensureSchema(): Promise<void>;
  /**
   * Deletes what has lapsed (ids whose lifetime is over, viewers with nothing left to remember), in
   * batches of {@link CLEAN_BATCH} rows that skip rows another instance holds; resolves with how
   * many rows went. Each instance runs it by itself at most every {@link POSTGRES_CLEAN_INTERVAL_MS}
   * on its next operation; call it from a job when you want it more often.
   */
  cleanExpired(): Promise<number>;
  /** Where failures of the background clean-up go: `createSessionEndpoint` passes its `onError` here. */
  reportTo(reporter: (error: EndpointError) => void): void;
}

/**
 * A {@link SessionStore} in PostgreSQL, for an endpoint that runs on several instances (or
 * restarts): every instance sharing the database sees every id minted for a viewer, and the ledger
 * survives restarts, so its horizon is when its tables were made. An operation rejects, and never
 * hangs, when Postgres is down, slow or read-only: with a `PostgresStoreError` (an `EndpointError`
 * coded `store-unavailable`) whose `reason` and message say what failed and what to do.
 * @throws {EndpointError} `invalid-options` for a missing pool, a schema name that is not a plain identifier, or a bad timeoutMs
 * @example
 * const store = createPostgresStore({ pool });
 * await store.ensureSchema();
 * const endpoint = createSessionEndpoint({ ...options, store });
 */
export function createPostgresStore(options: PostgresStoreOptions): PostgresStore {
  const { pool, timeoutMs, prepare } = checkOptions(options);
  const tables = ledgerTables(options.schema);
  const sql = ledgerStatements(tables);
  const run = createPostgresRunner({ pool, timeoutMs, schema: tables.schema, prepare });
  const cleaner = createCleaner((batch, slack) => cleanOnce(run, sql, batch, slack));
  const ledger = ledgerOperations(run, sql);
  const touch = <A extends unknown[], R>(operation: (...args: A) => Promise<R>) => (...args: A): Promise<R> => {
    cleaner.maybeRun();
    return operation(...args);
  };
  return {
    countMint: touch(ledger.countMint),
    add: touch(ledger.add),
    claim: touch(ledger.claim),
    signOut: touch(ledger.signOut),
    claimPending: touch(ledger.claimPending),
    settle: touch(ledger.settle),
    ...indexOperations(run, sql),
    ensureSchema: async () => {
      await run.transaction('ensureSchema', async (query) => {
        for (const statement of migrationStatements(tables.schema)) await query(statement);
      }, { prepared: false });
    },
    cleanExpired: () => cleaner.runNow(),
    reportTo: (reporter) => cleaner.reportTo(reporter),
  };
}

function checkOptions(options: PostgresStoreOptions): { pool: PostgresStorePool; timeoutMs: number; prepare: boolean } {
  const pool: unknown = options?.pool;
  if (!isPool(pool)) {
    throw new EndpointError('invalid-options', 'createPostgresStore needs { pool }: a Pool of the pg package (new Pool({ connectionString })), connected to the primary');
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_POSTGRES_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) {
    throw new EndpointError('invalid-options', `timeoutMs must be a positive integer of ms (got ${String(timeoutMs)})`);
  }
  const prepare = options.preparedStatements ?? true;
  if (typeof prepare !== 'boolean') throw new EndpointError('invalid-options', `preparedStatements must be true or false (got ${String(prepare)})`);
  return { pool, timeoutMs, prepare };
}

function isPool(pool: unknown): pool is PostgresStorePool {
  return typeof pool === 'object' && pool !== null && typeof Reflect.get(pool, 'query') === 'function' && typeof Reflect.get(pool, 'connect') === 'function';
}

type Statements = ReturnType<typeof ledgerStatements>;

/** A `bigint` or `integer` column as a number. */
const numberOf = (value: unknown): number => Number(value);

/** The database's now, read by the lock statement at the start of a transaction. */
async function lockedNow(query: RunStatement, statement: string, values: unknown[]): Promise<number | null> {
  const { rows } = await query(statement, values);
  return rows[0] ? numberOf(rows[0].now) : null;
}

/** The operations on one viewer's ledger. */
function ledgerOperations(run: PostgresRunner, sql: Statements): Pick<SessionStore, 'countMint' | 'add' | 'claim' | 'signOut' | 'claimPending' | 'settle'> {
  const claimIn = async (query: RunStatement, values: { viewerId: string; now: number; leaseMs: number; sessionId: string | null }) =>
    (await query(sql.claim, [values.viewerId, values.now, values.leaseMs, values.sessionId])).rows;
  return {
    countMint: async ({ viewerId, now, windowMs }) => mintCountOf(await run.query('countMint', sql.countMint, [viewerId, now - (now % windowMs), windowMs])),
    add: async ({ viewerId, sessionId, lifetimeMs, signOutsSeen, leaseMs }) => {
      const [row] = await run.query('add', sql.add, [viewerId, sessionId, signOutsSeen, lifetimeMs, leaseMs]);
      return row?.signed_out === true ? 'signed-out' : 'recorded';
    },
    claim: ({ viewerId, sessionId, leaseMs }) => run.transaction('claim', async (query): Promise<ClaimOutcome> => {
      const now = await lockedNow(query, sql.lockViewer, [viewerId]);
      const [row] = await claimIn(query, { viewerId, now: now ?? 0, leaseMs, sessionId });
      return row ? outcomeOf(row.outcome) : 'absent';
    }),
    signOut: ({ viewerId, leaseMs, rememberMs }) => run.transaction('signOut', async (query) => {
      const now = await lockedNow(query, sql.signOutMoment, [viewerId, Math.max(1, rememberMs)]);
      return signedOutIds(await claimIn(query, { viewerId, now: now ?? 0, leaseMs, sessionId: null }));
    }),
    claimPending: ({ viewerId, leaseMs }) => run.transaction('claimPending', async (query) => {
      await query(sql.makeViewer, [viewerId]);
      const now = await lockedNow(query, sql.lockViewerUnlessBusy, [viewerId]);
      if (now === null) return { ids: [], reclaimed: [] }; // another instance holds the viewer: its sweep or sign-out takes them
      const ids = (await query(sql.claimPending, [viewerId, now, leaseMs])).rows.map((row) => String(row.session_id)).sort();
      return { ids, reclaimed: [...ids] };
    }),
    settle: ({ viewerId, revoked, failed, retry }) => run.transaction('settle', async (query) => {
      const now = await lockedNow(query, sql.lockViewer, [viewerId]);
      const values = [viewerId, now, [...revoked], [...failed], retry.firstMs, retry.maxMs, retry.jitter];
      return (await query(sql.settle, values)).rows.map((row) => String(row.session_id));
    }),
  };
}

function mintCountOf(rows: PostgresRow[]): MintCount {
  const [row] = rows;
  if (!row) throw new PostgresStoreError('failed', "The Postgres store's countMint got no row back; is the ledger_viewers table someone else's?");
  return { windowStart: numberOf(row.window_start), current: numberOf(row.current), previous: numberOf(row.previous), signOuts: numberOf(row.sign_outs) };
}

function outcomeOf(outcome: unknown): ClaimOutcome {
  return outcome === 'claimed' || outcome === 'reclaimed' || outcome === 'held' ? outcome : 'absent';
}

function signedOutIds(rows: PostgresRow[]): SignedOutIds {
  const claimed: SignedOutIds = { ids: [], reclaimed: [], held: [] };
  for (const row of rows) {
    const sessionId = String(row.session_id);
    if (row.outcome === 'held') claimed.held.push(sessionId);
    else claimed.ids.push(sessionId);
    if (row.outcome === 'reclaimed') claimed.reclaimed.push(sessionId);
  }
  return claimed;
}

/** The hints, the backlog and the horizon. */
function indexOperations(run: PostgresRunner, sql: Statements): Pick<SessionStore, 'hint' | 'dropHint' | 'listHints' | 'countPending' | 'horizon'> {
  return {
    hint: async (viewerId) => {
      const token = randomUUID();
      await run.query('hint', sql.hint, [viewerId, token]);
      return token;
    },
    dropHint: async ({ viewerId, token }) => {
      await run.query('dropHint', sql.dropHint, [viewerId, token]);
    },
    listHints: async ({ cursor, count }) => {
      const size = Math.max(1, Math.floor(count));
      const after = cursor.startsWith(CURSOR_PREFIX) ? cursor.slice(CURSOR_PREFIX.length) : null;
      const rows = await run.query('listHints', sql.listHints, [after, size]);
      const hints = rows.map((row) => ({ viewerId: String(row.viewer_id), token: String(row.token) }));
      const last = hints.at(-1);
      return { hints, cursor: rows.length < size || !last ? '0' : `${CURSOR_PREFIX}${last.viewerId}` };
    },
    countPending: async () => {
      const [row] = await run.query('countPending', sql.countPending);
      return { ids: numberOf(row?.ids ?? 0), oldestAgeMs: row?.oldest === null || row?.oldest === undefined ? null : Math.max(0, numberOf(row.oldest)) };
    },
    horizon: () => readHorizon(run, sql),
  };
}

/** A cursor of `listHints`: the last viewer of the page before, after this prefix. */
const CURSOR_PREFIX = 'after:';

/** The horizon; read again once when two instances wrote a lost mark at the same moment (the loser sees none in its snapshot). */
async function readHorizon(run: PostgresRunner, sql: Statements): Promise<LedgerHorizon> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [row] = await run.query('horizon', sql.horizon);
    if (row && row.since !== null && row.since !== undefined) return { since: numberOf(row.since), now: numberOf(row.now) };
  }
  throw new PostgresStoreError('failed', "The Postgres store's horizon found no mark after writing one; is the ledger_meta table someone else's?");
}

/** One clean-up: batches of expired ids, then of viewers with nothing left, until a batch comes back short. */
async function cleanOnce(run: PostgresRunner, sql: Statements, batch: number, slackMs: number): Promise<number> {
  let total = 0;
  for (const [statement, values] of [[sql.cleanIds, [batch]], [sql.cleanViewers, [batch, slackMs]]] as const) {
    for (let round = 0; round < CLEAN_BATCHES; round += 1) {
      const [row] = await run.query('cleanExpired', statement, [...values]);
      const count = numberOf(row?.count ?? 0);
      total += count;
      if (count < batch) break;
    }
  }
  return total;
}

/**
 * Runs the clean-up at most every {@link POSTGRES_CLEAN_INTERVAL_MS} (this instance's clock only
 * schedules it; what has lapsed is judged on the database's), in the background of the operation
 * that finds it due; its failures go to the reporter (none set: dropped, the next operation meets them).
 */
function createCleaner(clean: (batch: number, slackMs: number) => Promise<number>) {
  let lastRun = Date.now();
  let reporter: ((error: EndpointError) => void) | null = null;
  const report = (error: unknown) => {
    if (error instanceof EndpointError) reporter?.(error);
  };
  return {
    maybeRun: () => {
      if (Date.now() - lastRun < POSTGRES_CLEAN_INTERVAL_MS) return;
      lastRun = Date.now();
      clean(CLEAN_BATCH, COUNTER_SLACK_MS).catch(report);
    },
    runNow: () => {
      lastRun = Date.now();
      return clean(CLEAN_BATCH, COUNTER_SLACK_MS);
    },
    reportTo: (given: (error: EndpointError) => void) => {
      reporter = given;
    },
  };
}
