-- The session ledger of @svc-embed/server/postgres, version 1: createPostgresStore's tables.
-- Runs in the current search_path; the store reads them in its schema (default svc_embed). Run it
-- once per database, before the first request (or call await store.ensureSchema(), which runs
-- this file in the store's schema):
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -c 'CREATE SCHEMA IF NOT EXISTS svc_embed'
--     -c 'SET search_path TO svc_embed' -f node_modules/@svc-embed/server/sql/postgres/001-ledger.sql
-- (one command line).
-- Every time is ms since the epoch on the database's clock (clock_timestamp()); running it again
-- changes nothing.

-- The ledger's horizon: since when it is whole, written once, when the schema is made.
CREATE TABLE IF NOT EXISTS ledger_meta (
  name text COLLATE "C" PRIMARY KEY,
  value bigint NOT NULL
);
INSERT INTO ledger_meta (name, value)
VALUES ('horizon', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)
ON CONFLICT (name) DO NOTHING;

-- One row per viewer, of constant size: the sign-out moment (remembered until sign_outs_until) and
-- the mint counters (the current window and the one before). Every ledger operation locks it first,
-- so one viewer's operations run one after another on any number of instances.
CREATE TABLE IF NOT EXISTS ledger_viewers (
  viewer_id text COLLATE "C" PRIMARY KEY,
  sign_outs integer NOT NULL DEFAULT 0,
  sign_outs_until bigint NOT NULL DEFAULT 0,
  mint_window_start bigint,
  mint_window_ms bigint,
  mint_current integer NOT NULL DEFAULT 0,
  mint_previous integer NOT NULL DEFAULT 0,
  forget_after bigint GENERATED ALWAYS AS (GREATEST(sign_outs_until, COALESCE(mint_window_start + 2 * mint_window_ms, 0))) STORED
);
CREATE INDEX IF NOT EXISTS ledger_viewers_forget_after ON ledger_viewers (forget_after);

-- Every id minted and not yet confirmed revoked, until its lifetime is over: live (lease_until
-- NULL) or pending (claimed for revocation: held until lease_until, due after), with its failed
-- revocations and the moment it first became pending.
CREATE TABLE IF NOT EXISTS ledger_ids (
  viewer_id text COLLATE "C" NOT NULL,
  session_id text COLLATE "C" NOT NULL,
  expires_at bigint NOT NULL,
  lease_until bigint,
  pending_since bigint,
  failures integer NOT NULL DEFAULT 0,
  PRIMARY KEY (viewer_id, session_id)
);
CREATE INDEX IF NOT EXISTS ledger_ids_expiry ON ledger_ids (expires_at);
CREATE INDEX IF NOT EXISTS ledger_ids_pending ON ledger_ids (viewer_id, lease_until) WHERE lease_until IS NOT NULL;

-- The viewers who may have pending ids, for the sweep (a token per hint).
CREATE TABLE IF NOT EXISTS ledger_hints (
  viewer_id text COLLATE "C" PRIMARY KEY,
  token text NOT NULL
);
