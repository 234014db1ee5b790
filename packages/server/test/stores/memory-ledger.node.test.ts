// One viewer's ledger in the memory store, at its edges: the moment a counter, an id or a lease
// lapses, a window length that changed, a failure count kept across a reclaim, a settlement naming
// an id that is gone. The store conformance suite holds the promises; these hold the exact bounds.
import { describe, expect, it } from 'vitest';
import {
  addEntry, claimEntry, countAttempt, emptyViewer, pendingOf, pruneViewer, settleEntries, signOutViewer,
} from '../../src/stores/memory-ledger.js';

const RETRY = { firstMs: 1_000, maxMs: 100_000, jitter: 0 };

describe('the memory ledger', () => {
  it('drops a mint counter exactly two windows after its window started, not a moment later', () => {
    const viewer = emptyViewer();
    countAttempt(viewer, 0, 1_000);
    pruneViewer(viewer, 1_999);
    expect(viewer.mints).not.toBeNull();
    pruneViewer(viewer, 2_000);
    expect(viewer.mints).toBeNull();
  });

  it('starts a fresh count when the window length changed, whether the old window looks current or previous', () => {
    const later = emptyViewer();
    countAttempt(later, 950, 100); // window 900-1000 of 100 ms
    expect(countAttempt(later, 950, 1_000)).toEqual({ windowStart: 0, current: 1, previous: 0, signOuts: 0 });
    const before = emptyViewer();
    countAttempt(before, 50, 100); // window 0-100 of 100 ms, which starts one 1,000 ms window before 1,000
    expect(countAttempt(before, 1_050, 1_000)).toEqual({ windowStart: 1_000, current: 1, previous: 0, signOuts: 0 });
  });

  it('counts sign-outs up: a mint counted after two sign-outs sees 2', () => {
    const viewer = emptyViewer();
    signOutViewer(viewer, { leaseMs: 1_000, rememberMs: 60_000 }, 0);
    signOutViewer(viewer, { leaseMs: 1_000, rememberMs: 60_000 }, 1);
    expect(countAttempt(viewer, 2, 1_000).signOuts).toBe(2);
  });

  it('holds an id added after a sign-out for its lease from the add: a claim during the lease finds it held', () => {
    const viewer = emptyViewer();
    signOutViewer(viewer, { leaseMs: 1_000, rememberMs: 60_000 }, 0);
    expect(addEntry(viewer, { sessionId: 'ses_a', lifetimeMs: 60_000, signOutsSeen: 0, leaseMs: 5_000 }, 100)).toBe('signed-out');
    expect(claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 5_000 }, 5_099)).toBe('held');
    expect(claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 5_000 }, 5_100)).toBe('reclaimed');
  });

  it('keeps no id whose lifetime is 0', () => {
    const viewer = emptyViewer();
    expect(addEntry(viewer, { sessionId: 'ses_a', lifetimeMs: 0, signOutsSeen: 0, leaseMs: 5_000 }, 100)).toBe('recorded');
    expect(viewer.ids.size).toBe(0);
  });

  it('keeps an id\'s failure count when it is claimed again, so the next backoff doubles', () => {
    const viewer = emptyViewer();
    addEntry(viewer, { sessionId: 'ses_a', lifetimeMs: 600_000, signOutsSeen: 0, leaseMs: 100 }, 0);
    expect(claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 100 }, 0)).toBe('claimed');
    settleEntries(viewer, { revoked: [], failed: ['ses_a'], retry: RETRY }, 0); // failure 1: due at 1,000
    expect(claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 100 }, 1_000)).toBe('reclaimed');
    settleEntries(viewer, { revoked: [], failed: ['ses_a'], retry: RETRY }, 1_000); // failure 2: 2,000 ms, due at 3,000
    expect(claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 100 }, 2_999)).toBe('held');
    expect(claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 100 }, 3_000)).toBe('reclaimed');
  });

  it('shortens a backoff by half the jitter: 1,000 ms with a jitter of 0.5 is due after 750 ms, not sooner', () => {
    const viewer = emptyViewer();
    addEntry(viewer, { sessionId: 'ses_a', lifetimeMs: 600_000, signOutsSeen: 0, leaseMs: 100 }, 0);
    claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 100 }, 0);
    settleEntries(viewer, { revoked: [], failed: ['ses_a'], retry: { ...RETRY, jitter: 0.5 } }, 0);
    expect(claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 100 }, 749)).toBe('held');
    expect(claimEntry(viewer, { sessionId: 'ses_a', leaseMs: 100 }, 750)).toBe('reclaimed');
  });

  it('settles a failure of an id that is gone (expired or revoked meanwhile) without a fault, and leaves a live id live', () => {
    const viewer = emptyViewer();
    addEntry(viewer, { sessionId: 'ses_live', lifetimeMs: 60_000, signOutsSeen: 0, leaseMs: 100 }, 0);
    expect(settleEntries(viewer, { revoked: [], failed: ['ses_gone', 'ses_live'], retry: RETRY }, 0)).toEqual([]);
    expect(claimEntry(viewer, { sessionId: 'ses_live', leaseMs: 100 }, 0)).toBe('claimed');
  });

  it('counts a pending id up to the moment it expires, not at it, and gives the oldest pending moment', () => {
    const viewer = emptyViewer();
    addEntry(viewer, { sessionId: 'ses_old', lifetimeMs: 10_000, signOutsSeen: 0, leaseMs: 100 }, 0);
    addEntry(viewer, { sessionId: 'ses_new', lifetimeMs: 20_000, signOutsSeen: 0, leaseMs: 100 }, 0);
    claimEntry(viewer, { sessionId: 'ses_old', leaseMs: 100 }, 1_000);
    claimEntry(viewer, { sessionId: 'ses_new', leaseMs: 100 }, 2_000);
    expect(pendingOf(viewer, 9_999)).toEqual({ ids: 2, oldestSince: 1_000 });
    expect(pendingOf(viewer, 10_000)).toEqual({ ids: 1, oldestSince: 2_000 });
  });
});
