// What the renewal machine carries from one signal to a later one, shown only by what that later
// signal does (next phase, effects): the latest expiry the embed told of (a lapse at or after it is
// the old session; before it, a newer one, which means our id was taken), and the sessions already
// renewed (a later trigger about one of them is a duplicate), also after a taken run was rejected.
import { describe, expect, it } from 'vitest';
import { type RenewalSignal, type RenewalState } from '../../src/renewal/renewal.js';
import { renewalStep } from '../../src/renewal/renewal-step.js';
import { config, expired, expiring, HOUR, run, state } from '../support/renewal-fixtures.js';

const minted = (ticket: number): RenewalSignal => ({ type: 'minted', ticket, sessionId: `s${ticket}`, now: 3 * HOUR, delivery: 'queued' });
const verdictElapsed: RenewalSignal = { type: 'verdict-elapsed', now: 3 * HOUR + 10_000 };
const renewed = { type: 'emit', name: 'renewed', info: { trigger: 'session-expiring', attempts: 1 } };
/** What the embed saying "a session lapsed at 6 h" does once our id is out: our id was taken, a new run starts. */
const takenThenStart = (ticket: number) => [{ type: 'cancel-timer', timer: 'verdict' }, renewed, { type: 'settle-callers' }, { type: 'mint', ticket, delivery: 'queued' }];

/** Runs `signals` from `from`; returns the state reached. */
function play(from: RenewalState, signals: RenewalSignal[]): RenewalState {
  return signals.reduce((current, signal) => renewalStep(current, signal, config).state, from);
}

describe('renewalStep: the latest expiry told decides whether a lapse is about the old session', () => {
  const minting = (known: number) => state({ phase: 'minting', run: run({ targets: [known] }), ticket: 2 }, { known, handled: [known], tickets: 2 });

  it('a session lapsing at 7 h joins a run for 5 h: a lapse at 6 h is then a newer session (taken, renew again)', () => {
    const out = play(minting(5 * HOUR), [expiring(7 * HOUR), minted(2)]);
    expect(out.phase).toBe('awaiting-verdict');
    const step = renewalStep(out, expired(6 * HOUR, 4 * HOUR), config);
    expect(step.state.phase).toBe('minting');
    expect(step.effects).toEqual(takenThenStart(3));
  });

  it('a session lapsing at 5 h joins a run for 7 h: 7 h stays the latest, so a lapse at 6 h is a newer session', () => {
    const out = play(minting(7 * HOUR), [expiring(5 * HOUR), minted(2)]);
    const step = renewalStep(out, expired(6 * HOUR, 4 * HOUR), config);
    expect(step.state.phase).toBe('minting');
    expect(step.effects).toEqual(takenThenStart(3));
  });

  it('a run for 7 h started after one for 5 h failed: 7 h is the latest, so a lapse at 6 h is a newer session', () => {
    const idleAfterFailure = state({ phase: 'idle' }, { known: 5 * HOUR, handled: [] });
    const out = play(idleAfterFailure, [expiring(7 * HOUR), minted(2)]);
    expect(out.phase).toBe('awaiting-verdict');
    const step = renewalStep(out, expired(6 * HOUR, 4 * HOUR), config);
    expect(step.state.phase).toBe('minting');
    expect(step.effects).toEqual(takenThenStart(3));
  });
});

describe('renewalStep: a taken run rejected after all is renewed again, and the others stay renewed', () => {
  it('a session renewed before that run is still a duplicate once the new run is taken', () => {
    const taken = state({ phase: 'taken', run: run({ targets: [7 * HOUR] }) }, { handled: [5 * HOUR, 7 * HOUR] });
    const out = play(taken, [{ type: 'rejected' }, minted(2), verdictElapsed]);
    expect(out.phase).toBe('taken');
    expect(renewalStep(out, expiring(5 * HOUR), config).effects).toEqual([]);
  });

  it('a run that renewed 5 h and 7 h is renewed again for the latest, 7 h: a later trigger about 7 h is a duplicate', () => {
    const taken = state({ phase: 'taken', run: run({ targets: [5 * HOUR, 7 * HOUR] }) }, { handled: [5 * HOUR, 7 * HOUR] });
    const out = play(taken, [{ type: 'rejected' }, minted(2), verdictElapsed]);
    expect(out.phase).toBe('taken');
    expect(renewalStep(out, expiring(7 * HOUR), config).effects).toEqual([]);
  });
});
