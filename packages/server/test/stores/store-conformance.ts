// The conformance suite every `SessionStore` passes: the memory store (memory-store.node.test.ts)
// and the Redis store (redis-store.node.test.ts). It checks what the endpoint relies on: an id
// leaves a ledger only when settled as revoked (or expired); a claim leases, never deletes, and a
// retry takes an earlier claim over once its lease lapsed; a held id (lease or backoff not over) is
// claimed by no one, so parallel sign-outs merge (each id claimed once); a failed revocation backs
// off (exponentially, capped, with jitter, on the store's clock) before the sweep may take it; a sign-out
// moves the viewer's sign-out moment on so a mint in flight is refused; the mint counters keep a
// constant amount of state; the hints index; and all of it under concurrency and across two
// instances sharing one store. The suite passes durations only (lifetimes, leases): expiry and
// leases run on the store's own clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RetrySchedule, SessionStore, SignedOutIds } from '../../src/index.js';
import { HOUR } from '../support/clock.js';
import { sorted } from '../support/endpoint-fixture.js';

/** One store made for one test, and how the suite drives it. */
export interface StoreUnderTest {
  /** The store, empty. */
  store: SessionStore;
  /**
   * A second handle on the same data, as a second server instance has it (Redis: its own client on
   * the same server and prefix). Default: `store` itself.
   */
  secondInstance?: SessionStore;
  /** The clock the suite gives `countMint` (the mint window is the one time the endpoint passes). Default `Date.now`. */
  now?: () => number;
  /** Lets `ms` pass on the store's clock (a manual clock advances; a real one is waited for). Default: a real wait. */
  elapse?: (ms: number) => Promise<void>;
  /** How many values the store holds for one viewer (ids, counters, sign-out moment), for the constant-state rule. */
  stateSize(viewerId: string): Promise<number>;
  /**
   * Loses the store's data as a flush, a lost failover or a restart would (Redis: every key under the
   * prefix deleted; memory: a new store, as a restarted process makes), and resolves with the store
   * to use from then on. Left out where the harness cannot (the cluster): the horizon's flush rule
   * is then not checked there.
   */
  lose?(): Promise<SessionStore>;
  /** Releases everything the test made (connections, servers, keys). */
  stop(): Promise<void>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the suite's groups get: the current store and its clock. */
interface Suite {
  store: () => SessionStore;
  second: () => SessionStore;
  now: () => number;
  elapse: (ms: number) => Promise<void>;
  stateSize: (viewerId: string) => Promise<number>;
  /** Loses the data (see {@link StoreUnderTest.lose}); `false` when the harness cannot. */
  lose: () => Promise<boolean>;
}

/**
 * Declares the `SessionStore` conformance suite for one store. `makeStore` gives a fresh, empty store
 * for each test; the suite calls `stop()` after it.
 * @example
 * describeStoreConformance('memory store', async () => ({ store: createMemoryStore(), stateSize: ..., stop: async () => {} }));
 */
export function describeStoreConformance(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`SessionStore conformance: ${name}`, () => {
    let made: StoreUnderTest | undefined;
    const current = (): StoreUnderTest => {
      if (!made) throw new Error('the store was not made: beforeEach failed');
      return made;
    };
    const now = () => (current().now ?? Date.now)();
    const suite: Suite = {
      store: () => current().store,
      second: () => current().secondInstance ?? current().store,
      now,
      elapse: (ms) => (current().elapse ?? realWait)(ms),
      stateSize: (viewerId) => current().stateSize(viewerId),
      lose: async () => {
        const made = current();
        if (!made.lose) return false;
        const fresh = await made.lose();
        made.store = fresh;
        return true;
      },
    };
    beforeEach(async () => {
      made = await makeStore();
    });
    afterEach(async () => {
      const done = made;
      made = undefined;
      await done?.stop();
    });
    describeLedger(suite);
    describeDurableClaims(suite);
    describeExpiry(suite);
    describeSignOutMoment(suite);
    describeMintCount(suite);
    describeHints(suite);
    describePendingCount(suite);
    describeConcurrency(suite);
    describeHorizon(suite);
    describeBackoff(suite);
  });
}

/** A backoff of nothing: a failed id is due at once. */
const AT_ONCE: RetrySchedule = { firstMs: 0, maxMs: 0, jitter: 0 };

/** Records ids for `viewerId` as live (the sign-out moment seen: none). */
async function addLive(suite: Suite, viewerId: string, ids: readonly string[], lifetimeMs = HOUR): Promise<void> {
  for (const sessionId of ids) {
    expect(await suite.store().add({ viewerId, sessionId, lifetimeMs, signOutsSeen: 0, leaseMs: 60_000 })).toBe('recorded');
  }
}

/** Signs `viewerId` out with a lease of a minute (or `leaseMs`); resolves with the ids claimed and held. */
const signOut = (suite: Suite, viewerId: string, store = suite.store(), leaseMs = 60_000) =>
  store.signOut({ viewerId, leaseMs, rememberMs: HOUR });

/** What a sign-out claims of an empty ledger. */
const NOTHING = { ids: [], reclaimed: [], held: [] };

function describeLedger(suite: Suite): void {
  describe('the ledger', () => {
    it('claims a recorded id (claimed), then not again while its lease holds (held), and answers absent once it is settled as revoked', async () => {
      await addLive(suite, 'ada', ['ses_1']);
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 60_000 })).toBe('claimed');
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 60_000 })).toBe('held');
      expect(await suite.store().settle({ viewerId: 'ada', revoked: ['ses_1'], failed: [], retry: AT_ONCE })).toEqual([]);
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 60_000 })).toBe('absent');
    });

    it('answers absent for an id never recorded, and a sign-out of an empty ledger claims nothing', async () => {
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_never', leaseMs: 60_000 })).toBe('absent');
      expect(await signOut(suite, 'nobody')).toEqual(NOTHING);
    });

    it("never lets one viewer claim another viewer's id, which stays the owner's", async () => {
      await addLive(suite, 'ada', ['ses_ada']);
      expect(await suite.store().claim({ viewerId: 'bob', sessionId: 'ses_ada', leaseMs: 60_000 })).toBe('absent');
      expect(await signOut(suite, 'bob')).toEqual(NOTHING);
      expect(await suite.store().settle({ viewerId: 'bob', revoked: ['ses_ada'], failed: [], retry: AT_ONCE })).toEqual([]);
      expect((await signOut(suite, 'ada')).ids).toEqual(['ses_ada']);
    });

    it('keeps viewers apart whose ids share a prefix or hold separators, braces and other characters', async () => {
      const viewers = ['ada', 'ada:x', 'ada*', 'a', 'ünï code/{x}', '}ada{', '%7Bada%7D', '{ada}', 'ada\nbob', 'user:17:ses'];
      for (const viewer of viewers) await addLive(suite, viewer, [`ses_${viewer}`]);
      for (const viewer of viewers) expect((await signOut(suite, viewer)).ids, JSON.stringify(viewer)).toEqual([`ses_${viewer}`]);
    });

    it('records an id added twice once', async () => {
      await addLive(suite, 'ada', ['ses_1', 'ses_1']);
      expect((await signOut(suite, 'ada')).ids).toEqual(['ses_1']);
    });
  });
}

function describeDurableClaims(suite: Suite): void {
  describe('claims lease, they never delete', () => {
    it('keeps every id a sign-out claimed until it is settled: a second sign-out while the lease holds claims none (held); once it lapsed, it claims them again, as retries', async () => {
      await addLive(suite, 'ada', ['ses_1', 'ses_2', 'ses_3']);
      await addLive(suite, 'bob', ['ses_bob']);
      expect(await signOut(suite, 'ada', suite.store(), 150)).toEqual({ ids: expect.any(Array), reclaimed: [], held: [] });
      const merged = await signOut(suite, 'ada', suite.second());
      expect(merged.ids).toEqual([]);
      expect(sorted(merged.held)).toEqual(['ses_1', 'ses_2', 'ses_3']);
      await suite.elapse(400);
      const again = await signOut(suite, 'ada');
      expect(sorted(again.ids)).toEqual(['ses_1', 'ses_2', 'ses_3']);
      expect(sorted(again.reclaimed)).toEqual(['ses_1', 'ses_2', 'ses_3']);
      expect(again.held).toEqual([]);
      expect(await suite.store().settle({ viewerId: 'ada', revoked: ['ses_1', 'ses_2', 'ses_3'], failed: [], retry: AT_ONCE })).toEqual([]);
      expect(await signOut(suite, 'ada')).toEqual(NOTHING);
      expect((await signOut(suite, 'bob')).ids).toEqual(['ses_bob']);
    });

    it('settles: revoked ids leave, failed ones stay and are due after their backoff (none here) for the sweep; the answer lists what is pending', async () => {
      await addLive(suite, 'ada', ['ses_1', 'ses_2', 'ses_3']);
      await signOut(suite, 'ada');
      expect(await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 })).toEqual({ ids: [], reclaimed: [] });
      expect(await suite.store().settle({ viewerId: 'ada', revoked: ['ses_1'], failed: ['ses_2'], retry: AT_ONCE })).toEqual(expect.arrayContaining(['ses_2', 'ses_3']));
      const due = await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 });
      expect(due).toEqual({ ids: ['ses_2'], reclaimed: ['ses_2'] });
      expect(await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 })).toEqual({ ids: [], reclaimed: [] });
    });

    it('hands an id whose lease lapsed to the sweep, and never a live one', async () => {
      await addLive(suite, 'ada', ['ses_live', 'ses_claimed']);
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_claimed', leaseMs: 150 })).toBe('claimed');
      expect((await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 })).ids).toEqual([]);
      await suite.elapse(400);
      expect((await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 })).ids).toEqual(['ses_claimed']);
      expect(sorted(await suite.store().settle({ viewerId: 'ada', revoked: [], failed: [], retry: AT_ONCE }))).toEqual(['ses_claimed']);
    });

    it('releases only pending ids: a failed settlement of a live id leaves it live', async () => {
      await addLive(suite, 'ada', ['ses_live']);
      expect(await suite.store().settle({ viewerId: 'ada', revoked: [], failed: ['ses_live'], retry: AT_ONCE })).toEqual([]);
      expect((await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 })).ids).toEqual([]);
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_live', leaseMs: 60_000 })).toBe('claimed');
    });
  });
}

function describeExpiry(suite: Suite): void {
  describe('expiry', () => {
    it('never records or gives out an id whose lifetime is over already (0 ms)', async () => {
      expect(await suite.store().add({ viewerId: 'ada', sessionId: 'ses_old', lifetimeMs: 0, signOutsSeen: 0, leaseMs: 60_000 })).toBe('recorded');
      await addLive(suite, 'ada', ['ses_live']);
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_old', leaseMs: 60_000 })).toBe('absent');
      expect((await signOut(suite, 'ada')).ids).toEqual(['ses_live']);
    });

    it('lets ids leave the ledger by themselves once their time is up, live or pending, and keeps the others', async () => {
      await addLive(suite, 'ada', ['ses_short'], 150);
      await addLive(suite, 'ada', ['ses_long']);
      await addLive(suite, 'bob', ['ses_short_bob'], 150);
      await signOut(suite, 'bob');
      await suite.elapse(400);
      expect(await suite.store().claimPending({ viewerId: 'bob', leaseMs: 60_000 })).toEqual({ ids: [], reclaimed: [] });
      expect(await suite.store().settle({ viewerId: 'bob', revoked: [], failed: [], retry: AT_ONCE })).toEqual([]);
      expect((await signOut(suite, 'ada')).ids).toEqual(['ses_long']);
    });

    it('keeps an id live until its lifetime is over', async () => {
      await addLive(suite, 'ada', ['ses_1'], 60_000);
      await suite.elapse(100);
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 60_000 })).toBe('claimed');
    });
  });
}

function describeSignOutMoment(suite: Suite): void {
  describe('the sign-out moment', () => {
    it('refuses an id minted across a sign-out: recorded as pending, claimed by the next sign-out or the sweep', async () => {
      const seen = (await suite.store().countMint({ viewerId: 'ada', now: suite.now(), windowMs: 60_000 })).signOuts;
      await signOut(suite, 'ada');
      expect(await suite.store().add({ viewerId: 'ada', sessionId: 'ses_late', lifetimeMs: HOUR, signOutsSeen: seen, leaseMs: 150 })).toBe('signed-out');
      expect(await suite.store().settle({ viewerId: 'ada', revoked: [], failed: [], retry: AT_ONCE })).toEqual(['ses_late']);
      await suite.elapse(400);
      expect((await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 })).ids).toEqual(['ses_late']);
    });

    it('moves on with every sign-out, on either instance, and lets a mint that started after it record its id', async () => {
      const count = async () => (await suite.store().countMint({ viewerId: 'ada', now: suite.now(), windowMs: 60_000 })).signOuts;
      const before = await count();
      await signOut(suite, 'ada', suite.second());
      const after = await count();
      expect(after).not.toBe(before);
      expect(await suite.store().add({ viewerId: 'ada', sessionId: 'ses_new', lifetimeMs: HOUR, signOutsSeen: after, leaseMs: 60_000 })).toBe('recorded');
      expect((await suite.store().countMint({ viewerId: 'bob', now: suite.now(), windowMs: 60_000 })).signOuts).toBe(0);
    });
  });
}

function describeMintCount(suite: Suite): void {
  describe('countMint', () => {
    const count = (viewerId: string, now: number, windowMs = 1000) => suite.store().countMint({ viewerId, now, windowMs });

    it('counts the attempts of the current window and keeps the one before as a number', async () => {
      const start = Math.ceil(suite.now() / 1000) * 1000;
      expect(await count('ada', start + 100)).toEqual({ windowStart: start, current: 1, previous: 0, signOuts: 0 });
      expect(await count('ada', start + 500)).toEqual({ windowStart: start, current: 2, previous: 0, signOuts: 0 });
      expect(await count('ada', start + 1200)).toEqual({ windowStart: start + 1000, current: 1, previous: 2, signOuts: 0 });
      expect(await count('ada', start + 1900)).toEqual({ windowStart: start + 1000, current: 2, previous: 2, signOuts: 0 });
      expect(await count('ada', start + 3500)).toEqual({ windowStart: start + 3000, current: 1, previous: 0, signOuts: 0 });
    });

    it('counts each viewer apart', async () => {
      const start = Math.ceil(suite.now() / 1000) * 1000;
      await count('ada', start);
      await count('ada', start + 1);
      expect(await count('bob', start + 2)).toEqual({ windowStart: start, current: 1, previous: 0, signOuts: 0 });
    });

    it('counts every one of concurrent attempts at the same moment', async () => {
      const t = suite.now();
      const counts = await Promise.all(Array.from({ length: 20 }, () => count('ada', t, 60_000)));
      expect(counts.map(({ current }) => current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    });

    it('keeps a constant amount of state per viewer, however many attempts', async () => {
      const t = suite.now();
      await count('ada', t, 60_000);
      const afterOne = await suite.stateSize('ada');
      for (let batch = 0; batch < 10; batch += 1) await Promise.all(Array.from({ length: 100 }, () => count('ada', t, 60_000)));
      expect((await count('ada', t, 60_000)).current).toBe(1002);
      expect(await suite.stateSize('ada')).toBe(afterOne);
    });

    it('keeps the counters apart from the ledger', async () => {
      await count('ada', suite.now(), 60_000);
      expect(await signOut(suite, 'ada')).toEqual(NOTHING);
    });
  });
}

function describeHints(suite: Suite): void {
  describe('the hints index', () => {
    const allHints = async () => {
      const hints = new Map<string, string>();
      let cursor = '0';
      do {
        const page = await suite.store().listHints({ cursor, count: 10 });
        for (const hint of page.hints) hints.set(hint.viewerId, hint.token);
        cursor = page.cursor;
      } while (cursor !== '0');
      return hints;
    };

    it('lists a hinted viewer with the latest token, and drops the hint only with that token', async () => {
      const first = await suite.store().hint('ada');
      const second = await suite.second().hint('ada');
      expect(second).not.toBe(first);
      expect((await allHints()).get('ada')).toBe(second);
      await suite.store().dropHint({ viewerId: 'ada', token: first });
      expect((await allHints()).get('ada')).toBe(second);
      await suite.store().dropHint({ viewerId: 'ada', token: second });
      expect((await allHints()).has('ada')).toBe(false);
    });

    it('lists every hint across pages', async () => {
      const viewers = Array.from({ length: 250 }, (_, index) => `viewer-${index}`);
      await Promise.all(viewers.map((viewer) => suite.store().hint(viewer)));
      expect(sorted([...(await allHints()).keys()])).toEqual(sorted(viewers));
    });
  });
}

/** Hints the viewer, then signs them out, as the endpoint does: the backlog counts hinted viewers. */
async function hintedSignOut(suite: Suite, viewerId: string): Promise<SignedOutIds> {
  await suite.store().hint(viewerId);
  return signOut(suite, viewerId);
}

function describePendingCount(suite: Suite): void {
  describe('countPending', () => {
    it('counts nothing in an empty store, and no live id', async () => {
      expect(await suite.store().countPending()).toEqual({ ids: 0, oldestAgeMs: null });
      await addLive(suite, 'ada', ['ses_live']);
      await suite.store().hint('ada');
      expect(await suite.store().countPending()).toEqual({ ids: 0, oldestAgeMs: null });
    });

    it('counts the pending ids of every viewer, and ids leave it once revoked', async () => {
      await addLive(suite, 'ada', ['ses_1', 'ses_2']);
      await addLive(suite, 'bob', ['ses_bob']);
      await hintedSignOut(suite, 'ada');
      await hintedSignOut(suite, 'bob');
      expect((await suite.second().countPending()).ids).toBe(3);
      await suite.store().settle({ viewerId: 'ada', revoked: ['ses_1'], failed: ['ses_2'], retry: AT_ONCE });
      expect((await suite.store().countPending()).ids).toBe(2);
      await suite.store().settle({ viewerId: 'bob', revoked: ['ses_bob'], failed: [], retry: AT_ONCE });
      expect((await suite.store().countPending()).ids).toBe(1);
    });

    it('ages the oldest from the claim that made it pending: a failure, a retry and a sweep keep that moment', async () => {
      await addLive(suite, 'ada', ['ses_old']);
      await addLive(suite, 'bob', ['ses_new']);
      await hintedSignOut(suite, 'ada');
      await suite.elapse(300);
      const failOld = () => suite.store().settle({ viewerId: 'ada', revoked: [], failed: ['ses_old'], retry: AT_ONCE });
      await failOld();
      expect(await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 })).toEqual({ ids: ['ses_old'], reclaimed: ['ses_old'] });
      await failOld();
      expect((await hintedSignOut(suite, 'ada')).reclaimed).toEqual(['ses_old']);
      await failOld();
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_old', leaseMs: 60_000 })).toBe('reclaimed');
      await hintedSignOut(suite, 'bob');
      const both = await suite.store().countPending();
      expect(both.ids).toBe(2);
      expect(both.oldestAgeMs).toBeGreaterThanOrEqual(280);
      expect(both.oldestAgeMs).toBeLessThan(HOUR);
      await suite.store().settle({ viewerId: 'ada', revoked: ['ses_old'], failed: [], retry: AT_ONCE });
      const newer = await suite.store().countPending();
      expect(newer.ids).toBe(1);
      expect(newer.oldestAgeMs).toBeLessThan(both.oldestAgeMs ?? 0);
    });

    it('ages an id refused by a sign-out from its record, and leaves out pending ids whose lifetime is over', async () => {
      await addLive(suite, 'ada', ['ses_short'], 150);
      await hintedSignOut(suite, 'ada');
      expect(await suite.store().add({ viewerId: 'ada', sessionId: 'ses_refused', lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: 60_000 })).toBe('signed-out');
      expect((await suite.store().countPending()).ids).toBe(2);
      await suite.elapse(400);
      const left = await suite.store().countPending();
      expect(left.ids).toBe(1);
      expect(left.oldestAgeMs).toBeGreaterThanOrEqual(380);
    });
  });
}

function describeConcurrency(suite: Suite): void {
  describe('concurrency', () => {
    it('gives claimed to exactly one of 50 parallel claims of one id, held to the others', async () => {
      await addLive(suite, 'ada', ['ses_1']);
      const answers = await Promise.all(Array.from({ length: 50 }, (_, index) =>
        (index % 2 ? suite.second() : suite.store()).claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 60_000 })));
      expect(answers.filter((answer) => answer === 'claimed')).toHaveLength(1);
      expect(answers.filter((answer) => answer === 'held')).toHaveLength(49);
    });

    it('merges parallel sign-outs and claims on two instances: each of 30 ids is claimed by exactly one, the others find it held', async () => {
      const ids = Array.from({ length: 30 }, (_, index) => `ses_${index}`);
      await addLive(suite, 'ada', ids);
      const signOuts = Array.from({ length: 20 }, (_, index) => signOut(suite, 'ada', index % 2 ? suite.second() : suite.store()));
      const claims = ids.slice(0, 4).map((sessionId, index) =>
        (index % 2 ? suite.second() : suite.store()).claim({ viewerId: 'ada', sessionId, leaseMs: 60_000 }));
      const [outs, answers] = await Promise.all([Promise.all(signOuts), Promise.all(claims)]);
      const claimedByClaims = ids.slice(0, 4).filter((_, index) => answers[index] === 'claimed');
      const claimed = [...outs.flatMap(({ ids: taken }) => taken), ...claimedByClaims];
      expect(sorted(claimed)).toEqual(sorted(ids));
      for (const out of outs) expect(sorted([...out.ids, ...out.held])).toEqual(sorted(ids));
      expect(outs.flatMap(({ reclaimed }) => reclaimed)).toEqual([]);
    });

    it('gives each due id to exactly one of parallel sweeps on two instances', async () => {
      const ids = Array.from({ length: 30 }, (_, index) => `ses_${index}`);
      await addLive(suite, 'ada', ids);
      await signOut(suite, 'ada');
      await suite.store().settle({ viewerId: 'ada', revoked: [], failed: ids, retry: AT_ONCE });
      const sweeps = await Promise.all(Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? suite.second() : suite.store()).claimPending({ viewerId: 'ada', leaseMs: 60_000 })));
      expect(sorted(sweeps.flatMap(({ ids: taken }) => taken))).toEqual(sorted(ids));
    });

    it('loses no id when sign-outs race adds: every id recorded before a sign-out is claimed by one, every later one is refused', async () => {
      const ids = Array.from({ length: 50 }, (_, index) => `ses_${index}`);
      const adds = ids.map((sessionId, index) =>
        (index % 2 ? suite.second() : suite.store()).add({ viewerId: 'ada', sessionId, lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: 60_000 }));
      const signOuts = Array.from({ length: 5 }, (_, index) => signOut(suite, 'ada', index % 2 ? suite.second() : suite.store()));
      const [added, claims] = await Promise.all([Promise.all(adds), Promise.all(signOuts)]);
      const claimed = new Set(claims.flatMap(({ ids: taken }) => taken));
      const recorded = ids.filter((_, index) => added[index] === 'recorded');
      expect(recorded.filter((id) => !claimed.has(id))).toEqual([]);
      const final = await signOut(suite, 'ada');
      expect(sorted([...final.ids, ...final.held])).toEqual(sorted(ids));
    });

    it('shares ledgers, counters and sign-out moments between two instances', async () => {
      await addLive(suite, 'ada', ['ses_1']);
      expect(await suite.second().claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 60_000 })).toBe('claimed');
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 60_000 })).toBe('held');
      const t = suite.now();
      await suite.store().countMint({ viewerId: 'bob', now: t, windowMs: 60_000 });
      expect((await suite.second().countMint({ viewerId: 'bob', now: t + 1, windowMs: 60_000 })).current).toBe(2);
    });
  });
}

function describeHorizon(suite: Suite): void {
  describe('the ledger horizon', () => {
    it('knows since when its ledger is whole: at or before its now, the same for both instances and on every call', async () => {
      const first = await suite.store().horizon();
      expect(first.since).toBeLessThanOrEqual(first.now);
      await addLive(suite, 'ada', ['ses_1']);
      await signOut(suite, 'ada');
      await suite.elapse(50);
      const again = await suite.second().horizon();
      expect(again.since).toBe(first.since);
      expect(again.now).toBeGreaterThanOrEqual(first.now + 50);
    });

    it('moves its horizon to now when it loses its data (a flush, a lost failover, a restart): ids recorded before may be live and unknown', async () => {
      await addLive(suite, 'ada', ['ses_1']);
      const before = await suite.store().horizon();
      await suite.elapse(50);
      if (!(await suite.lose())) return; // the harness cannot lose this store's data (see StoreUnderTest.lose)
      expect((await signOut(suite, 'ada')).ids).toEqual([]);
      const after = await suite.store().horizon();
      expect(after.since).toBeGreaterThanOrEqual(before.since + 50);
      expect(after.since).toBeLessThanOrEqual(after.now);
      expect((await suite.second().horizon()).since).toBe(after.since);
    });
  });
}

function describeBackoff(suite: Suite): void {
  describe('a failed revocation backs off', () => {
    /** Claims the pending ids of ada that are due (leased for a minute). */
    const due = async () => (await suite.store().claimPending({ viewerId: 'ada', leaseMs: 60_000 })).ids;
    const fail = (ids: string[], retry: RetrySchedule) => suite.store().settle({ viewerId: 'ada', revoked: [], failed: ids, retry });

    it('is not due again at once: held (from claims, sign-outs and sweeps) until its backoff is over, then due', async () => {
      await addLive(suite, 'ada', ['ses_1']);
      await signOut(suite, 'ada');
      expect(await fail(['ses_1'], { firstMs: 300, maxMs: 10_000, jitter: 0 })).toEqual(['ses_1']);
      expect(await due()).toEqual([]);
      expect(await suite.store().claim({ viewerId: 'ada', sessionId: 'ses_1', leaseMs: 60_000 })).toBe('held');
      expect(await signOut(suite, 'ada', suite.second())).toEqual({ ids: [], reclaimed: [], held: ['ses_1'] });
      await suite.elapse(500);
      expect(await due()).toEqual(['ses_1']);
    });

    it('doubles with each failure of the id, up to maxMs', async () => {
      await addLive(suite, 'ada', ['ses_1']);
      await signOut(suite, 'ada');
      const retry = { firstMs: 200, maxMs: 500, jitter: 0 };
      await fail(['ses_1'], retry);
      await suite.elapse(300);
      expect(await due()).toEqual(['ses_1']);
      await fail(['ses_1'], retry);
      await suite.elapse(300);
      expect(await due(), 'the second failure backs off 400 ms').toEqual([]);
      await suite.elapse(300);
      expect(await due()).toEqual(['ses_1']);
      await fail(['ses_1'], retry);
      await suite.elapse(650);
      expect(await due(), 'the third failure backs off maxMs (500 ms), not 800 ms').toEqual(['ses_1']);
    });

    it('shortens the delay by up to half with the jitter', async () => {
      await addLive(suite, 'ada', ['ses_1', 'ses_2']);
      await signOut(suite, 'ada');
      await fail(['ses_1'], { firstMs: 800, maxMs: 800, jitter: 0.99 });
      await fail(['ses_2'], { firstMs: 800, maxMs: 800, jitter: 0 });
      await suite.elapse(600);
      expect(await due()).toEqual(['ses_1']);
    });

    it('counts failures per id: the second failure of one id backs off twice as long as the first of another', async () => {
      await addLive(suite, 'ada', ['ses_1', 'ses_2']);
      await signOut(suite, 'ada');
      const retry = { firstMs: 200, maxMs: 10_000, jitter: 0 };
      await fail(['ses_1'], retry);
      await suite.elapse(300);
      expect(await due()).toEqual(['ses_1']);
      await fail(['ses_1', 'ses_2'], retry);
      await suite.elapse(300);
      expect(await due()).toEqual(['ses_2']);
    });
  });
}
