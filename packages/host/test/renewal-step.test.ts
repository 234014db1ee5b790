// Table tests of the pure renewal transition: state, signal, next state, and what the step says
// (the run that ended, the log line). The effect layer around it is tested through createEmbed
// (renewal.test.ts) and the model test with 10,000 interleavings (test/unit/renewal-model.test.ts).
import { describe, expect, it } from 'vitest';
import { EmbedError } from '../src/errors.js';
import {
  ESTIMATED_LIFETIME_MS, initialRenewalState, RENEWAL_WINDOW_MS,
  type RenewalConfig, type RenewalRun, type RenewalSignal, type RenewalState, type RenewalStep,
} from '../src/renewal-state.js';
import { renewalStep } from '../src/renewal-step.js';

const HOUR = 3_600_000;
const config: RenewalConfig = { policy: { attempts: 3, delayMs: 1_000 }, canMint: true };
const readyState = (changes: Partial<RenewalState> = {}): RenewalState => ({ ...initialRenewalState(0), readiness: { name: 'ready' }, ...changes });
const run = (changes: Partial<RenewalRun> = {}): RenewalRun => ({ trigger: 'session-expiring', auth: false, targets: [5 * HOUR], sentBefore: -Infinity, attempt: 1, ...changes });
const failure = new EmbedError('mint-failed', 'mintSessionId failed: down');
const notReady = new EmbedError('ready-timeout', 'no ready event');

interface Row {
  name: string;
  from: RenewalState;
  signal: RenewalSignal;
  to: Partial<RenewalState>;
  ended?: RenewalStep['ended'];
  log?: unknown[];
  with?: RenewalConfig;
}

const expiring = (expiry: number, now = 4 * HOUR, builtAt?: number): RenewalSignal => ({ type: 'trigger', trigger: 'session-expiring', now, expiry, builtAt });
const expired = (expiry: number, now = 5 * HOUR, builtAt?: number): RenewalSignal => ({ type: 'trigger', trigger: 'session-expired', now, expiry, builtAt });

const triggers: Row[] = [
  {
    name: 'a trigger starts a run and mints at once when the embed is ready',
    from: readyState(), signal: expiring(5 * HOUR),
    to: { phase: 'minting', run: run(), handled: [5 * HOUR], known: 5 * HOUR }, log: ['renew', 'session-expiring'],
  },
  {
    name: 'before the first ready, the run waits for it',
    from: initialRenewalState(0), signal: expiring(5 * HOUR),
    to: { phase: 'waiting-ready', run: run() }, log: ['renew', 'session-expiring'],
  },
  {
    name: 'after ready failed, the run fails at once with its error',
    from: readyState({ readiness: { name: 'failed', error: notReady } }), signal: expiring(5 * HOUR),
    to: { phase: 'idle', run: undefined, handled: [] }, ended: { trigger: 'session-expiring', attempts: 1, error: notReady },
    log: ['renew', 'session-expiring'],
  },
  {
    name: 'a session already renewed is dropped',
    from: readyState({ phase: 'taken', run: run(), handled: [5 * HOUR] }), signal: expired(5 * HOUR),
    to: { phase: 'taken', handled: [5 * HOUR] }, log: ['drop', 'session-expired', 'already renewed'],
  },
  {
    name: 'an event built before our last set-session is about an older session',
    from: readyState({ sentAt: 100 }), signal: expired(5 * HOUR, 5 * HOUR, 99),
    to: { phase: 'idle' }, log: ['drop', 'session-expired', 'already renewed'],
  },
  {
    name: 'an event built in the very millisecond we sent starts nothing',
    from: readyState({ sentAt: 100 }), signal: expired(5 * HOUR, 5 * HOUR, 100),
    to: { phase: 'idle' }, log: ['drop', 'session-expired', 'already renewed'],
  },
  {
    name: 'while minting, a trigger for another session joins the run',
    from: readyState({ phase: 'minting', run: run(), handled: [5 * HOUR], known: 5 * HOUR }), signal: expired(4 * HOUR),
    to: { phase: 'minting', run: run({ targets: [5 * HOUR, 4 * HOUR] }), handled: [5 * HOUR, 4 * HOUR], known: 5 * HOUR },
  },
  {
    name: 'awaiting the verdict, a warning about a newer session means our id was taken: settle, then renew that one',
    from: readyState({ phase: 'awaiting-verdict', run: run(), handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }),
    signal: expiring(29 * HOUR, 6 * HOUR, 200),
    to: { phase: 'minting', run: run({ targets: [29 * HOUR], sentBefore: 100 }), handled: [5 * HOUR, 29 * HOUR], known: 29 * HOUR, mintedAt: 6 * HOUR },
    ended: { trigger: 'session-expiring', attempts: 1 }, log: ['renew', 'session-expiring'],
  },
  {
    name: 'awaiting the verdict, a lapse at or after the old expiry is the old session: it joins',
    from: readyState({ phase: 'awaiting-verdict', run: run(), handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }),
    signal: expired(6 * HOUR, 6 * HOUR, 200),
    to: { phase: 'awaiting-verdict', run: run({ targets: [5 * HOUR, 6 * HOUR] }) },
  },
  {
    name: 'awaiting the verdict, an event of the very millisecond we sent neither settles nor joins',
    from: readyState({ phase: 'awaiting-verdict', run: run(), handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }),
    signal: expiring(29 * HOUR, 6 * HOUR, 100),
    to: { phase: 'awaiting-verdict', run: run(), handled: [5 * HOUR] },
  },
  {
    name: 'awaiting the verdict, renewSession() (no expiry) is about the session being renewed: its caller waits for the run',
    from: readyState({ phase: 'awaiting-verdict', run: run(), handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }),
    signal: { type: 'trigger', trigger: 'manual', now: 6 * HOUR },
    to: { phase: 'awaiting-verdict', run: run() }, log: ['drop', 'manual', 'already renewed'],
  },
  {
    name: 'a wake-up near the expiry renews the estimated session',
    from: readyState(), signal: { type: 'wake', now: ESTIMATED_LIFETIME_MS - RENEWAL_WINDOW_MS },
    to: { phase: 'minting', run: run({ trigger: 'foreground', targets: [ESTIMATED_LIFETIME_MS] }) }, log: ['renew', 'foreground'],
  },
  {
    name: 'a wake-up far from the expiry does nothing',
    from: readyState(), signal: { type: 'wake', now: ESTIMATED_LIFETIME_MS - RENEWAL_WINDOW_MS - 1 },
    to: { phase: 'idle', run: undefined },
  },
  {
    name: 'a wake-up before the first ready says nothing about a session',
    from: initialRenewalState(0), signal: { type: 'wake', now: ESTIMATED_LIFETIME_MS },
    to: { phase: 'idle' },
  },
  {
    name: 'the first id put to use is the base of the estimate',
    from: readyState(), signal: { type: 'first-id-used', now: 42 },
    to: { mintedAt: 42 },
  },
];

const attempts: Row[] = [
  {
    name: 'the id went out: await the verdict and remember when',
    from: readyState({ phase: 'minting', run: run() }), signal: { type: 'sent', now: 300 },
    to: { phase: 'awaiting-verdict', sentAt: 300 },
  },
  {
    name: 'an auth run sent its id: sentAt is left alone',
    from: readyState({ phase: 'minting', run: run({ trigger: 'auth', auth: true, targets: [] }), sentAt: 100 }), signal: { type: 'sent', now: 300 },
    to: { phase: 'awaiting-verdict', sentAt: 100 },
  },
  {
    name: 'no rejection within the window: taken',
    from: readyState({ phase: 'awaiting-verdict', run: run(), known: 5 * HOUR }), signal: { type: 'timer', now: 7 },
    to: { phase: 'taken', run: run(), mintedAt: 7, known: undefined }, ended: { trigger: 'session-expiring', attempts: 1 },
  },
  {
    name: 'a rejection within the window: the attempt fails a microtask later',
    from: readyState({ phase: 'awaiting-verdict', run: run() }), signal: { type: 'rejected' },
    to: { phase: 'rejected' },
  },
  {
    name: 'a failed attempt before the last backs off',
    from: readyState({ phase: 'rejected', run: run() }), signal: { type: 'attempt-failed', error: failure },
    to: { phase: 'backoff', run: run() }, log: ['retry', 1, failure],
  },
  {
    name: 'the backoff elapsed: the next attempt mints',
    from: readyState({ phase: 'backoff', run: run() }), signal: { type: 'timer', now: 0 },
    to: { phase: 'minting', run: run({ attempt: 2 }) },
  },
  {
    name: 'the last attempt failed: forget the run, its sessions and its ids',
    from: readyState({ phase: 'minting', run: run({ attempt: 3, sentBefore: 50 }), handled: [1, 5 * HOUR], sentAt: 900 }),
    signal: { type: 'attempt-failed', error: failure },
    to: { phase: 'idle', run: undefined, handled: [1], sentAt: 50 }, ended: { trigger: 'session-expiring', attempts: 3, error: failure },
  },
  {
    name: 'a rejection after the verdict undoes that renewal and renews its sessions again',
    from: readyState({ phase: 'taken', run: run({ targets: [4 * HOUR, 5 * HOUR], sentBefore: 50 }), handled: [4 * HOUR, 5 * HOUR], sentAt: 900 }),
    signal: { type: 'rejected' },
    to: { phase: 'minting', run: run({ targets: [5 * HOUR], sentBefore: 50 }), handled: [5 * HOUR], sentAt: 50 }, log: ['renew', 'session-expiring'],
  },
  {
    name: 'a rejection with no renewal waiting is dropped',
    from: readyState(), signal: { type: 'rejected' },
    to: { phase: 'idle' }, log: ['drop', 'rejection with no renewal waiting'],
  },
  {
    name: 'a result that comes in another phase changes nothing',
    from: readyState({ phase: 'backoff', run: run() }), signal: { type: 'sent', now: 1 },
    to: { phase: 'backoff', sentAt: -Infinity },
  },
];

const auth: Row[] = [
  {
    name: 'the embed refused its id: an auth run mints at once, past the queue',
    from: initialRenewalState(0), signal: { type: 'auth' },
    to: { phase: 'minting', run: run({ trigger: 'auth', auth: true, targets: [] }) }, log: ['renew', 'auth'],
  },
  {
    name: 'refused again while our id was out: that id failed',
    from: readyState({ phase: 'awaiting-verdict', run: run() }), signal: { type: 'auth' },
    to: { phase: 'rejected', run: run({ auth: true }) },
  },
  {
    name: 'a run waiting for ready starts now, in auth mode',
    from: { ...initialRenewalState(0), phase: 'waiting-ready', run: run({ trigger: 'manual' }) }, signal: { type: 'auth' },
    to: { phase: 'minting', run: run({ trigger: 'manual', auth: true }) },
  },
  {
    name: 'refused again while an id is being minted: it is on its way',
    from: readyState({ phase: 'minting', run: run({ trigger: 'auth', auth: true, targets: [] }) }), signal: { type: 'auth' },
    to: { phase: 'minting' }, log: ['drop', 'auth', 'a fresh id is on its way'],
  },
  {
    name: 'ready is the verdict of an auth run',
    from: initialRenewalState(0), signal: { type: 'ready', now: 9 },
    to: { phase: 'idle', readiness: { name: 'ready' } },
  },
  {
    name: 'ready settles an auth run awaiting it, without a renewed notification of its own',
    from: { ...initialRenewalState(0), phase: 'awaiting-verdict', run: run({ trigger: 'auth', auth: true, targets: [] }) }, signal: { type: 'ready', now: 9 },
    to: { phase: 'idle', run: undefined, readiness: { name: 'ready' }, mintedAt: 0 }, ended: { trigger: 'auth', attempts: 1 },
  },
  {
    name: 'ready starts the run that waited for it',
    from: { ...initialRenewalState(0), phase: 'waiting-ready', run: run() }, signal: { type: 'ready', now: 9 },
    to: { phase: 'minting', readiness: { name: 'ready' } },
  },
  {
    name: 'no id worked: ready rejects with session-rejected, naming how many were tried',
    from: { ...initialRenewalState(0), phase: 'rejected', run: run({ trigger: 'auth', auth: true, targets: [], attempt: 3 }) },
    signal: { type: 'attempt-failed', error: failure },
    to: { phase: 'idle', run: undefined, readiness: { name: 'failed', error: expect.objectContaining({ code: 'session-rejected' }) } },
    ended: { trigger: 'auth', attempts: 3, error: expect.objectContaining({ message: 'the embed could not authenticate with 3 fresh session ids' }) },
  },
  {
    name: 'without mintSessionId there is nothing to try',
    from: initialRenewalState(0), signal: { type: 'auth' }, with: { ...config, canMint: false },
    to: { phase: 'idle' },
    ended: { trigger: 'auth', attempts: 0, error: expect.objectContaining({ message: 'the embed could not authenticate with its session id (no mintSessionId to mint another)' }) },
  },
  {
    name: 'an embed that was ready once stays ready when a later recovery fails',
    from: readyState({ phase: 'minting', run: run({ trigger: 'auth', auth: true, targets: [], attempt: 3 }) }),
    signal: { type: 'attempt-failed', error: failure },
    to: { readiness: { name: 'ready' } }, ended: { trigger: 'auth', attempts: 3, error: expect.objectContaining({ code: 'session-rejected' }) },
  },
];

const lifecycle: Row[] = [
  {
    name: 'ready failed: a run waiting for it fails with that error',
    from: { ...initialRenewalState(0), phase: 'waiting-ready', run: run({ trigger: 'manual' }) }, signal: { type: 'ready-failed', error: notReady },
    to: { phase: 'idle', readiness: { name: 'failed', error: notReady } }, ended: { trigger: 'manual', attempts: 1, error: notReady },
  },
  {
    name: 'ready failing after the embed was ready changes nothing',
    from: readyState(), signal: { type: 'ready-failed', error: notReady },
    to: { readiness: { name: 'ready' } },
  },
  {
    name: 'destroyed: the run ends (the layer rejects its callers) and nothing happens after',
    from: readyState({ phase: 'backoff', run: run() }), signal: { type: 'destroyed' },
    to: { phase: 'destroyed', run: undefined },
  },
  {
    name: 'after destroyed, triggers do nothing',
    from: readyState({ phase: 'destroyed' }), signal: expiring(5 * HOUR),
    to: { phase: 'destroyed', run: undefined, handled: [] },
  },
];

describe.each([
  ['triggers', triggers],
  ['attempts', attempts],
  ['auth', auth],
  ['lifecycle', lifecycle],
])('renewalStep: %s', (_group, rows) => {
  it.each(rows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const step = renewalStep(row.from, row.signal, row.with ?? config);
    expect(step.state).toMatchObject(row.to);
    expect(step.ended).toEqual(row.ended);
    expect(step.log).toEqual(row.log);
  });
});

describe('renewalStep is pure', () => {
  it('leaves the state it was given untouched', () => {
    const from = readyState({ phase: 'taken', run: run({ targets: [4 * HOUR, 5 * HOUR] }), handled: [4 * HOUR, 5 * HOUR] });
    const copy = structuredClone(from);
    renewalStep(from, { type: 'rejected' }, config);
    expect(from).toEqual(copy);
  });
});
