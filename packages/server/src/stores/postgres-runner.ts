/**
 * Sends the Postgres store's statements on the customer's pool, and never waits long: a statement
 * or transaction the database has not answered within `timeoutMs` is refused (it may still end on
 * the database: every operation of the store is written so that running it with its answer lost
 * loses nothing, as claims lease and never delete). Each failure becomes a
 * {@link PostgresStoreError} naming its reason and what to do: a lost connection, a timeout, a
 * read-only database (a replica), missing tables (with the command that makes them).
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import { createHash } from 'node:crypto';
import { EndpointError } from '../errors.js';
import { createTablesCommand } from './postgres-schema.js';

/** A row as node-postgres gives it: column name to value (a `bigint` column comes as a string). */
export type PostgresRow = Record<string, unknown>;

/**
 * One statement as `pg` takes it: its text, its parameters, and a `name` under which each
 * connection prepares it once (parsed and planned once per connection, not per call).
 */
export interface PostgresQuery {
  text: string;
  values?: unknown[];
  name?: string;
}

/** What the store needs of a `pg` client or pool: a query. */
export interface PostgresQueryable {
  query(query: PostgresQuery): Promise<{ rows: PostgresRow[] }>;
}

/** How a step of a transaction runs a statement: its text and parameters. */
export type RunStatement = (text: string, values?: unknown[]) => Promise<{ rows: PostgresRow[] }>;

/** A client checked out of the pool, for a transaction (`pool.connect()` of `pg`). */
export interface PostgresPoolClient extends PostgresQueryable {
  /** Gives it back to the pool; with an error, the pool closes it instead. */
  release(destroy?: boolean | Error): void;
  /** Listens to its `error` event (`pg`'s clients are event emitters): a lost connection, while the store holds it. */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops listening, before it goes back to the pool. */
  off?(event: 'error', listener: (error: Error) => void): unknown;
}

/** What the store needs of a `Pool` of the `pg` package: queries, and clients for transactions. */
export interface PostgresStorePool extends PostgresQueryable {
  connect(): Promise<PostgresPoolClient>;
}

/**
 * Why the Postgres store failed, as its errors say (`PostgresStoreError.reason`):
 * - `connection-lost`: no connection to the database (down, restarting, unreachable, a failover in progress);
 * - `timeout`: no answer within the store's `timeoutMs`, or cancelled at the database's `statement_timeout` / `lock_timeout`;
 * - `read-only`: the database refused a write (SQLSTATE 25006): the pool reaches a replica, or a primary demoted by a failover;
 * - `missing-tables`: the store's tables (or schema) are not there (SQLSTATE 42P01, 3F000, 42703): the migration was not run;
 * - `failed`: any other error of the database.
 */
export type PostgresFailure = 'connection-lost' | 'timeout' | 'read-only' | 'missing-tables' | 'failed';

/**
 * The Postgres store's rejections: an `EndpointError` coded `store-unavailable` (the endpoint answers
 * 503), with its {@link PostgresFailure} `reason` for `onError`, and the database's error as `cause`.
 */
export class PostgresStoreError extends EndpointError {
  /** What failed, for a program to tell the failures apart. */
  readonly reason: PostgresFailure;

  /** A failure of `reason`, with the store's message (what happened, what to do). */
  constructor(reason: PostgresFailure, message: string, options: { cause?: unknown } = {}) {
    super(ENDPOINT_CODES.storeUnavailable, message, options);
    this.name = 'PostgresStoreError';
    this.reason = reason;
  }
}

/** Runs one operation of the store: a statement, or a transaction on one client. */
export interface PostgresRunner {
  /** One statement on the pool. */
  query(name: string, text: string, values?: unknown[]): Promise<PostgresRow[]>;
  /**
   * `body` in one transaction (BEGIN ... COMMIT) on one client of the pool; on any failure the
   * client is closed, which rolls it back. `prepared: false` sends each statement as it is (several
   * commands in one text, as the migration has, cannot be prepared).
   */
  transaction<T>(name: string, body: (query: RunStatement) => Promise<T>, how?: { prepared: boolean }): Promise<T>;
}

/** A statement, with the name it is prepared under (the same for the same text on every instance) when `prepare`. */
function statement(prepare: boolean, text: string, values?: unknown[]): PostgresQuery {
  if (!prepare) return { text, values };
  return { name: `svc-embed-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, values: values ?? [] };
}

/** Options of {@link createPostgresRunner}. */
interface PostgresRunnerOptions {
  pool: PostgresStorePool;
  timeoutMs: number;
  schema: string;
  /** Whether statements are prepared once per connection (named), or sent whole each time. */
  prepare: boolean;
}

/** Makes the runner every statement of the store goes through. */
export function createPostgresRunner(options: PostgresRunnerOptions): PostgresRunner {
  return {
    query: (name, text, values) => withinTimeout(options, name, async () => (await options.pool.query(statement(options.prepare, text, values))).rows),
    transaction: (name, body, how = { prepared: true }) => withinTimeout(options, name, () => inTransaction(options.pool, body, how.prepared && options.prepare)),
  };
}

/** Drops the `error` event of a checked-out client: the statement it broke rejects with it, and so does the next one. */
const ignoreClientError = (): void => undefined;

/**
 * `body` in one transaction on a client of the pool. While the store holds the client, its `error`
 * event (the connection lost: the server killed, a backend terminated) has a listener: `pg`'s pool
 * listens only to idle clients, and an `error` event without one would end the app's process; the
 * statement in flight (or the next one) rejects, which the store reports as `connection-lost`.
 */
async function inTransaction<T>(pool: PostgresStorePool, body: (query: RunStatement) => Promise<T>, prepare: boolean): Promise<T> {
  const client = await pool.connect();
  client.on?.('error', ignoreClientError);
  try {
    await client.query({ text: 'BEGIN' });
    const result = await body((text, values) => client.query(statement(prepare, text, values)));
    await client.query({ text: 'COMMIT' });
    client.off?.('error', ignoreClientError);
    client.release();
    return result;
  } catch (error) {
    client.off?.('error', ignoreClientError);
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/** A store operation that did not end within `timeoutMs`. */
class StoreTimeout extends Error {}

async function withinTimeout<T>(options: PostgresRunnerOptions, name: string, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StoreTimeout()), options.timeoutMs);
  });
  const running = work();
  running.catch(() => undefined); // its failure after the timeout is already answered
  try {
    return await Promise.race([running, timeout]);
  } catch (error) {
    throw postgresError(error, { name, timeoutMs: options.timeoutMs, schema: options.schema });
  } finally {
    clearTimeout(timer);
  }
}

/** SQLSTATEs of a connection the server ended or refused: class 08, and 57P01-57P03 (shutdown, crash, not accepting yet). */
const CONNECTION_STATES = /^(08...|57P0[1-3])$/;
/** Node's codes of a socket that could not reach or lost the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOENT']);
/** Messages of node-postgres when a connection ends or cannot be made. */
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Connection ended/i;
/** SQLSTATEs of a statement the database cancelled at a time limit: statement_timeout (57014), lock_timeout (55P03), idle in transaction (25P03). */
const TIMEOUT_STATES = new Set(['57014', '55P03', '25P03']);
/** SQLSTATEs of missing tables, schema or columns. */
const MISSING_STATES = new Set(['42P01', '3F000', '42703']);

/** Which failure `error` is. */
function failureOf(error: unknown): PostgresFailure {
  if (error instanceof StoreTimeout) return 'timeout';
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (TIMEOUT_STATES.has(code) || /Query read timeout/i.test(message)) return 'timeout';
  if (code === '25006') return 'read-only';
  if (MISSING_STATES.has(code)) return 'missing-tables';
  if (CONNECTION_STATES.test(code) || SOCKET_CODES.has(code) || CONNECTION_MESSAGES.test(message)) return 'connection-lost';
  return 'failed';
}

/** The store's rejection for `error`: a {@link PostgresStoreError} whose message says what happened and what to do. */
function postgresError(error: unknown, context: { name: string; timeoutMs: number; schema: string }): EndpointError {
  if (error instanceof EndpointError) return error;
  const reason = failureOf(error);
  const detail = error instanceof Error ? error.message : String(error);
  const messages: Record<PostgresFailure, string> = {
    'timeout': error instanceof StoreTimeout
      ? `Postgres did not answer the store's ${context.name} within ${context.timeoutMs} ms; check the database's load and long-held locks (pg_stat_activity) and the network, or raise the store's timeoutMs`
      : `Postgres cancelled the store's ${context.name} at a time limit (${detail}: its statement_timeout or lock_timeout); check the database's load and long-held locks (pg_stat_activity), or raise that limit for the pool's role`,
    'connection-lost': `The Postgres store's ${context.name} has no connection to the database (${detail}); check that Postgres runs and that the pool reaches it (host, port, credentials); the pool opens a new connection on the next call`,
    'read-only': `Postgres refused the store's ${context.name}: the database is read-only (SQLSTATE 25006: a read replica, a primary demoted by a failover, or default_transaction_read_only); point the pool at the primary (the writer endpoint of a managed Postgres), and let it reconnect after a failover`,
    'missing-tables': `The Postgres store's tables are missing in schema "${context.schema}" (${detail}); create them once: ${createTablesCommand(context.schema)}`,
    'failed': `The Postgres store's ${context.name} failed (${detail}); check the database's log`,
  };
  return new PostgresStoreError(reason, messages[reason], { cause: error });
}
