// The Postgres store on replies a test PostgreSQL does not give on demand, and on what it sends: a
// stand-in pool answering as `pg`'s Pool does (rows by statement text), so that a missing row, an
// unknown outcome, a page of hints, a horizon read before its mark is visible, a clean-up that never
// comes back short, and an instance's own clock for the periodic clean-up can each be set.
// postgres-store.node.test.ts runs the same operations against a real PostgreSQL.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgresStore, POSTGRES_CLEAN_INTERVAL_MS, type PostgresStoreOptions } from '../../src/postgres.js';
import type { PostgresQuery, PostgresRow } from '../../src/stores/postgres-runner.js';
import { ledgerTables } from '../../src/stores/postgres-schema.js';
import { ledgerStatements } from '../../src/stores/postgres-sql.js';

const sql = ledgerStatements(ledgerTables());
const ADA = { viewerId: 'ada', sessionId: 'ses_1', lifetimeMs: 1000, signOutsSeen: 0, leaseMs: 1000 };
const RETRY = { firstMs: 1000, maxMs: 60_000, jitter: 0 };

type Statement = keyof typeof sql;
/** The statement `text` is, by its key in postgres-sql.ts (or the text itself: BEGIN, COMMIT, the migration). */
const keyOf = (text: string): string => (Object.keys(sql) as Statement[]).find((key) => sql[key] === text) ?? text;

/** A stand-in `pg` Pool: every statement, in a transaction or not, answered by `answer` (by statement key); what was sent is kept. */
function standInPool(answer: (key: string, values: unknown[]) => PostgresRow[] | Promise<PostgresRow[]> = () => []) {
  const sent: { key: string; values: unknown[]; name: string | undefined }[] = [];
  const query = async ({ text, values = [], name }: PostgresQuery) => {
    const key = keyOf(text);
    sent.push({ key, values, name });
    return { rows: key === 'BEGIN' || key === 'COMMIT' ? [] : await answer(key, values) };
  };
  const pool = { query, connect: async () => ({ query, release: () => undefined }) };
  return { pool, sent, count: (key: string) => sent.filter((entry) => entry.key === key).length };
}

const untyped = (options: Record<string, unknown> | undefined) => options as unknown as PostgresStoreOptions;

describe('Postgres store options, checked before any statement', () => {
  it.each([
    ['no options at all', undefined],
    ['a null pool', { pool: null }],
    ['a pool without query', { pool: { connect: async () => undefined } }],
    ['a pool without connect', { pool: { query: async () => ({ rows: [] }) } }],
  ])('refuses %s as invalid-options naming the pg Pool', (_name, options) => {
    expect(() => createPostgresStore(untyped(options))).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('createPostgresStore needs { pool }') }));
  });

  it('prepares its statements by default (each sent under a name), and sends the migration whole', async () => {
    const { pool, sent } = standInPool();
    const store = createPostgresStore({ pool });
    await store.add({ viewerId: 'ada', sessionId: 'ses_1', lifetimeMs: 1000, signOutsSeen: 0, leaseMs: 1000 });
    expect(sent.find((entry) => entry.key === 'add')?.name).toMatch(/^svc-embed-/);
    await store.ensureSchema();
    expect(sent.filter((entry) => entry.key !== 'add' && entry.name !== undefined)).toEqual([]);
  });
});

describe("each operation's failure names the operation", () => {
  const operations: [string, (store: ReturnType<typeof createPostgresStore>) => Promise<unknown>][] = [
    ['ensureSchema', (store) => store.ensureSchema()],
    ['countMint', (store) => store.countMint({ viewerId: 'ada', now: 5000, windowMs: 1000 })],
    ['add', (store) => store.add({ viewerId: 'ada', sessionId: 'ses_1', lifetimeMs: 1000, signOutsSeen: 0, leaseMs: 1000 })],
    ['claim', (store) => store.claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 1000 })],
    ['signOut', (store) => store.signOut({ viewerId: 'ada', leaseMs: 1000, rememberMs: 1000 })],
    ['claimPending', (store) => store.claimPending({ viewerId: 'ada', leaseMs: 1000 })],
    ['settle', (store) => store.settle({ viewerId: 'ada', revoked: [], failed: [], retry: RETRY })],
    ['hint', (store) => store.hint('ada')],
    ['dropHint', (store) => store.dropHint({ viewerId: 'ada', token: 't' })],
    ['listHints', (store) => store.listHints({ cursor: '0', count: 10 })],
    ['countPending', (store) => store.countPending()],
    ['horizon', (store) => store.horizon()],
    ['cleanExpired', (store) => store.cleanExpired()],
  ];
  it.each(operations)('%s', async (name, operation) => {
    const { pool } = standInPool(() => {
      throw new Error('boom');
    });
    await expect(operation(createPostgresStore({ pool }))).rejects.toThrow(expect.objectContaining({ reason: 'failed', message: `The Postgres store's ${name} failed (boom); check the database's log` }));
  });
});

describe('replies of another shape', () => {
  it('countMint without a row back rejects as failed, naming the table', async () => {
    const { pool } = standInPool();
    await expect(createPostgresStore({ pool }).countMint({ viewerId: 'ada', now: 5000, windowMs: 1000 })).rejects.toThrow(
      expect.objectContaining({ reason: 'failed', message: "The Postgres store's countMint got no row back; is the ledger_viewers table someone else's?" }),
    );
  });

  it('add with no row back is recorded (not signed out)', async () => {
    const { pool } = standInPool();
    await expect(createPostgresStore({ pool }).add({ viewerId: 'ada', sessionId: 'ses_1', lifetimeMs: 1000, signOutsSeen: 0, leaseMs: 1000 })).resolves.toBe('recorded');
  });

  it.each(['claimed', 'reclaimed', 'held'])('claim passes on the outcome %s', async (outcome) => {
    const { pool } = standInPool((key) => (key === 'claim' ? [{ outcome }] : [{ now: 1 }]));
    await expect(createPostgresStore({ pool }).claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 1000 })).resolves.toBe(outcome);
  });

  it('claim takes an outcome it does not know as absent', async () => {
    const { pool } = standInPool((key) => (key === 'claim' ? [{ outcome: 'surprise' }] : [{ now: 1 }]));
    await expect(createPostgresStore({ pool }).claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 1000 })).resolves.toBe('absent');
  });

  it('countPending with no row back is an empty backlog', async () => {
    const { pool } = standInPool();
    await expect(createPostgresStore({ pool }).countPending()).resolves.toEqual({ ids: 0, oldestAgeMs: null });
  });
});

describe('the sweep', () => {
  it('claims nothing, and sends no claim, for a viewer another instance holds (its own sweep or sign-out takes the ids)', async () => {
    const { pool, count } = standInPool((key) => (key === 'claimPending' ? [{ session_id: 'ses_1' }] : []));
    await expect(createPostgresStore({ pool }).claimPending({ viewerId: 'ada', leaseMs: 1000 })).resolves.toEqual({ ids: [], reclaimed: [] });
    expect(count('claimPending')).toBe(0);
  });

  it('gives the ids it claimed in order, whatever order the database returned them in', async () => {
    const { pool } = standInPool((key) => (key === 'claimPending' ? [{ session_id: 'ses_b' }, { session_id: 'ses_c' }, { session_id: 'ses_a' }] : [{ now: 1 }]));
    await expect(createPostgresStore({ pool }).claimPending({ viewerId: 'ada', leaseMs: 1000 })).resolves.toEqual({ ids: ['ses_a', 'ses_b', 'ses_c'], reclaimed: ['ses_a', 'ses_b', 'ses_c'] });
  });
});

describe("listHints' pages", () => {
  const hints = (...viewers: string[]) => viewers.map((viewer) => ({ viewer_id: viewer, token: `t_${viewer}` }));

  it.each([
    [0, 1],
    [2.7, 2],
    [5, 5],
  ])('asks for count %s as a page of %s', async (count, size) => {
    const { pool, sent } = standInPool();
    await createPostgresStore({ pool }).listHints({ cursor: '0', count });
    expect(sent.find((entry) => entry.key === 'listHints')?.values).toEqual([null, size]);
  });

  it('a full page continues after its last viewer', async () => {
    const { pool } = standInPool(() => hints('ada', 'bob', 'cy'));
    const page = await createPostgresStore({ pool }).listHints({ cursor: '0', count: 3 });
    expect(page.cursor).toBe('after:cy');
  });

  it('a short page is the last (cursor 0)', async () => {
    const { pool } = standInPool(() => hints('ada', 'bob'));
    const page = await createPostgresStore({ pool }).listHints({ cursor: 'after:a', count: 3 });
    expect(page).toEqual({ hints: [{ viewerId: 'ada', token: 't_ada' }, { viewerId: 'bob', token: 't_bob' }], cursor: '0' });
  });
});

describe('the horizon, read again once when its mark is not visible yet', () => {
  const reads = (...rows: (PostgresRow | undefined)[]) => {
    let index = 0;
    return standInPool((key) => {
      if (key !== 'horizon') return [];
      const row = rows[index];
      index += 1;
      return row ? [row] : [];
    });
  };

  it.each([
    ['no row', undefined],
    ['a null mark', { since: null, now: '7' }],
    ['a row without the mark', { now: '7' }],
  ])('after %s, the second read', async (_name, first) => {
    const { pool, count } = reads(first, { since: '100', now: '200' });
    await expect(createPostgresStore({ pool }).horizon()).resolves.toEqual({ since: 100, now: 200 });
    expect(count('horizon')).toBe(2);
  });

  it('rejects as failed after two reads without a mark, naming the table', async () => {
    const { pool, count } = reads(undefined, undefined, { since: '100', now: '200' });
    await expect(createPostgresStore({ pool }).horizon()).rejects.toThrow(
      expect.objectContaining({ reason: 'failed', message: "The Postgres store's horizon found no mark after writing one; is the ledger_meta table someone else's?" }),
    );
    expect(count('horizon')).toBe(2);
  });
});

describe('the clean-up in bounded batches', () => {
  it('stops each table at the first short batch', async () => {
    const { pool, sent } = standInPool((key) => (key === 'cleanIds' || key === 'cleanViewers' ? [{ count: '3' }] : []));
    await expect(createPostgresStore({ pool }).cleanExpired()).resolves.toBe(6);
    expect(sent.map((entry) => entry.key)).toEqual(['cleanIds', 'cleanViewers']);
  });

  it('runs at most 20 full batches of each table, then stops', async () => {
    const { pool, count } = standInPool((key) => {
      if (count(key) > 100) throw new Error('no end to the batches');
      return [{ count: '500' }];
    });
    await expect(createPostgresStore({ pool }).cleanExpired()).resolves.toBe(2 * 20 * 500);
    expect([count('cleanIds'), count('cleanViewers')]).toEqual([20, 20]);
  });

  it('counts a batch without a row back as none deleted', async () => {
    const { pool } = standInPool();
    await expect(createPostgresStore({ pool }).cleanExpired()).resolves.toBe(0);
  });
});

describe("the clean-up each instance runs by itself, on the instance's clock", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs on the first operation once exactly POSTGRES_CLEAN_INTERVAL_MS has passed', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const { pool, count } = standInPool();
    const store = createPostgresStore({ pool });
    now.mockReturnValue(1_000_000 + POSTGRES_CLEAN_INTERVAL_MS - 1);
    await store.add(ADA);
    expect(count('cleanIds')).toBe(0);
    now.mockReturnValue(1_000_000 + POSTGRES_CLEAN_INTERVAL_MS);
    await store.add(ADA);
    await expect.poll(() => count('cleanViewers')).toBe(1);
  });

  it('drops its failure when no reporter is set (nothing thrown, no unhandled rejection)', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
      let failing: (() => void) | undefined;
      const failed = new Promise<void>((resolve) => {
        failing = resolve;
      });
      const { pool } = standInPool((key) => {
        if (key !== 'cleanIds') return [];
        failing?.();
        throw new Error('boom');
      });
      const store = createPostgresStore({ pool });
      now.mockReturnValue(1_000_000 + POSTGRES_CLEAN_INTERVAL_MS);
      await store.add(ADA);
      await failed;
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
