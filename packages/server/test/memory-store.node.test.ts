// The memory store passes the store conformance suite, on a manual clock (expiry without waiting),
// and keeps only what is live.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, MEMORY_SWEEP_INTERVAL_MS } from '../src/index.js';
import { describeStoreConformance } from './store-conformance.js';

function manualClock(start = 1_700_000_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describeStoreConformance('memory store', async () => {
  const clock = manualClock();
  const store = createMemoryStore({ now: clock.now });
  return {
    store,
    now: clock.now,
    elapse: async (ms) => {
      clock.advance(ms);
    },
    stateSize: async () => store.entryCount(),
    stop: async () => store.close?.(),
  };
});

describeStoreConformance('memory store on the wall clock', async () => {
  const store = createMemoryStore();
  return { store, stateSize: async () => store.entryCount(), stop: async () => store.close?.() };
});

describe('memory store', () => {
  it('drops the ledgers of viewers who never come back in the next sweep', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    for (let index = 0; index < 100; index += 1) await store.add(`viewer-${index}`, `ses_${index}`, clock.now() + 1000);
    for (let index = 0; index < 100; index += 1) await store.countMint({ viewerId: `viewer-${index}`, now: clock.now(), windowMs: 1000 });
    expect(store.viewerCount()).toBe(100);
    clock.advance(MEMORY_SWEEP_INTERVAL_MS);
    await store.add('late', 'ses_late', clock.now() + 1000);
    expect(store.viewerCount()).toBe(1);
    expect(await store.claimAll('late')).toEqual(['ses_late']);
    expect(store.viewerCount()).toBe(0);
  });
});
