// The conformance suite every `SessionStore` passes: the memory store here
// (memory-store.node.test.ts) and the Redis store (its own test file calls this function). It checks
// what the endpoint relies on: an id recorded is claimed by exactly one caller, by its own viewer only,
// never after it expired; claimAll takes every live id at once; countMint keeps two counters;
// and all of it holds under concurrency and across two instances sharing one store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore } from '../src/index.js';

/** One store made for one test, and how the suite drives it. */
export interface StoreUnderTest {
  /** The store, empty. */
  store: SessionStore;
  /**
   * A second handle on the same data, as a second server instance has it (Redis: its own client on
   * the same server and prefix). Default: `store` itself.
   */
  secondInstance?: SessionStore;
  /** The store's clock, epoch ms: expiry is judged against it. Default `Date.now`. */
  now?: () => number;
  /** Lets `ms` pass on the store's clock (a manual clock advances; a real one is waited for). Default: a real wait. */
  elapse?: (ms: number) => Promise<void>;
  /** How many values the store holds for one viewer (ids, counters), for the constant-state rule. */
  stateSize(viewerId: string): Promise<number>;
  /** Releases everything the test made (connections, servers, keys). */
  stop(): Promise<void>;
}

const HOUR = 60 * 60_000;
const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const sorted = (ids: string[]) => [...ids].sort();

/**
 * Declares the `SessionStore` conformance suite for one store. `makeStore` gives a fresh, empty store
 * for each test; the suite calls `stop()` after it.
 * @example
 * describeStoreConformance('memory store', async () => ({ store: createMemoryStore(), stop: async () => {} }));
 */
export function describeStoreConformance(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`SessionStore conformance: ${name}`, () => {
    let made: StoreUnderTest | undefined;
    const current = (): StoreUnderTest => {
      if (!made) throw new Error('the store was not made: beforeEach failed');
      return made;
    };
    const store = () => current().store;
    const now = () => (current().now ?? Date.now)();
    const elapse = (ms: number) => (current().elapse ?? realWait)(ms);
    const later = (ms = HOUR) => now() + ms;

    beforeEach(async () => {
      made = await makeStore();
    });
    afterEach(async () => {
      const done = made;
      made = undefined;
      await done?.stop();
    });

    describeLedger({ store, later });
    describeExpiry({ store, now, elapse, later });
    describeMintCount({ store, now, stateSize: (viewerId) => current().stateSize(viewerId) });
    describeConcurrency({ store, later, second: () => current().secondInstance ?? store() });
  });
}

interface SuiteParts {
  store: () => SessionStore;
  later: (ms?: number) => number;
}

function describeLedger({ store, later }: SuiteParts): void {
  describe('the ledger', () => {
    it('claims a recorded id once: true, then false', async () => {
      await store().add('ada', 'ses_1', later());
      expect(await store().claim('ada', 'ses_1')).toBe(true);
      expect(await store().claim('ada', 'ses_1')).toBe(false);
    });

    it('answers false for an id never recorded, and for an empty ledger', async () => {
      expect(await store().claim('ada', 'ses_never')).toBe(false);
      await store().add('ada', 'ses_1', later());
      expect(await store().claim('ada', 'ses_other')).toBe(false);
      expect(await store().claimAll('nobody')).toEqual([]);
    });

    it("never lets one viewer claim another viewer's id, which stays the owner's", async () => {
      await store().add('ada', 'ses_ada', later());
      expect(await store().claim('bob', 'ses_ada')).toBe(false);
      expect(await store().claimAll('bob')).toEqual([]);
      expect(await store().claim('ada', 'ses_ada')).toBe(true);
    });

    it('keeps viewers apart whose ids share a prefix or hold separators and other characters', async () => {
      const viewers = ['ada', 'ada:x', 'ada*', 'a', 'ünï code/{x}', 'ada\nbob', 'user:17:ses'];
      for (const viewer of viewers) await store().add(viewer, `ses_${viewer}`, later());
      for (const viewer of viewers) expect(await store().claimAll(viewer), JSON.stringify(viewer)).toEqual([`ses_${viewer}`]);
    });

    it('claimAll takes every id of the viewer at once, and leaves the ledger empty', async () => {
      await store().add('ada', 'ses_1', later());
      await store().add('ada', 'ses_2', later());
      await store().add('ada', 'ses_3', later());
      await store().add('bob', 'ses_bob', later());
      expect(sorted(await store().claimAll('ada'))).toEqual(['ses_1', 'ses_2', 'ses_3']);
      expect(await store().claimAll('ada')).toEqual([]);
      expect(await store().claim('ada', 'ses_2')).toBe(false);
      expect(await store().claim('bob', 'ses_bob')).toBe(true);
    });

    it('records an id added twice once', async () => {
      await store().add('ada', 'ses_1', later());
      await store().add('ada', 'ses_1', later());
      expect(await store().claimAll('ada')).toEqual(['ses_1']);
    });

    it('takes an id claimed alone out of claimAll', async () => {
      await store().add('ada', 'ses_1', later());
      await store().add('ada', 'ses_2', later());
      expect(await store().claim('ada', 'ses_1')).toBe(true);
      expect(await store().claimAll('ada')).toEqual(['ses_2']);
    });
  });
}

function describeExpiry({ store, now, elapse, later }: SuiteParts & { now: () => number; elapse: (ms: number) => Promise<void> }): void {
  describe('expiry', () => {
    it('never gives out an id whose expiresAt has passed', async () => {
      await store().add('ada', 'ses_old', now() - 1);
      await store().add('ada', 'ses_live', later());
      expect(await store().claim('ada', 'ses_old')).toBe(false);
      expect(await store().claimAll('ada')).toEqual(['ses_live']);
    });

    it('lets an id leave the ledger by itself once its time is up, and keeps the others', async () => {
      await store().add('ada', 'ses_short', later(150));
      await store().add('ada', 'ses_long', later());
      await store().add('bob', 'ses_short_bob', later(150));
      await elapse(400);
      expect(await store().claim('bob', 'ses_short_bob')).toBe(false);
      expect(await store().claimAll('ada')).toEqual(['ses_long']);
    });

    it('keeps an id live until its expiresAt', async () => {
      await store().add('ada', 'ses_1', later(60_000));
      await elapse(100);
      expect(await store().claim('ada', 'ses_1')).toBe(true);
    });
  });
}

function describeMintCount({ store, now, stateSize }: { store: () => SessionStore; now: () => number; stateSize: (viewerId: string) => Promise<number> }): void {
  describe('countMint', () => {
    const count = (viewerId: string, at: number, windowMs = 1000) => store().countMint({ viewerId, now: at, windowMs });

    it('counts the attempts of the current window and keeps the one before as a number', async () => {
      const start = Math.ceil(now() / 1000) * 1000;
      expect(await count('ada', start + 100)).toEqual({ windowStart: start, current: 1, previous: 0 });
      expect(await count('ada', start + 500)).toEqual({ windowStart: start, current: 2, previous: 0 });
      expect(await count('ada', start + 1200)).toEqual({ windowStart: start + 1000, current: 1, previous: 2 });
      expect(await count('ada', start + 1900)).toEqual({ windowStart: start + 1000, current: 2, previous: 2 });
      expect(await count('ada', start + 3500)).toEqual({ windowStart: start + 3000, current: 1, previous: 0 });
    });

    it('counts each viewer apart', async () => {
      const start = Math.ceil(now() / 1000) * 1000;
      await count('ada', start);
      await count('ada', start + 1);
      expect(await count('bob', start + 2)).toEqual({ windowStart: start, current: 1, previous: 0 });
    });

    it('counts every one of concurrent attempts at the same moment', async () => {
      const t = now();
      const counts = await Promise.all(Array.from({ length: 20 }, () => count('ada', t, 60_000)));
      expect(counts.map(({ current }) => current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    });

    it('keeps a constant amount of state per viewer, however many attempts', async () => {
      const t = now();
      await count('ada', t, 60_000);
      const afterOne = await stateSize('ada');
      for (let batch = 0; batch < 10; batch += 1) await Promise.all(Array.from({ length: 100 }, () => count('ada', t, 60_000)));
      expect((await count('ada', t, 60_000)).current).toBe(1002);
      expect(await stateSize('ada')).toBe(afterOne);
    });

    it('keeps the mint count apart from the ledger', async () => {
      await count('ada', now(), 60_000);
      expect(await store().claimAll('ada')).toEqual([]);
    });
  });
}

function describeConcurrency({ store, later, second }: SuiteParts & { second: () => SessionStore }): void {
  describe('concurrency', () => {
    it('gives true to exactly one of 50 parallel claims of one id', async () => {
      await store().add('ada', 'ses_1', later());
      const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => (index % 2 ? second() : store()).claim('ada', 'ses_1')));
      expect(answers.filter(Boolean)).toHaveLength(1);
    });

    it('gives each id to exactly one of parallel claimAll and claim calls', async () => {
      const ids = Array.from({ length: 30 }, (_, index) => `ses_${index}`);
      await Promise.all(ids.map((id) => store().add('ada', id, later())));
      const claims = ids.map((id, index) => (index % 2 ? second() : store()).claim('ada', id).then((won) => (won ? [id] : [])));
      const sweeps = [store().claimAll('ada'), second().claimAll('ada'), store().claimAll('ada')];
      const taken = (await Promise.all([...claims, ...sweeps])).flat();
      expect(sorted(taken)).toEqual(sorted(ids));
    });

    it('loses no id and gives none twice when claimAll races add', async () => {
      const ids = Array.from({ length: 50 }, (_, index) => `ses_${index}`);
      const adds = ids.map((id, index) => (index % 2 ? second() : store()).add('ada', id, later()));
      const sweeps = Array.from({ length: 10 }, (_, index) => (index % 2 ? second() : store()).claimAll('ada'));
      const [, swept] = await Promise.all([Promise.all(adds), Promise.all(sweeps)]);
      const taken = [...swept.flat(), ...(await store().claimAll('ada'))];
      expect(sorted(taken)).toEqual(sorted(ids));
    });

    it('shares the ledger between two instances: recorded on one, claimed on the other', async () => {
      await store().add('ada', 'ses_1', later());
      await second().add('ada', 'ses_2', later());
      expect(await second().claim('ada', 'ses_1')).toBe(true);
      expect(await store().claim('ada', 'ses_1')).toBe(false);
      expect(await store().claimAll('ada')).toEqual(['ses_2']);
    });

    it('shares the mint count between two instances', async () => {
      const t = Date.now();
      await store().countMint({ viewerId: 'ada', now: t, windowMs: 60_000 });
      expect((await second().countMint({ viewerId: 'ada', now: t + 1, windowMs: 60_000 })).current).toBe(2);
    });
  });
}
