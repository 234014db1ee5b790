// The renewal machine as rules: phase, signal, next phase, effects. Rows never assert internal fields
// or log lines, so a reshape of the state keeps them. The runner around the step is tested through
// createEmbed (renewal.test.ts) and the model test with 10,000 interleavings
// (test/unit/renewal-model.test.ts); trigger classification has its own table (renewal-trigger.test.ts).
import { describe, expect, it } from 'vitest';
import { EmbedError } from '../../src/base/errors.js';
import {
  ESTIMATED_LIFETIME_MS, initialRenewalState, RENEWAL_WINDOW_MS, type LoadState, type RenewalConfig, type RenewalEffect, type RenewalRun, type RenewalSignal,
} from '../../src/renewal/renewal.js';
import { renewalStep } from '../../src/renewal/renewal-step.js';
import { config, expired, expiring, failure, HOUR, READY, readyEffects, run, state, type Row } from '../support/renewal-fixtures.js';

const privateConfig: RenewalConfig = { ...config, canMint: false };
const notReady = new EmbedError('ready-timeout', 'no ready event');
const code = (value: string) => expect.objectContaining({ code: value });

const loading = (load: LoadState) => state({ phase: 'idle' }, { load, tickets: 1 });
const authRun = (changes: Partial<RenewalRun> = {}) => run({ trigger: 'auth', delivery: 'urgent', targets: [], ...changes });
const minted = (ticket: number, delivery: 'url' | 'queued' | 'urgent' = 'queued'): RenewalSignal => ({ type: 'minted', ticket, sessionId: 's', now: 7, delivery });
const renewedInfo = (attempts = 1, trigger = 'session-expiring') => ({ type: 'emit', name: 'renewed', info: { trigger, attempts } });
const failedInfo = (error: unknown, attempts = 1, trigger = 'session-expiring') => ({ type: 'emit', name: 'renewal-failed', info: { trigger, attempts, error } });

const blocked = new EmbedError('csp-blocked', 'connect-src');
const silent = new EmbedError('frame-silent', 'no ready after load');
const silentConfig = { ...config, silentAfterLoadMs: 5_000 };
const firstLoad: Row[] = [
  // The iframe's page loaded; the page's policy refused the endpoint (issue 40).
  {
    name: 'the iframe\'s page loaded while waiting for ready: the frame-silent wait starts',
    from: loading({ name: 'loading' }), signal: { type: 'frame-loaded' }, with: silentConfig, to: 'idle', load: 'loading',
    effects: [{ type: 'start-timer', timer: 'frame-silent', ms: 5_000 }],
  },
  {
    name: 'a load with no wait configured (readyTimeoutMs 0), or before the URL is set, starts nothing',
    from: loading({ name: 'minting', attempt: 1, ticket: 1 }), signal: { type: 'frame-loaded' }, with: silentConfig, to: 'idle', load: 'minting', effects: [],
  },
  {
    name: 'ready during the wait cancels both timers',
    from: loading({ name: 'loading', silentWait: true }), signal: { type: 'ready', now: 1, payload: READY }, to: 'idle', load: 'ready',
    effects: [{ type: 'cancel-timer', timer: 'ready-timeout' }, { type: 'cancel-timer', timer: 'frame-silent' }, { type: 'resolve-ready', payload: READY }, { type: 'open-outbox' }],
  },
  {
    name: 'the embed refused its id during the wait (it speaks): the wait ends, a fresh id goes out',
    from: loading({ name: 'loading', silentWait: true }), signal: { type: 'auth-error' }, with: silentConfig, to: 'minting', load: 'loading',
    effects: [{ type: 'cancel-timer', timer: 'frame-silent' }, { type: 'mint', ticket: 2, delivery: 'urgent' }],
  },
  {
    name: 'the page stayed silent after its load: frame-silent rejects ready',
    from: loading({ name: 'loading', silentWait: true }), signal: { type: 'frame-silent', error: silent }, to: 'idle', load: 'failed',
    effects: [{ type: 'reject-ready', error: silent }],
  },
  {
    name: 'the endpoint blocked while its mint is out: the load fails at once',
    from: loading({ name: 'minting', attempt: 1, ticket: 1 }), signal: { type: 'endpoint-blocked', error: blocked }, to: 'idle', load: 'failed',
    effects: [{ type: 'reject-ready', error: blocked }],
  },
  {
    name: 'the endpoint blocked after its mint failed (backing off): the backoff ends, the load fails, no next attempt',
    from: loading({ name: 'backoff', attempt: 1 }), signal: { type: 'endpoint-blocked', error: blocked }, to: 'idle', load: 'failed',
    effects: [{ type: 'cancel-timer', timer: 'load-backoff' }, { type: 'reject-ready', error: blocked }],
  },
  {
    name: 'the endpoint blocked once the URL is set changes nothing',
    from: loading({ name: 'loading' }), signal: { type: 'endpoint-blocked', error: blocked }, to: 'idle', load: 'loading', effects: [],
  },
  {
    name: 'a signed embed with a URL mints its first id',
    from: initialRenewalState(0), signal: { type: 'start', now: 0 }, to: 'idle', load: 'minting', effects: [{ type: 'mint', ticket: 1, delivery: 'url' }],
  },
  {
    name: 'a private embed loads its URL at once and waits for ready',
    from: initialRenewalState(0), signal: { type: 'start', now: 0 }, with: privateConfig, to: 'idle', load: 'loading',
    effects: [{ type: 'load-url' }, { type: 'start-timer', timer: 'ready-timeout', ms: 30_000 }],
  },
  {
    name: 'a signed embed without a URL of its own (a wrapped iframe) mints nothing; readyTimeoutMs 0 arms nothing',
    from: initialRenewalState(0), signal: { type: 'start', now: 0 }, with: { ...config, hasUrl: false, readyTimeoutMs: 0 }, to: 'idle', load: 'loading',
    effects: [{ type: 'load-url' }],
  },
  {
    name: 'the first id goes into the URL, and the ready timer starts',
    from: loading({ name: 'minting', attempt: 1, ticket: 1 }), signal: minted(1, 'url'), to: 'idle', load: 'loading',
    effects: [{ type: 'load-url', sessionId: 's' }, { type: 'start-timer', timer: 'ready-timeout', ms: 30_000 }],
  },
  {
    name: 'a failed first mint backs off before the next attempt',
    from: loading({ name: 'minting', attempt: 1, ticket: 1 }), signal: { type: 'mint-failed', ticket: 1, error: failure, delivery: 'url' }, to: 'idle', load: 'backoff',
    effects: [{ type: 'start-timer', timer: 'load-backoff', ms: 1_000 }],
  },
  {
    name: 'after the backoff, the next first-id attempt mints a fresh id',
    from: loading({ name: 'backoff', attempt: 2 }), signal: { type: 'load-backoff-elapsed' }, to: 'idle', load: 'minting',
    effects: [{ type: 'mint', ticket: 2, delivery: 'url' }],
  },
  {
    name: 'the last failed first mint rejects ready with its error',
    from: loading({ name: 'minting', attempt: 3, ticket: 1 }), signal: { type: 'mint-failed', ticket: 1, error: failure, delivery: 'url' }, to: 'idle', load: 'failed',
    effects: [{ type: 'reject-ready', error: failure }],
  },
  {
    name: 'the last failed first mint also fails a renewal waiting for ready',
    from: state({ phase: 'waiting-ready', run: run({ trigger: 'manual' }) }, { load: { name: 'minting', attempt: 3, ticket: 1 }, handled: [5 * HOUR] }),
    signal: { type: 'mint-failed', ticket: 1, error: failure, delivery: 'url' }, to: 'idle', load: 'failed',
    effects: [{ type: 'reject-ready', error: failure }, failedInfo(failure, 1, 'manual'), { type: 'settle-callers', error: failure }],
  },
  {
    name: 'ready: resolve it and open the queue',
    from: loading({ name: 'loading' }), signal: { type: 'ready', now: 1, payload: READY }, to: 'idle', load: 'ready', effects: readyEffects,
  },
  {
    name: 'a late ready after a timeout still counts',
    from: loading({ name: 'failed', error: notReady }), signal: { type: 'ready', now: 1, payload: READY }, to: 'idle', load: 'ready', effects: readyEffects,
  },
  {
    name: 'no ready in time rejects it',
    from: loading({ name: 'loading' }), signal: { type: 'ready-timeout', error: notReady }, to: 'idle', load: 'failed', effects: [{ type: 'reject-ready', error: notReady }],
  },
  {
    name: 'a ready timeout after ready changes nothing',
    from: state({ phase: 'idle' }), signal: { type: 'ready-timeout', error: notReady }, to: 'idle', load: 'ready', effects: [],
  },
];

const triggers: Row[] = [
  {
    name: 'a trigger starts a run and mints at once when the embed is ready',
    from: state({ phase: 'idle' }), signal: expiring(5 * HOUR), to: 'minting', effects: [{ type: 'mint', ticket: 2, delivery: 'queued' }],
  },
  {
    name: 'before the first ready, the run waits for it',
    from: loading({ name: 'loading' }), signal: expiring(5 * HOUR), to: 'waiting-ready', effects: [],
  },
  {
    name: 'ready starts the run waiting for it',
    from: state({ phase: 'waiting-ready', run: run() }, { load: { name: 'loading' } }), signal: { type: 'ready', now: 1, payload: READY },
    to: 'minting', effects: [...readyEffects, { type: 'mint', ticket: 2, delivery: 'queued' }],
  },
  {
    name: 'after ready failed, the run fails at once with its error',
    from: loading({ name: 'failed', error: notReady }), signal: expiring(5 * HOUR), to: 'idle',
    effects: [failedInfo(notReady), { type: 'settle-callers', error: notReady }],
  },
  {
    name: 'a ready timeout fails the run waiting for ready',
    from: state({ phase: 'waiting-ready', run: run() }, { load: { name: 'loading' } }), signal: { type: 'ready-timeout', error: notReady },
    to: 'idle', load: 'failed', effects: [{ type: 'reject-ready', error: notReady }, failedInfo(notReady), { type: 'settle-callers', error: notReady }],
  },
  {
    name: 'a session already renewed is dropped',
    from: state({ phase: 'taken', run: run() }, { handled: [5 * HOUR] }), signal: expired(5 * HOUR), to: 'taken', effects: [],
  },
  {
    name: 'an event built before our last set-session is about an older session',
    from: state({ phase: 'idle' }, { sentAt: 100 }), signal: expired(5 * HOUR, 5 * HOUR, 99), to: 'idle', effects: [],
  },
  {
    name: 'while minting, a trigger for another session joins the run',
    from: state({ phase: 'minting', run: run(), ticket: 2 }, { handled: [5 * HOUR], known: 5 * HOUR }), signal: expired(4 * HOUR), to: 'minting', effects: [],
  },
  {
    name: 'awaiting the verdict, a warning about a newer session means our id was taken: settle, then renew that one',
    from: state({ phase: 'awaiting-verdict', run: run() }, { handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }), signal: expiring(29 * HOUR, 6 * HOUR, 200),
    to: 'minting', effects: [{ type: 'cancel-timer', timer: 'verdict' }, renewedInfo(), { type: 'settle-callers' }, { type: 'mint', ticket: 2, delivery: 'queued' }],
  },
  {
    name: 'awaiting the verdict, a lapse at or after the old expiry is the old session: it joins',
    from: state({ phase: 'awaiting-verdict', run: run() }, { handled: [5 * HOUR], known: 5 * HOUR, sentAt: 100 }), signal: expired(6 * HOUR, 6 * HOUR, 200),
    to: 'awaiting-verdict', effects: [],
  },
  {
    name: 'a wake-up near the expiry renews the estimated session',
    from: state({ phase: 'idle' }), signal: { type: 'wake-up', now: ESTIMATED_LIFETIME_MS - RENEWAL_WINDOW_MS }, to: 'minting', effects: [{ type: 'mint', ticket: 2, delivery: 'queued' }],
  },
  {
    name: 'a wake-up far from the expiry does nothing',
    from: state({ phase: 'idle' }), signal: { type: 'wake-up', now: ESTIMATED_LIFETIME_MS - RENEWAL_WINDOW_MS - 1 }, to: 'idle', effects: [],
  },
  {
    name: 'a wake-up before the first ready says nothing about a session',
    from: loading({ name: 'loading' }), signal: { type: 'wake-up', now: ESTIMATED_LIFETIME_MS }, to: 'idle', effects: [],
  },
  {
    name: 'a private embed renews nothing',
    from: state({ phase: 'idle' }), signal: expiring(5 * HOUR), with: privateConfig, to: 'idle', effects: [],
  },
];

const attempts: Row[] = [
  {
    name: 'the id went out through the queue: await the verdict for 10 s',
    from: state({ phase: 'minting', run: run(), ticket: 2 }), signal: minted(2), to: 'awaiting-verdict',
    effects: [{ type: 'post-session', sessionId: 's', delivery: 'queued' }, { type: 'start-timer', timer: 'verdict', ms: 10_000 }],
  },
  {
    name: 'an urgent id goes past the queue: ready is its verdict, no timer',
    from: state({ phase: 'minting', run: authRun(), ticket: 2 }), signal: minted(2, 'urgent'), to: 'awaiting-verdict',
    effects: [{ type: 'post-session', sessionId: 's', delivery: 'urgent' }],
  },
  {
    name: 'an id whose run moved on goes out as its mint asked, and counts for nothing',
    from: state({ phase: 'minting', run: run(), ticket: 3 }), signal: minted(2, 'urgent'), to: 'minting',
    effects: [{ type: 'post-session', sessionId: 's', delivery: 'urgent' }],
  },
  {
    name: 'a first id that arrives when the URL no longer waits for it is revoked',
    from: state({ phase: 'idle' }), signal: minted(1, 'url'), to: 'idle', effects: [{ type: 'revoke-late-id', sessionId: 's' }],
  },
  {
    name: 'a failed mint of another ticket changes nothing',
    from: state({ phase: 'minting', run: run(), ticket: 3 }), signal: { type: 'mint-failed', ticket: 2, error: failure, delivery: 'queued' }, to: 'minting', effects: [],
  },
  {
    name: 'no rejection within the window: taken',
    from: state({ phase: 'awaiting-verdict', run: run() }), signal: { type: 'verdict-elapsed', now: 7 }, to: 'taken',
    effects: [{ type: 'cancel-timer', timer: 'verdict' }, renewedInfo(), { type: 'settle-callers' }],
  },
  {
    name: 'a verdict timer that outlived its phase changes nothing',
    from: state({ phase: 'minting', run: run(), ticket: 2 }), signal: { type: 'verdict-elapsed', now: 7 }, to: 'minting', effects: [],
  },
  {
    name: 'a rejection within the window: the attempt fails a microtask later',
    from: state({ phase: 'awaiting-verdict', run: run() }), signal: { type: 'rejected' }, to: 'rejected',
    effects: [{ type: 'cancel-timer', timer: 'verdict' }, { type: 'settle-rejection-soon', error: code('session-rejected') }],
  },
  {
    name: 'a failed attempt before the last backs off',
    from: state({ phase: 'rejected', run: run() }), signal: { type: 'rejection-settled', error: failure }, to: 'backoff',
    effects: [{ type: 'start-timer', timer: 'backoff', ms: 1_000 }],
  },
  {
    name: 'the backoff doubles with each attempt',
    from: state({ phase: 'minting', run: run({ attempt: 2 }), ticket: 2 }), signal: { type: 'mint-failed', ticket: 2, error: failure, delivery: 'queued' }, to: 'backoff',
    effects: [{ type: 'start-timer', timer: 'backoff', ms: 2_000 }],
  },
  {
    name: 'the backoff elapsed: the next attempt mints a fresh id',
    from: state({ phase: 'backoff', run: run() }), signal: { type: 'backoff-elapsed' }, to: 'minting',
    effects: [{ type: 'cancel-timer', timer: 'backoff' }, { type: 'mint', ticket: 2, delivery: 'queued' }],
  },
  {
    name: 'the last attempt failed: the run fails',
    from: state({ phase: 'minting', run: run({ attempt: 3 }), ticket: 2 }), signal: { type: 'mint-failed', ticket: 2, error: failure, delivery: 'queued' }, to: 'idle',
    effects: [failedInfo(failure, 3), { type: 'settle-callers', error: failure }],
  },
  {
    name: 'a rejection settled after the phase moved on changes nothing',
    from: state({ phase: 'backoff', run: run() }), signal: { type: 'rejection-settled', error: failure }, to: 'backoff', effects: [],
  },
  {
    name: 'rejected after the verdict: forget that renewal and renew its sessions again',
    from: state({ phase: 'taken', run: run() }, { handled: [5 * HOUR] }), signal: { type: 'rejected' }, to: 'minting', effects: [{ type: 'mint', ticket: 2, delivery: 'queued' }],
  },
  {
    name: 'a rejection nobody waits for is dropped',
    from: state({ phase: 'idle' }), signal: { type: 'rejected' }, to: 'idle', effects: [],
  },
];

const authentication: Row[] = [
  {
    name: 'a refused id: a fresh one goes out at once, past the queue',
    from: loading({ name: 'loading' }), signal: { type: 'auth-error' }, to: 'minting', effects: [{ type: 'mint', ticket: 2, delivery: 'urgent' }],
  },
  {
    name: 'refused again while our id is out: that attempt failed',
    from: state({ phase: 'awaiting-verdict', run: run() }), signal: { type: 'auth-error' }, to: 'rejected',
    effects: [{ type: 'cancel-timer', timer: 'verdict' }, { type: 'settle-rejection-soon', error: code('session-rejected') }],
  },
  {
    name: 'refused while a run waits for ready: it mints at once, past the queue',
    from: state({ phase: 'waiting-ready', run: run() }, { load: { name: 'loading' } }), signal: { type: 'auth-error' }, to: 'minting',
    effects: [{ type: 'mint', ticket: 2, delivery: 'urgent' }],
  },
  {
    name: 'a repeat while a fresh id is being minted says nothing new',
    from: state({ phase: 'minting', run: authRun(), ticket: 2 }, { load: { name: 'loading' } }), signal: { type: 'auth-error' }, to: 'minting', effects: [],
  },
  {
    name: 'ready is the verdict of an urgent run: it worked',
    from: state({ phase: 'awaiting-verdict', run: authRun() }, { load: { name: 'loading' } }), signal: { type: 'ready', now: 9, payload: READY },
    to: 'idle', effects: [{ type: 'cancel-timer', timer: 'verdict' }, ...readyEffects, { type: 'settle-callers' }],
  },
  {
    name: 'ready ends a renewal that turned urgent as taken',
    from: state({ phase: 'awaiting-verdict', run: run({ delivery: 'urgent' }) }), signal: { type: 'ready', now: 9, payload: READY },
    to: 'taken', effects: [{ type: 'cancel-timer', timer: 'verdict' }, ...readyEffects, renewedInfo(), { type: 'settle-callers' }],
  },
  {
    name: 'the last refused id: ready rejects with session-rejected',
    from: state({ phase: 'rejected', run: authRun({ attempt: 3 }) }, { load: { name: 'loading' } }), signal: { type: 'rejection-settled', error: failure }, to: 'idle', load: 'failed',
    effects: [
      { type: 'reject-ready', error: code('session-rejected') },
      failedInfo(code('session-rejected'), 3, 'auth'),
      { type: 'settle-callers', error: code('session-rejected') },
    ],
  },
  {
    name: 'without mintSessionId a refused id rejects ready at once',
    from: loading({ name: 'loading' }), signal: { type: 'auth-error' }, with: privateConfig, to: 'idle', load: 'failed',
    effects: [
      { type: 'reject-ready', error: code('session-rejected') },
      failedInfo(code('session-rejected'), 0, 'auth'),
      { type: 'settle-callers', error: code('session-rejected') },
    ],
  },
  {
    name: 'an embed that was ready once stays ready when it cannot authenticate later',
    from: state({ phase: 'idle' }), signal: { type: 'auth-error' }, with: privateConfig, to: 'idle', load: 'ready',
    effects: [failedInfo(code('session-rejected'), 0, 'auth'), { type: 'settle-callers', error: code('session-rejected') }],
  },
];

const destroy: Row[] = [
  {
    name: 'destroy ends everything and rejects the callers',
    from: state({ phase: 'backoff', run: run() }), signal: { type: 'destroyed' }, to: 'destroyed',
    effects: [{ type: 'cancel-timer', timer: 'backoff' }, { type: 'settle-callers', error: code('destroyed') }],
  },
  {
    name: 'after destroy, an id still on its way is revoked, never used',
    from: state({ phase: 'destroyed' }), signal: minted(2), to: 'destroyed', effects: [{ type: 'revoke-late-id', sessionId: 's' }],
  },
  {
    name: 'after destroy, nothing else happens',
    from: state({ phase: 'destroyed' }), signal: expiring(5 * HOUR), to: 'destroyed', effects: [],
  },
];

describe.each([
  ['the first load', firstLoad],
  ['triggers', triggers],
  ['attempts', attempts],
  ['authentication', authentication],
  ['destroy', destroy],
])('renewalStep: %s', (_, rows) => {
  it.each(rows)('$name', (row) => {
    const step = renewalStep(row.from, row.signal, row.with ?? config);
    expect(step.state.phase).toBe(row.to);
    if (row.load) expect(step.state.load.name).toBe(row.load);
    expect(step.effects as RenewalEffect[]).toEqual(row.effects);
  });
});

describe('renewalStep', () => {
  it('leaves its input untouched', () => {
    const from = Object.freeze(state({ phase: 'awaiting-verdict', run: Object.freeze(run()) }, { handled: Object.freeze([5 * HOUR]) as number[], known: 5 * HOUR, sentAt: 100 }));
    const copy = structuredClone(from);
    renewalStep(from, expiring(29 * HOUR, 6 * HOUR, 200), config);
    renewalStep(from, { type: 'rejected' }, config);
    expect(from).toEqual(copy);
  });

  it('keeps no field of a phase it left', () => {
    const step = renewalStep(state({ phase: 'minting', run: run(), ticket: 2 }), minted(2), config);
    expect(step.state).not.toHaveProperty('ticket');
    expect(renewalStep(step.state, { type: 'destroyed' }, config).state).not.toHaveProperty('run');
  });

  it('a failed run forgets its sessions, so the next trigger about them starts anew', () => {
    const failed = renewalStep(state({ phase: 'minting', run: run({ attempt: 3 }), ticket: 2 }, { handled: [5 * HOUR] }), { type: 'mint-failed', ticket: 2, error: failure, delivery: 'queued' }, config);
    expect(renewalStep(failed.state, expiring(5 * HOUR), config).state.phase).toBe('minting');
  });

  it('a taken run marks its sessions: a late trigger about them is a duplicate', () => {
    const taken = renewalStep(state({ phase: 'awaiting-verdict', run: run() }, { handled: [5 * HOUR] }), { type: 'verdict-elapsed', now: 7 }, config);
    expect(renewalStep(taken.state, expired(5 * HOUR), config).effects).toEqual([]);
  });
});
