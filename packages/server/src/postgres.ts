export { createPostgresStore, DEFAULT_POSTGRES_TIMEOUT_MS, POSTGRES_CLEAN_INTERVAL_MS } from './stores/postgres-store.js';
export type { PostgresStore, PostgresStoreOptions } from './stores/postgres-store.js';
export { PostgresStoreError } from './stores/postgres-runner.js';
export type { PostgresFailure, PostgresPoolClient, PostgresQuery, PostgresQueryable, PostgresRow, PostgresStorePool } from './stores/postgres-runner.js';
export { DEFAULT_POSTGRES_SCHEMA, LEDGER_MIGRATION } from './stores/postgres-schema.js';
