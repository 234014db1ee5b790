// The sign-out's answer (src/revocation/logout-answer.ts): `complete` only when nothing waits and the
// ledger is whole, and otherwise the reason: the store, a failure, ids other calls hold, or a ledger
// that may miss ids (with `ledgerSince`). The endpoint-level tests reach most of these through the
// Redis-backed suites; these pin each branch in the fast tier.
import { describe, expect, it } from 'vitest';
import { inProgressAnswer, ledgerOf, signOutAnswer } from '../../src/revocation/logout-answer.js';

const WHOLE = { kind: 'whole' } as const;
const SINCE = Date.UTC(2026, 0, 1);
const INCOMPLETE = { kind: 'incomplete', since: SINCE } as const;
const FAILED = 'the service did not revoke this session id; it stays in the ledger as pending, and the sweep (revokePending) or a later sign-out tries again once its backoff is over';

describe('ledgerOf', () => {
  it('is whole once the horizon is an id lifetime old on the store clock, and incomplete since the horizon before', () => {
    expect(ledgerOf({ since: SINCE, now: SINCE + 1_000 }, 1_000)).toEqual(WHOLE);
    expect(ledgerOf({ since: SINCE, now: SINCE + 999 }, 1_000)).toEqual(INCOMPLETE);
  });
});

describe('signOutAnswer', () => {
  it('is complete when nothing waits and the ledger is whole, with no reason', () => {
    expect(signOutAnswer({ revoked: ['ses_1'], failed: [], pending: [] }, WHOLE)).toEqual({ revoked: ['ses_1'], failed: [], pending: [], complete: true });
  });

  it('says revoke-failed, with the endpoint sentence for each failed id, when an id failed', () => {
    expect(signOutAnswer({ revoked: [], failed: ['ses_1'], pending: ['ses_1'] }, WHOLE)).toEqual({
      revoked: [], failed: [{ sessionId: 'ses_1', error: FAILED }], pending: ['ses_1'], complete: false, reason: 'revoke-failed',
    });
  });

  it('says sign-out-in-progress when ids wait that this call did not fail (other calls hold them)', () => {
    expect(signOutAnswer({ revoked: ['ses_1'], failed: [], pending: ['ses_2'] }, WHOLE)).toEqual({
      revoked: ['ses_1'], failed: [], pending: ['ses_2'], complete: false, reason: 'sign-out-in-progress',
    });
  });

  it('says store-unavailable when the store could not be told, the failed ids pending', () => {
    expect(signOutAnswer({ revoked: ['ses_1'], failed: ['ses_2'], pending: null }, WHOLE)).toEqual({
      revoked: ['ses_1'], failed: [{ sessionId: 'ses_2', error: FAILED }], pending: ['ses_2'], complete: false, reason: 'store-unavailable',
    });
  });

  it('is not complete on a ledger that may miss ids: ledger-incomplete and ledgerSince, or the lists own reason', () => {
    expect(signOutAnswer({ revoked: ['ses_1'], failed: [], pending: [] }, INCOMPLETE)).toEqual({
      revoked: ['ses_1'], failed: [], pending: [], complete: false, reason: 'ledger-incomplete', ledgerSince: '2026-01-01T00:00:00.000Z',
    });
    expect(signOutAnswer({ revoked: [], failed: ['ses_1'], pending: ['ses_1'] }, INCOMPLETE)).toMatchObject({ complete: false, reason: 'revoke-failed', ledgerSince: '2026-01-01T00:00:00.000Z' });
  });
});

describe('inProgressAnswer', () => {
  it('lists what is revoked so far, and every other id claimed, joined or held once as pending', () => {
    const progress = { revoked: ['ses_1'], failed: ['ses_2'], ids: ['ses_1', 'ses_2', 'ses_3'] };
    expect(inProgressAnswer({ progress, held: ['ses_3', 'ses_4'], ledger: WHOLE })).toEqual({
      revoked: ['ses_1'], failed: [{ sessionId: 'ses_2', error: FAILED }], pending: ['ses_2', 'ses_3', 'ses_4'], complete: false, reason: 'sign-out-in-progress',
    });
    expect(inProgressAnswer({ progress, held: [], ledger: INCOMPLETE })).toMatchObject({ reason: 'sign-out-in-progress', ledgerSince: '2026-01-01T00:00:00.000Z' });
  });

  it('is a copy: what the revocation does after the answer does not change it', () => {
    const progress = { revoked: ['ses_1'], failed: [], ids: ['ses_1', 'ses_2'] };
    const answer = inProgressAnswer({ progress, held: [], ledger: WHOLE });
    progress.revoked.push('ses_2');
    expect(answer.revoked).toEqual(['ses_1']);
  });
});
