// Trigger classification as a table: the state a trigger meets, the trigger, and what it means.
import { describe, expect, it } from 'vitest';
import { ESTIMATED_LIFETIME_MS, initialRenewalState, inPhase, type RenewalPhase, type RenewalSignal, type SessionFacts } from '../../src/renewal/renewal.js';
import { classifyTrigger, type TriggerMeaning } from '../../src/renewal/renewal-trigger.js';
import { HOUR, run as aRun } from '../support/renewal-fixtures.js';

const run = aRun();
const state = (phase: RenewalPhase, facts: Partial<SessionFacts> = {}) => inPhase({ ...initialRenewalState(0), load: { name: 'ready' }, ...facts }, phase);
const trigger = (name: 'session-expiring' | 'session-expired' | 'manual', expiry?: number, builtAt?: number): Extract<RenewalSignal, { type: 'trigger' }> =>
  ({ type: 'trigger', trigger: name, now: 6 * HOUR, expiry, builtAt });

const rows: { name: string; state: ReturnType<typeof state>; trigger: ReturnType<typeof trigger>; meaning: TriggerMeaning; at: number }[] = [
  { name: 'no run: start one', state: state({ phase: 'idle' }), trigger: trigger('session-expiring', 5 * HOUR), meaning: 'start', at: 5 * HOUR },
  { name: 'no expiry given: the estimated one', state: state({ phase: 'idle' }), trigger: trigger('manual'), meaning: 'start', at: ESTIMATED_LIFETIME_MS },
  { name: 'no expiry given: the known one', state: state({ phase: 'idle' }, { known: 2 * HOUR }), trigger: trigger('manual'), meaning: 'start', at: 2 * HOUR },
  { name: 'a session handled already', state: state({ phase: 'taken', run }, { handled: [5 * HOUR] }), trigger: trigger('session-expired', 5 * HOUR), meaning: 'duplicate', at: 5 * HOUR },
  { name: 'handled, while a run is in progress', state: state({ phase: 'minting', run, ticket: 1 }, { handled: [5 * HOUR] }), trigger: trigger('session-expired', 5 * HOUR), meaning: 'duplicate', at: 5 * HOUR },
  { name: 'built before our last set-session, no run', state: state({ phase: 'idle' }, { sentAt: 100 }), trigger: trigger('session-expired', 5 * HOUR, 99), meaning: 'duplicate', at: 5 * HOUR },
  { name: 'built as our set-session went out, no run', state: state({ phase: 'idle' }, { sentAt: 100 }), trigger: trigger('session-expired', 5 * HOUR, 100), meaning: 'duplicate', at: 5 * HOUR },
  { name: 'built after it, no run', state: state({ phase: 'idle' }, { sentAt: 100 }), trigger: trigger('session-expired', 5 * HOUR, 101), meaning: 'start', at: 5 * HOUR },
  { name: 'another session while minting: join', state: state({ phase: 'minting', run, ticket: 1 }, { handled: [5 * HOUR] }), trigger: trigger('session-expired', 4 * HOUR), meaning: 'join', at: 4 * HOUR },
  { name: 'another session while waiting for ready: join', state: state({ phase: 'waiting-ready', run }, { handled: [5 * HOUR] }), trigger: trigger('session-expiring', 7 * HOUR), meaning: 'join', at: 7 * HOUR },
  {
    name: 'awaiting the verdict, news of a newer session: taken, then start',
    state: state({ phase: 'awaiting-verdict', run }, { handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }), trigger: trigger('session-expiring', 29 * HOUR, 200), meaning: 'taken-then-start', at: 29 * HOUR,
  },
  {
    name: 'awaiting the verdict, a lapse at the old expiry is the old session: join',
    state: state({ phase: 'awaiting-verdict', run }, { handled: [4 * HOUR], known: 5 * HOUR, sentAt: 100 }), trigger: trigger('session-expired', 5 * HOUR, 200), meaning: 'join', at: 5 * HOUR,
  },
  {
    name: 'awaiting the verdict, an early lapse of a newer session: taken, then start',
    state: state({ phase: 'awaiting-verdict', run }, { handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }), trigger: trigger('session-expired', 5 * HOUR - 1, 200), meaning: 'taken-then-start', at: 5 * HOUR - 1,
  },
  {
    name: 'awaiting the verdict, an event built before we sent: join',
    state: state({ phase: 'awaiting-verdict', run }, { handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }), trigger: trigger('session-expiring', 29 * HOUR, 99), meaning: 'join', at: 29 * HOUR,
  },
  {
    name: 'awaiting the verdict, an event of the very millisecond we sent: ambiguous',
    state: state({ phase: 'awaiting-verdict', run }, { handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }), trigger: trigger('session-expiring', 29 * HOUR, 100), meaning: 'ambiguous', at: 29 * HOUR,
  },
  {
    name: 'awaiting the verdict, renewSession() names no session: join',
    state: state({ phase: 'awaiting-verdict', run }, { handled: [4 * HOUR], known: 5 * HOUR, sentAt: 100 }), trigger: trigger('manual'), meaning: 'join', at: 5 * HOUR,
  },
  {
    name: 'in backoff, news of a newer session still joins (no id of ours is out)',
    state: state({ phase: 'backoff', run }, { handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }), trigger: trigger('session-expiring', 29 * HOUR, 200), meaning: 'join', at: 29 * HOUR,
  },
];

describe('classifyTrigger', () => {
  it.each(rows)('$name', (row) => {
    expect(classifyTrigger(row.state, row.trigger)).toEqual({ meaning: row.meaning, at: row.at });
  });
});
