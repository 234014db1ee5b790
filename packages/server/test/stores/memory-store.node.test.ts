// The memory store passes the store conformance suite, on a manual clock (expiry without waiting)
// and on the wall clock, and keeps only what is live.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, MEMORY_SWEEP_INTERVAL_MS } from '../../src/index.js';
import { manualClock } from '../support/clock.js';
import { describeStoreConformance } from './store-conformance.js';

describeStoreConformance('memory store', async () => {
  const clock = manualClock();
  let store = createMemoryStore({ now: clock.now });
  return {
    store,
    now: clock.now,
    elapse: async (ms) => {
      clock.advance(ms);
    },
    stateSize: async () => store.entryCount(),
    lose: async () => {
      store = createMemoryStore({ now: clock.now }); // a restarted process: a new, empty store
      return store;
    },
    stop: async () => store.close?.(),
  };
});

describeStoreConformance('memory store on the wall clock', async () => {
  const store = createMemoryStore();
  return { store, stateSize: async () => store.entryCount(), stop: async () => store.close?.() };
});

describe('memory store', () => {
  it('drops the data of viewers who never come back in the next sweep: ids, counters and sign-out moments', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    for (let index = 0; index < 100; index += 1) {
      const viewerId = `viewer-${index}`;
      await store.add({ viewerId, sessionId: `ses_${index}`, lifetimeMs: 1000, signOutsSeen: 0, leaseMs: 1000 });
      await store.countMint({ viewerId, now: clock.now(), windowMs: 1000 });
      await store.signOut({ viewerId, leaseMs: 1000, rememberMs: 1000 });
    }
    expect(store.viewerCount()).toBe(100);
    expect(store.entryCount()).toBe(300);
    clock.advance(MEMORY_SWEEP_INTERVAL_MS);
    await store.add({ viewerId: 'late', sessionId: 'ses_late', lifetimeMs: 1000, signOutsSeen: 0, leaseMs: 1000 });
    expect(store.viewerCount()).toBe(1);
    await store.signOut({ viewerId: 'late', leaseMs: 1000, rememberMs: 1 });
    await store.settle({ viewerId: 'late', revoked: ['ses_late'], failed: [], retry: { firstMs: 0, maxMs: 0, jitter: 0 } });
    clock.advance(1);
    await store.settle({ viewerId: 'late', revoked: [], failed: [], retry: { firstMs: 0, maxMs: 0, jitter: 0 } });
    expect(store.viewerCount()).toBe(0);
    expect(store.entryCount()).toBe(0);
  });
});

it('refuses a clock that is no function with invalid-options, saying what to give', () => {
  expect(() => createMemoryStore({ now: 1_700_000_000_000 as never })).toThrow(
    expect.objectContaining({ code: 'invalid-options', message: 'now must be a function returning epoch ms, such as Date.now' }),
  );
});

describe('the memory store\'s ledger horizon', () => {
  it('is its creation, or ledgerSince when given (whole from then on)', async () => {
    const clock = manualClock();
    const made = clock.now();
    clock.advance(1_000);
    expect(await createMemoryStore({ now: clock.now }).horizon()).toEqual({ since: made + 1_000, now: made + 1_000 });
    expect(await createMemoryStore({ now: clock.now, ledgerSince: 0 }).horizon()).toEqual({ since: 0, now: made + 1_000 });
  });

  it.each([[-1], [Number.NaN], ['0'], [Date.now() + 60_000]])('refuses ledgerSince %s with invalid-options, saying what to give', (ledgerSince) => {
    expect(() => createMemoryStore({ ledgerSince: ledgerSince as number })).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('ledgerSince must be epoch ms, 0 up to now') }));
  });
});

describe('the memory store\'s gauges and close', () => {
  it('counts a hint among its entries, even for a viewer with no other data', async () => {
    const store = createMemoryStore({ now: manualClock().now });
    await store.hint('ada');
    await store.hint('bob');
    expect(store.entryCount()).toBe(2);
    expect(store.viewerCount()).toBe(0);
  });

  it('holds nothing once closed: ids, counters, sign-out moments and hints are gone', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    await store.add({ viewerId: 'ada', sessionId: 'ses_a', lifetimeMs: 60_000, signOutsSeen: 0, leaseMs: 1_000 });
    await store.countMint({ viewerId: 'bob', now: clock.now(), windowMs: 1_000 });
    await store.hint('ada');
    expect(store.entryCount()).toBe(3);
    await store.close?.();
    expect(store.viewerCount()).toBe(0);
    expect(store.entryCount()).toBe(0);
    expect((await store.listHints({ cursor: '0', count: 100 })).hints).toEqual([]);
  });

  it('sweeps other viewers only once a sweep interval has passed since the last, on any clock', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    await store.countMint({ viewerId: 'ada', now: clock.now(), windowMs: 1_000 });
    clock.advance(MEMORY_SWEEP_INTERVAL_MS - 1); // ada's counter has lapsed, the sweep is not due
    await store.countMint({ viewerId: 'bob', now: clock.now(), windowMs: 1_000 });
    expect(store.viewerCount()).toBe(2);
    clock.advance(1);
    await store.countMint({ viewerId: 'bob', now: clock.now(), windowMs: 1_000 });
    expect(store.viewerCount()).toBe(1);
  });
});

it('takes ledgerSince up to its creation, and refuses one a millisecond later', () => {
  const clock = manualClock();
  expect(() => createMemoryStore({ now: clock.now, ledgerSince: clock.now() })).not.toThrow();
  expect(() => createMemoryStore({ now: clock.now, ledgerSince: clock.now() + 1 })).toThrow(expect.objectContaining({ code: 'invalid-options' }));
});
