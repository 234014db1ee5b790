// More rows for the renewal machine (see renewal-step.test.ts for the main table): a signal that
// arrives in a phase it does not belong to, the two machines' own signals, the callers of
// renewSession(), the errors a failed authentication and a rejected id carry, and a failed run that
// must not forget sessions renewed before it. Rows assert the next phase and the effects, never
// internal fields or log lines.
import { describe, expect, it } from 'vitest';
import { EmbedError } from '../../src/base/errors.js';
import {
  type LoadState, type RenewalEffect, type RenewalSignal,
} from '../../src/renewal/renewal.js';
import { renewalStep } from '../../src/renewal/renewal-step.js';
import { config, expired, expiring, failure, HOUR, READY, readyEffects, run, state, type Row } from '../support/renewal-fixtures.js';

const loading = (load: LoadState) => state({ phase: 'idle' }, { load, tickets: 2 });

const manual: RenewalSignal = { type: 'trigger', trigger: 'manual', now: 4 * HOUR };

const rows: Row[] = [
  {
    name: 'a second ready (the iframe reloaded) while a queued renewal mints: the run goes on, nothing is taken yet',
    from: state({ phase: 'minting', run: run(), ticket: 2 }), signal: { type: 'ready', now: 1, payload: READY }, to: 'minting', effects: readyEffects,
  },
  {
    name: 'a trigger while the rejection of our id settles joins that run: no second mint',
    from: state({ phase: 'rejected', run: run() }, { handled: [5 * HOUR] }), signal: expired(6 * HOUR), to: 'rejected', effects: [],
  },
  {
    name: 'a stale mint failure (an older ticket) does not touch the first load',
    from: loading({ name: 'minting', attempt: 2, ticket: 2 }), signal: { type: 'mint-failed', ticket: 1, error: failure, delivery: 'url' }, to: 'idle', load: 'minting', effects: [],
  },
  {
    name: 'a stale first id (an older ticket) that arrives while the first load mints again is revoked, never loaded',
    from: loading({ name: 'minting', attempt: 2, ticket: 2 }), signal: { type: 'minted', ticket: 1, sessionId: 'late', now: 1, delivery: 'url' }, to: 'idle', load: 'minting',
    effects: [{ type: 'revoke-late-id', sessionId: 'late' }],
  },
  {
    name: 'a backoff that elapses after its run moved on changes nothing',
    from: state({ phase: 'idle' }), signal: { type: 'backoff-elapsed' }, to: 'idle', effects: [],
  },
  // The two machines keep their own signals: each timer ends with a signal of its own, and a mint's
  // result names the machine that asked for it by its delivery (`url`: the first load).
  {
    name: "the run's backoff elapsing does not touch the first load's backoff",
    from: state({ phase: 'backoff', run: run() }, { load: { name: 'backoff', attempt: 1 }, tickets: 2 }), signal: { type: 'backoff-elapsed' }, to: 'minting', load: 'backoff',
    effects: [{ type: 'cancel-timer', timer: 'backoff' }, { type: 'mint', ticket: 3, delivery: 'queued' }],
  },
  {
    name: "the first load's backoff elapsing does not touch the run's backoff",
    from: state({ phase: 'backoff', run: run() }, { load: { name: 'backoff', attempt: 1 }, tickets: 2 }), signal: { type: 'load-backoff-elapsed' }, to: 'backoff', load: 'minting',
    effects: [{ type: 'mint', ticket: 3, delivery: 'url' }],
  },
  {
    name: "the first load's backoff that elapses after the load moved on changes nothing",
    from: loading({ name: 'loading' }), signal: { type: 'load-backoff-elapsed' }, to: 'idle', load: 'loading', effects: [],
  },
  {
    name: "a run's id never goes into the URL, even with the first load's ticket",
    from: loading({ name: 'minting', attempt: 1, ticket: 2 }), signal: { type: 'minted', ticket: 2, sessionId: 's', now: 7, delivery: 'queued' }, to: 'idle', load: 'minting',
    effects: [{ type: 'post-session', sessionId: 's', delivery: 'queued' }],
  },
  // renewSession() is the only source of `manual` triggers: its caller is held until the run it
  // starts or joins settles the held callers, or answered in the same step when no run goes on.
  {
    name: 'a caller at rest is held for the run its trigger starts',
    from: state({ phase: 'idle' }), signal: manual, to: 'minting', effects: [{ type: 'hold-caller' }, { type: 'mint', ticket: 2, delivery: 'queued' }],
  },
  {
    name: 'a caller during a run is held for it',
    from: state({ phase: 'minting', run: run(), ticket: 2 }, { handled: [5 * HOUR], tickets: 2 }), signal: manual, to: 'minting', effects: [{ type: 'hold-caller' }],
  },
  {
    name: 'a caller whose run fails at once (the load failed) is rejected with it',
    from: loading({ name: 'failed', error: failure }), signal: manual, to: 'idle', load: 'failed',
    effects: [
      { type: 'hold-caller' }, { type: 'emit', name: 'renewal-failed', info: { trigger: 'manual', attempts: 1, error: failure } },
      { type: 'settle-callers', error: failure }, { type: 'settle-callers' },
    ],
  },
  {
    name: 'without mintSessionId, a caller is rejected at once, naming the option',
    from: state({ phase: 'idle' }), signal: manual, with: { ...config, canMint: false }, to: 'idle',
    effects: [{ type: 'hold-caller' }, { type: 'settle-callers', error: expect.objectContaining({ code: 'invalid-option', message: 'renewSession needs mintSessionId' }) }],
  },
  {
    name: 'after destroy, a caller is rejected with destroyed',
    from: state({ phase: 'destroyed' }), signal: manual, to: 'destroyed',
    effects: [{ type: 'hold-caller' }, { type: 'settle-callers', error: expect.objectContaining({ code: 'destroyed' }) }],
  },
];

describe('renewalStep: signals out of their phase, the two machines, the callers of renewSession()', () => {
  it.each(rows)('$name', (row) => {
    const step = renewalStep(row.from, row.signal, row.with ?? config);
    expect(step.state.phase).toBe(row.to);
    if (row.load) expect(step.state.load.name).toBe(row.load);
    expect(step.effects as RenewalEffect[]).toEqual(row.effects);
  });
});

/** What a session-rejected line tells the developer to check (issue 40). */
const REJECTED_FIX = ": mint ids at baseUrl's tenant with its API key (not another environment's), each used once within 5 minutes";

describe('renewalStep: the errors it hands out say what happened', () => {
  const errorOf = (effects: readonly RenewalEffect[], type: RenewalEffect['type']) =>
    (effects.find((effect) => effect.type === type) as { error?: EmbedError } | undefined)?.error;

  it('a refused id without mintSessionId: ready rejects with session-rejected, saying no other id can be minted', () => {
    const { effects } = renewalStep(loading({ name: 'loading' }), { type: 'auth-error' }, { ...config, canMint: false });
    expect(errorOf(effects, 'reject-ready')).toMatchObject({
      code: 'session-rejected',
      message: `the embed could not authenticate with its session id (no mintSessionId to mint another)${REJECTED_FIX}`,
    });
  });

  it('an authentication that failed with every fresh id names how many were tried', () => {
    const from = state({ phase: 'minting', run: run({ trigger: 'auth', delivery: 'urgent', targets: [], attempt: 3 }), ticket: 2 }, { load: { name: 'failed', error: failure } });
    const { effects } = renewalStep(from, { type: 'mint-failed', ticket: 2, error: failure, delivery: 'urgent' }, config);
    expect(errorOf(effects, 'settle-callers')).toMatchObject({ code: 'session-rejected', message: `the embed could not authenticate with 3 fresh session ids${REJECTED_FIX}` });
  });

  it('the embed rejecting our id: the attempt fails with session-rejected', () => {
    const { effects } = renewalStep(state({ phase: 'awaiting-verdict', run: run() }), { type: 'rejected' }, config);
    expect(errorOf(effects, 'settle-rejection-soon')).toMatchObject({ code: 'session-rejected', message: 'the embed rejected the new session id' });
  });
});

describe('renewalStep: a session that joined a run counts as renewed when the run is taken', () => {
  it('a later trigger about it is a duplicate', () => {
    let current = state({ phase: 'minting', run: run(), ticket: 2 }, { handled: [5 * HOUR], tickets: 2 });
    for (const signal of [expired(6 * HOUR), { type: 'minted', ticket: 2, sessionId: 's', now: 7, delivery: 'queued' }, { type: 'verdict-elapsed', now: 8 }] as RenewalSignal[])
      current = renewalStep(current, signal, config).state;
    expect(current.phase).toBe('taken');
    expect(renewalStep(current, expiring(6 * HOUR), config).effects).toEqual([]);
  });
});

describe('renewalStep: a failed run forgets only its own sessions', () => {
  it('a session renewed before the failed run is still a duplicate afterwards', () => {
    const from = state({ phase: 'minting', run: run({ targets: [6 * HOUR], attempt: 3 }), ticket: 2 }, { handled: [5 * HOUR, 6 * HOUR] });
    const failed = renewalStep(from, { type: 'mint-failed', ticket: 2, error: failure, delivery: 'queued' }, config);
    expect(failed.state.phase).toBe('idle');
    expect(renewalStep(failed.state, expiring(5 * HOUR), config).effects).toEqual([]);
    expect(renewalStep(failed.state, expiring(6 * HOUR), config).state.phase).toBe('minting');
  });
});
