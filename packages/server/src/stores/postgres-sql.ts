/**
 * The Postgres store's statements, one per step, on the tables of one schema. Every time is read
 * from the database's clock ({@link NOW_MS}: `clock_timestamp()`, ms since the epoch) and passed on
 * as `$2` (`now`) to the later statements of the same transaction; the endpoint passes durations
 * only. A ledger operation first locks the viewer's row ({@link ledgerStatements} `lockViewer`), so
 * one viewer's operations run one after another on any number of instances, and every later
 * statement of the transaction (READ COMMITTED: a fresh snapshot each) sees what the ones before
 * committed.
 */
import type { LedgerTables } from './postgres-schema.js';

/** The database's now, ms since the epoch. */
const NOW_MS = 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/** The viewer's sign-out moment at `now` (a SQL expression): 0 once its time is over. */
const signOutsAt = (row: string, now: string) => `CASE WHEN ${row}.sign_outs_until > ${now} THEN ${row}.sign_outs ELSE 0 END`;

/** The statements of the store, for its tables. */
export function ledgerStatements(tables: LedgerTables) {
  return {
    ...viewerStatements(tables),
    ...claimStatements(tables),
    ...indexStatements(tables),
  };
}

/** The statements on the viewer's own row: the lock, the mint counters, the sign-out moment, and add (which reads it). */
function viewerStatements({ viewers, ids }: LedgerTables) {
  return {
    /** $1 viewer. Locks the viewer's row (made when missing) until the transaction ends; replies { now }. */
    lockViewer: `WITH t AS (SELECT ${NOW_MS} AS now)
INSERT INTO ${viewers} AS v (viewer_id) VALUES ($1)
ON CONFLICT (viewer_id) DO UPDATE SET viewer_id = EXCLUDED.viewer_id
RETURNING (SELECT now FROM t) AS now`,
    /** $1 viewer. Makes the viewer's row when missing, without waiting for a lock. */
    makeViewer: `INSERT INTO ${viewers} (viewer_id) VALUES ($1) ON CONFLICT (viewer_id) DO NOTHING`,
    /** $1 viewer. Locks the viewer's row unless another transaction holds it; replies { now }, or no row then. */
    lockViewerUnlessBusy: `SELECT ${NOW_MS} AS now FROM ${viewers} WHERE viewer_id = $1 FOR UPDATE SKIP LOCKED`,
    /**
     * $1 viewer, $2 windowStart (the endpoint's clock), $3 windowMs. Counts one attempt in the
     * window (the window before kept as one number; counters two windows old start over).
     */
    countMint: `WITH t AS (SELECT ${NOW_MS} AS now)
INSERT INTO ${viewers} AS v (viewer_id, mint_window_start, mint_window_ms, mint_current, mint_previous)
VALUES ($1, $2, $3, 1, 0)
ON CONFLICT (viewer_id) DO UPDATE SET
  mint_current = CASE WHEN v.mint_window_ms = $3 AND v.mint_window_start >= $2 THEN v.mint_current + 1 ELSE 1 END,
  mint_previous = CASE WHEN v.mint_window_ms = $3 AND v.mint_window_start >= $2 THEN v.mint_previous
    WHEN v.mint_window_ms = $3 AND v.mint_window_start = $2 - $3 THEN v.mint_current ELSE 0 END,
  mint_window_start = CASE WHEN v.mint_window_ms = $3 AND v.mint_window_start >= $2 THEN v.mint_window_start ELSE $2 END,
  mint_window_ms = $3
RETURNING v.mint_window_start AS window_start, v.mint_current AS current, v.mint_previous AS previous, ${signOutsAt('v', '(SELECT now FROM t)')} AS sign_outs`,
    /**
     * $1 viewer, $2 session id, $3 signOutsSeen, $4 lifetimeMs, $5 leaseMs. One statement: locks
     * the viewer's row (waiting for a sign-out in progress), then records the id (once), pending
     * at once when the sign-out moment is no longer the one seen. Replies { signed_out }.
     */
    add: `WITH t AS (SELECT ${NOW_MS} AS now),
v AS (
  INSERT INTO ${viewers} AS v (viewer_id) VALUES ($1)
  ON CONFLICT (viewer_id) DO UPDATE SET viewer_id = EXCLUDED.viewer_id
  RETURNING ${signOutsAt('v', '(SELECT now FROM t)')} <> $3 AS signed_out
),
recorded AS (
  INSERT INTO ${ids} (viewer_id, session_id, expires_at, lease_until, pending_since)
  SELECT $1, $2, t.now + $4, CASE WHEN v.signed_out THEN t.now + $5 END, CASE WHEN v.signed_out THEN t.now END
  FROM t, v WHERE $4 > 0
  ON CONFLICT (viewer_id, session_id) DO NOTHING
)
SELECT signed_out FROM v`,
    /** $1 viewer, $2 rememberMs. Locks the viewer's row and moves the sign-out moment on; replies { now }. */
    signOutMoment: `WITH t AS (SELECT ${NOW_MS} AS now)
INSERT INTO ${viewers} AS v (viewer_id, sign_outs, sign_outs_until) SELECT $1, 1, t.now + $2 FROM t
ON CONFLICT (viewer_id) DO UPDATE SET
  sign_outs = ${signOutsAt('v', '(SELECT now FROM t)')} + 1,
  sign_outs_until = GREATEST(v.sign_outs_until, (SELECT now FROM t) + $2)
RETURNING (SELECT now FROM t) AS now`,
  };
}

/** The statements on the viewer's ids, each run with the viewer's row locked. */
function claimStatements({ ids }: LedgerTables) {
  return {
    /**
     * $1 viewer, $2 now, $3 leaseMs, $4 one session id (NULL: every id). Leases every id of the
     * viewer not held (live, or pending and due); replies each id found with its outcome
     * ('claimed', 'reclaimed' or 'held').
     */
    claim: `WITH found AS (
  SELECT session_id, lease_until FROM ${ids}
  WHERE viewer_id = $1 AND expires_at > $2 AND ($4::text IS NULL OR session_id = $4::text)
),
leased AS (
  UPDATE ${ids} AS l SET lease_until = $2 + $3, pending_since = COALESCE(l.pending_since, $2)
  FROM found WHERE l.viewer_id = $1 AND l.session_id = found.session_id AND (found.lease_until IS NULL OR found.lease_until <= $2)
  RETURNING l.session_id
)
SELECT found.session_id, CASE WHEN leased.session_id IS NULL THEN 'held' WHEN found.lease_until IS NULL THEN 'claimed' ELSE 'reclaimed' END AS outcome
FROM found LEFT JOIN leased ON leased.session_id = found.session_id
ORDER BY found.session_id`,
    /** $1 viewer, $2 now, $3 leaseMs. Leases anew the pending ids whose lease or backoff is over; replies them. */
    claimPending: `UPDATE ${ids} SET lease_until = $2 + $3
WHERE viewer_id = $1 AND lease_until IS NOT NULL AND lease_until <= $2 AND expires_at > $2
RETURNING session_id`,
    /**
     * $1 viewer, $2 now, $3 revoked ids, $4 failed ids, $5 firstMs, $6 maxMs, $7 jitter. Takes the
     * revoked out; counts one more failure of each failed pending one, due again after its backoff
     * (the rule of `RetrySchedule`); replies every pending id left.
     */
    settle: `WITH revoked AS (
  DELETE FROM ${ids} WHERE viewer_id = $1 AND session_id = ANY($3::text[])
),
failed AS (
  UPDATE ${ids} SET failures = failures + 1,
    lease_until = $2 + ceil(LEAST($6::float8, $5::float8 * power(2::float8, LEAST(failures, 52))) * (1 - $7::float8 / 2))::bigint
  WHERE viewer_id = $1 AND session_id = ANY($4::text[]) AND NOT (session_id = ANY($3::text[])) AND lease_until IS NOT NULL
)
SELECT session_id FROM ${ids}
WHERE viewer_id = $1 AND lease_until IS NOT NULL AND expires_at > $2 AND NOT (session_id = ANY($3::text[]))
ORDER BY session_id`,
  };
}

/** The statements over every viewer: the hints, the backlog, the horizon and the clean-up of what has lapsed. */
function indexStatements({ meta, viewers, ids, hints }: LedgerTables) {
  return {
    /** $1 viewer, $2 token. */
    hint: `INSERT INTO ${hints} (viewer_id, token) VALUES ($1, $2) ON CONFLICT (viewer_id) DO UPDATE SET token = EXCLUDED.token`,
    /** $1 viewer, $2 token. */
    dropHint: `DELETE FROM ${hints} WHERE viewer_id = $1 AND token = $2`,
    /** $1 the last viewer of the page before (NULL: the first page), $2 page size. */
    listHints: `SELECT viewer_id, token FROM ${hints} WHERE $1::text IS NULL OR viewer_id > $1::text ORDER BY viewer_id LIMIT $2`,
    /** Replies { ids, oldest } (oldest: ms, NULL when none is pending). */
    countPending: `WITH t AS (SELECT ${NOW_MS} AS now)
SELECT count(*)::integer AS ids, max(t.now - pending_since) AS oldest FROM ${ids}, t
WHERE lease_until IS NOT NULL AND expires_at > t.now`,
    /** Reads the horizon, writing the database's now when it is missing (lost data); replies { since, now }. */
    horizon: `WITH t AS (SELECT ${NOW_MS} AS now),
mark AS (
  INSERT INTO ${meta} (name, value) SELECT 'horizon', t.now FROM t
  ON CONFLICT (name) DO NOTHING RETURNING value
)
SELECT COALESCE((SELECT value FROM mark), (SELECT value FROM ${meta} WHERE name = 'horizon')) AS since, (SELECT now FROM t) AS now`,
    /** $1 batch size. Deletes up to $1 ids whose lifetime is over, skipping rows another transaction holds; replies how many. */
    cleanIds: `WITH doomed AS (
  SELECT viewer_id, session_id FROM ${ids} WHERE expires_at <= ${NOW_MS}
  ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
),
gone AS (
  DELETE FROM ${ids} AS l USING doomed WHERE l.viewer_id = doomed.viewer_id AND l.session_id = doomed.session_id RETURNING 1
)
SELECT count(*)::integer AS count FROM gone`,
    /**
     * $1 batch size, $2 slack ms. Deletes up to $1 viewer rows with nothing left to remember (sign-out
     * moment over, mint counters two windows old, plus the slack for the endpoints' clocks); replies how many.
     */
    cleanViewers: `WITH doomed AS (
  SELECT viewer_id FROM ${viewers} WHERE forget_after + $2 <= ${NOW_MS}
  ORDER BY forget_after LIMIT $1 FOR UPDATE SKIP LOCKED
),
gone AS (
  DELETE FROM ${viewers} AS v USING doomed WHERE v.viewer_id = doomed.viewer_id RETURNING 1
)
SELECT count(*)::integer AS count FROM gone`,
  };
}
