// The main fault run of `npm run bench:faults` on PostgreSQL (`--store postgres`, issue 43): the
// same load, faults and checks as on Redis (faults.mjs), with the Postgres store on two instances,
// each on a pg Pool of its own. The server is Debian's postgres started for the run
// (postgres-daemon.mjs: fsync and synchronous_commit on, Postgres' defaults), paused (SIGSTOP of the
// postmaster and every backend) past the store's timeoutMs and the pools' statement_timeout, and
// killed (SIGKILL of every process) and started again from the same data folder. The ledger starts
// a day old (its horizon row set 25 h back on the database's clock), so a sign-out may answer
// complete and the check of complete answers means something.
import pg from 'pg';
import { createPostgresStore } from '@svc-embed/server/postgres';
import { LEDGER_AGE_MS } from './fault-amplify.mjs';

/** The schema of the run's tables. */
const SCHEMA = 'faults';
/**
 * The store's timeoutMs on Postgres: longer than Redis' 300 ms, as a commit waits for its fsync
 * (synchronous_commit on) and 500 mints at once queue for the pools' connections; with 300 ms, 888
 * of 1,387 mint answers were 503 on a loaded 2-core machine with no fault at all (100 viewers x 5).
 */
export const POSTGRES_TIMEOUT_MS = 1_000;

/** The pools' statement_timeout: 80 % of the store's timeoutMs, so a pause (past the timeoutMs) outlasts both. */
export const statementTimeoutMs = (timeoutMs) => Math.round(timeoutMs * 0.8);
/** Connections of each instance's pool. */
const POOL_SIZE = 10;

/**
 * Sets the ledger's horizon row `ms` back on the database's clock: a ledger whole that long, as on a
 * database that has served the endpoint for a day.
 */
async function ageHorizon(pool, ms) {
  await pool.query(`UPDATE ${SCHEMA}.ledger_meta SET value = floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint - $1 WHERE name = 'horizon'`, [ms]);
}

/**
 * The stores of two instances on one Postgres, each on its own pool (`statement_timeout`
 * `statementTimeoutMs(timeoutMs)`, a connection waited for at most 1 s), the store's `timeoutMs` given; the
 * tables made by `ensureSchema()`, the horizon a day old. Resolves with `{ stores, close() }`.
 */
export async function postgresStores(postgres, { timeoutMs }) {
  const pools = [0, 1].map(() => new pg.Pool({
    connectionString: postgres.url, max: POOL_SIZE, statement_timeout: statementTimeoutMs(timeoutMs), connectionTimeoutMillis: 1_000,
  }).on('error', () => undefined));
  const stores = pools.map((pool) => createPostgresStore({ pool, schema: SCHEMA, timeoutMs }));
  await stores[0].ensureSchema();
  await ageHorizon(pools[0], LEDGER_AGE_MS);
  return { stores, close: () => Promise.all(pools.map((pool) => pool.end())) };
}
