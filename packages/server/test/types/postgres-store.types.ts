// Type tests for @svc-embed/server/postgres: the store takes a Pool of pg as `pool` (not a Client,
// which has no pool to check clients out of for a transaction, nor a connection string), and its
// errors carry a reason. Each line marked with the expect-error directive must fail to compile.
import pg from 'pg';
import { createPostgresStore, PostgresStoreError, type PostgresFailure } from '@svc-embed/server/postgres';

declare const pool: pg.Pool;
declare const client: pg.Client;

const store = createPostgresStore({ pool });
createPostgresStore({ pool, schema: 'acme_embed', timeoutMs: 500 });
const ready: Promise<void> = store.ensureSchema();
const cleaned: Promise<number> = store.cleanExpired();
declare const error: PostgresStoreError;
const reason: PostgresFailure = error.reason;
const code: 'store-unavailable' | string = error.code;

// @ts-expect-error a Client is not a Pool (it cannot check out a client for a transaction)
createPostgresStore({ pool: client });
// @ts-expect-error a connection string is not a Pool
createPostgresStore({ pool: 'postgres://localhost/app' });
// @ts-expect-error a pool is needed
createPostgresStore({ schema: 'acme_embed' });
// @ts-expect-error timeoutMs is ms
createPostgresStore({ pool, timeoutMs: '500' });
// @ts-expect-error no such reason
const wrong: PostgresFailure = 'down';
