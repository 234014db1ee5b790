// The instance's backlog (src/revocation/backlog.ts) and what the revocation room does when it is
// full (keepOrphan, keepHint of src/revocation/revoke-claimed.ts): bounded per kind, handed over
// once, and a refusal reported with what lapses. The endpoint's limit is 10,000 entries of a kind;
// these tests make smaller ones.
import { describe, expect, it } from 'vitest';
import { createBacklog } from '../../src/revocation/backlog.js';
import { keepHint, keepOrphan } from '../../src/revocation/revoke-claimed.js';
import type { LedgerDeps } from '../../src/revocation/ledger-deps.js';

describe('the backlog', () => {
  it('keeps up to its limit of orphans and of viewers, each kind counted apart, and refuses the next', () => {
    const backlog = createBacklog(2);
    expect([backlog.keepOrphan({ viewerId: 'ada', sessionId: 'ses_1' }), backlog.keepOrphan({ viewerId: 'bob', sessionId: 'ses_2' })]).toEqual([true, true]);
    expect(backlog.keepOrphan({ viewerId: 'cyd', sessionId: 'ses_3' })).toBe(false);
    expect([backlog.keepHint('ada'), backlog.keepHint('bob')]).toEqual([true, true]);
    expect(backlog.keepHint('cyd')).toBe(false);
    expect(backlog.size()).toBe(4);
  });

  it('hands over every orphan and viewer once, then holds none and has room again', () => {
    const backlog = createBacklog(2);
    backlog.keepOrphan({ viewerId: 'ada', sessionId: 'ses_1' });
    backlog.keepOrphan({ viewerId: 'bob', sessionId: 'ses_2' });
    backlog.keepHint('ada');
    backlog.keepHint('ada');
    expect(backlog.size(), 'a viewer kept twice counts once').toBe(3);
    expect(backlog.takeOrphans()).toEqual([{ viewerId: 'ada', sessionId: 'ses_1' }, { viewerId: 'bob', sessionId: 'ses_2' }]);
    expect(backlog.takeHints()).toEqual(['ada']);
    expect([backlog.takeOrphans(), backlog.takeHints(), backlog.size()]).toEqual([[], [], 0]);
    expect(backlog.keepOrphan({ viewerId: 'cyd', sessionId: 'ses_3' })).toBe(true);
    expect(backlog.size()).toBe(1);
  });

  it('holds 10,000 entries of a kind by default', () => {
    const backlog = createBacklog();
    const kept = Array.from({ length: 10_000 }, (_, index) => backlog.keepHint(`viewer-${index}`));
    expect(kept.every((one) => one)).toBe(true);
    expect(backlog.keepHint('one-more')).toBe(false);
  });
});

describe('a full backlog', () => {
  /** What keepOrphan and keepHint use of the ledger's deps: a backlog of `limit`, and the reports. */
  function depsWith(limit: number) {
    const reports: { message: string; report: unknown }[] = [];
    const deps = {
      backlog: createBacklog(limit),
      report: (error: unknown, report: unknown) => reports.push({ message: error instanceof Error ? error.message : String(error), report }),
    } as unknown as LedgerDeps;
    return { deps, reports };
  }

  it('is reported for an orphan, with the viewer and the id that lapses unredeemed; nothing is reported while there is room', () => {
    const { deps, reports } = depsWith(1);
    keepOrphan(deps, { viewerId: 'ada', sessionId: 'ses_1' });
    expect(reports).toEqual([]);
    keepOrphan(deps, { viewerId: 'bob', sessionId: 'ses_2' });
    expect(reports).toEqual([{
      message: 'the backlog of ids neither recorded nor revoked is full; this id lapses unredeemed',
      report: { code: 'store-unavailable', viewerId: 'bob', sessionId: 'ses_2' },
    }]);
  });

  it('is reported for a viewer whose hint is missing, with the viewer; nothing is reported while there is room', () => {
    const { deps, reports } = depsWith(1);
    keepHint(deps, 'ada');
    expect(reports).toEqual([]);
    keepHint(deps, 'bob');
    expect(reports).toEqual([{ message: 'the backlog of viewers whose hint could not be written is full', report: { code: 'store-unavailable', viewerId: 'bob' } }]);
  });
});
