import { eventType } from '@svc-embed/protocol';
import { describe, expect, test, vi } from 'vitest';
import { createFrame, MAX_TIMEOUT_MS, type FrameSession } from '../src/index.js';
import { fakeWindow, flush, HOST, HOUR, MINUTE, READY, signedFrame, useFakeClock } from './helpers.js';

const T = Date.UTC(2030, 0, 1);
const EXPIRING = eventType('session-expiring');
const EXPIRED = eventType('session-expired');
const ERROR = eventType('error');

/** Session events posted so far, as [type, payload]. */
const sessionEvents = (posted: { message: any }[]) =>
  posted.filter(({ message }) => message.type !== eventType('ready')).map(({ message }) => [message.type, message.payload]);

/** A signed frame that is ready, with a recorder of session changes. */
function readyFrame(options: Parameters<typeof signedFrame>[0] = {}) {
  const made = signedFrame(options);
  made.frame.ready(READY);
  const changes: FrameSession[] = [];
  made.frame.onSessionChange((session) => changes.push(session));
  return { ...made, changes };
}

useFakeClock(T);

describe('session timers', () => {
  test('session-expiring exactly at expiresAt - warnBeforeMs, session-expired exactly at lapse, once each', () => {
    const { frame, fake, changes } = readyFrame({ lifetimeMs: 2 * HOUR });
    const expiresAt = T + 2 * HOUR;
    expect(frame.session).toEqual({ state: 'active', expiresAt });
    vi.advanceTimersByTime(90 * MINUTE - 1);
    expect(sessionEvents(fake.posted)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt, expiresInMs: 30 * MINUTE }]]);
    expect(frame.session).toEqual({ state: 'expiring', expiresAt });
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(sessionEvents(fake.posted)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt, expiresInMs: 30 * MINUTE }], [EXPIRED, { expiredAt: expiresAt }]]);
    expect(frame.session).toEqual({ state: 'expired', expiresAt });
    vi.advanceTimersByTime(10 * 24 * HOUR);
    fake.document.dispatchEvent(new Event('visibilitychange'));
    expect(sessionEvents(fake.posted)).toHaveLength(2);
    expect(changes.map((session) => session.state)).toEqual(['expiring', 'expired']);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('warnBeforeMs moves the warning', () => {
    const { fake } = readyFrame({ lifetimeMs: HOUR, warnBeforeMs: 5 * MINUTE });
    vi.advanceTimersByTime(55 * MINUTE - 1);
    expect(sessionEvents(fake.posted)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt: T + HOUR, expiresInMs: 5 * MINUTE }]]);
  });

  test('starting inside the warning window sends session-expiring at once with the time left', () => {
    const { frame, fake } = signedFrame({ lifetimeMs: 10 * MINUTE });
    expect(frame.session!.state).toBe('expiring');
    frame.ready(READY);
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt: T + 10 * MINUTE, expiresInMs: 10 * MINUTE }]]);
  });

  test('already expired at start: session-expiring (expiresInMs 0) then session-expired, right after ready', () => {
    const { frame, fake } = signedFrame({ lifetimeMs: -HOUR });
    expect(frame.session).toEqual({ state: 'expired', expiresAt: T - HOUR });
    expect(fake.posted).toEqual([]);
    frame.ready(READY);
    expect(fake.types()).toEqual([eventType('ready'), EXPIRING, EXPIRED]);
    expect(sessionEvents(fake.posted)).toEqual([
      [EXPIRING, { expiresAt: T - HOUR, expiresInMs: 0 }],
      [EXPIRED, { expiredAt: T - HOUR }],
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('expiresInMs is computed when the event is sent, not when the timer fired', () => {
    const { frame, fake } = signedFrame({ lifetimeMs: HOUR });
    vi.advanceTimersByTime(40 * MINUTE); // warning due at 30 min, but the surface is not ready yet
    expect(fake.posted).toEqual([]);
    frame.ready(READY);
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt: T + HOUR, expiresInMs: 20 * MINUTE }]]);
    const expiring = fake.posted[1]!.message;
    expect(expiring.timestamp).toBe(T + 40 * MINUTE);
  });

  test('a clock jumping backwards neither fires early nor repeats an event', () => {
    const { fake, frame } = readyFrame({ lifetimeMs: HOUR });
    vi.advanceTimersByTime(10 * MINUTE);
    vi.setSystemTime(T - 2 * HOUR); // the wall clock is set back by 2h10m
    vi.advanceTimersByTime(20 * MINUTE); // the armed timer fires, but the clock says it is too early
    expect(sessionEvents(fake.posted)).toEqual([]);
    expect(frame.session!.state).toBe('active');
    vi.advanceTimersByTime(2 * HOUR + 10 * MINUTE - 1); // re-armed for the real threshold
    expect(sessionEvents(fake.posted)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt: T + HOUR, expiresInMs: 30 * MINUTE }]]);
    // Backwards again after the warning: the session stays expiring, no second warning.
    vi.setSystemTime(T - 5 * HOUR);
    fake.window.dispatchEvent(new Event('focus'));
    expect(frame.session!.state).toBe('expiring');
    vi.advanceTimersByTime(5 * HOUR + HOUR);
    expect(sessionEvents(fake.posted).map(([type]) => type)).toEqual([EXPIRING, EXPIRED]);
  });

  test('an expiry beyond setTimeout range is waited for in capped steps', () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const lifetimeMs = 60 * 24 * HOUR; // 60 days: more than 2^31-1 ms
    const { fake, frame } = readyFrame({ lifetimeMs });
    expect(Math.max(...setTimeoutSpy.mock.calls.map((call) => call[1] ?? 0))).toBe(MAX_TIMEOUT_MS);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(MAX_TIMEOUT_MS);
    expect(sessionEvents(fake.posted)).toEqual([]);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(lifetimeMs - 30 * MINUTE - MAX_TIMEOUT_MS - 1);
    expect(sessionEvents(fake.posted)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(frame.session!.state).toBe('expiring');
    expect(sessionEvents(fake.posted)).toHaveLength(1);
  });

  test.each([
    ['visibilitychange', 'document'],
    ['pageshow', 'window'],
    ['focus', 'window'],
    ['online', 'window'],
  ] as const)('a frozen timer is caught up on %s', (type, on) => {
    const { fake, frame } = readyFrame({ lifetimeMs: HOUR });
    vi.setSystemTime(T + 2 * HOUR); // the laptop slept: the wall clock moved, no timer ran
    expect(sessionEvents(fake.posted)).toEqual([]);
    (on === 'document' ? fake.document : fake.window).dispatchEvent(new Event(type));
    expect(sessionEvents(fake.posted)).toEqual([
      [EXPIRING, { expiresAt: T + HOUR, expiresInMs: 0 }],
      [EXPIRED, { expiredAt: T + HOUR }],
    ]);
    expect(frame.session!.state).toBe('expired');
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a wake-up inside the warning window sends only session-expiring, with the time left', () => {
    const { fake } = readyFrame({ lifetimeMs: HOUR });
    vi.setSystemTime(T + 45 * MINUTE);
    fake.window.dispatchEvent(new Event('pageshow'));
    fake.window.dispatchEvent(new Event('focus'));
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt: T + HOUR, expiresInMs: 15 * MINUTE }]]);
  });

  test('the timers come from the window option, not the global ones', () => {
    const fake = fakeWindow();
    const setTimeout = vi.fn((..._: unknown[]) => 42);
    const clearTimeout = vi.fn();
    Object.assign(fake.window, { setTimeout, clearTimeout });
    const { frame } = signedFrame({ lifetimeMs: HOUR }, fake);
    expect(setTimeout).toHaveBeenCalledExactlyOnceWith(expect.any(Function), 30 * MINUTE);
    expect(vi.getTimerCount()).toBe(0);
    frame.destroy();
    expect(clearTimeout).toHaveBeenCalledExactlyOnceWith(42);
  });

  test('a session listener that calls back in during a wake-up: each event once, in order', () => {
    const { frame, fake, changes } = readyFrame({ lifetimeMs: HOUR });
    frame.onSessionChange(({ state }) => {
      if (state === 'expiring') frame.sessionEnded();
    });
    vi.setSystemTime(T + 2 * HOUR); // asleep past the expiry: one wake-up enters expiring and expired
    fake.window.dispatchEvent(new Event('focus'));
    expect(sessionEvents(fake.posted)).toEqual([
      [EXPIRING, { expiresAt: T + HOUR, expiresInMs: 0 }],
      [EXPIRED, { expiredAt: T + HOUR }],
    ]);
    expect(changes.map((session) => session.state)).toEqual(['expiring', 'expired']);
    expect(frame.session).toEqual({ state: 'expired', expiresAt: T + HOUR });
  });

  test('private mode: no timers, no session events, no session state', () => {
    const fake = fakeWindow();
    const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST], window: fake.window, session: { expiresAt: T, exchange: vi.fn() } });
    frame.ready(READY);
    expect(frame.session).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(48 * HOUR);
    fake.document.dispatchEvent(new Event('visibilitychange'));
    expect(fake.types()).toEqual([eventType('ready')]);
  });
});

describe('sessionEnded', () => {
  test('a session the service ended early lapses now: session-expiring (0 ms left) then session-expired, once', () => {
    const { frame, fake, changes } = readyFrame({ lifetimeMs: 2 * HOUR });
    vi.advanceTimersByTime(10 * MINUTE);
    frame.sessionEnded();
    const at = T + 10 * MINUTE;
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt: at, expiresInMs: 0 }], [EXPIRED, { expiredAt: at }]]);
    expect(frame.session).toEqual({ state: 'expired', expiresAt: at });
    expect(changes.map((session) => session.state)).toEqual(['expiring', 'expired']);
    frame.sessionEnded();
    vi.advanceTimersByTime(3 * HOUR);
    expect(sessionEvents(fake.posted)).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('an end in the future moves the schedule; one after the expiry changes nothing', () => {
    const { frame, fake } = readyFrame({ lifetimeMs: 2 * HOUR });
    frame.sessionEnded(T + 3 * HOUR);
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 2 * HOUR });
    frame.sessionEnded(T + HOUR);
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + HOUR });
    vi.advanceTimersByTime(HOUR);
    expect(sessionEvents(fake.posted)).toEqual([
      [EXPIRING, { expiresAt: T + HOUR, expiresInMs: 30 * MINUTE }],
      [EXPIRED, { expiredAt: T + HOUR }],
    ]);
  });

  test('recovers in place on the next valid set-session', async () => {
    const { frame, fake } = readyFrame({ lifetimeMs: 2 * HOUR, exchange: async () => ({ expiresAt: T + 5 * HOUR }) });
    frame.sessionEnded();
    fake.act('set-session', { sessionId: 'fresh' });
    await flush();
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 5 * HOUR });
  });

  test('does nothing in private mode', () => {
    const fake = fakeWindow();
    const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST], window: fake.window });
    frame.ready(READY);
    frame.sessionEnded();
    expect(fake.types()).toEqual([eventType('ready')]);
  });
});

describe('authFailed: an embed that could not authenticate with its first id', () => {
  test('sends the fatal auth error at once instead of ready, answers set-sessions at once, and drops the dead session\'s events', async () => {
    let accept = false;
    const { frame, fake, exchange } = signedFrame({ lifetimeMs: 0, exchange: async () => { if (!accept) throw new Error('401'); return { expiresAt: T + 2 * HOUR }; } });
    frame.authFailed('the session id in the URL was refused');
    expect(fake.posted.map(({ message }) => [message.type, message.payload])).toEqual([
      [ERROR, { message: 'the session id in the URL was refused', name: 'EmbedSessionExchangeError', context: 'auth', fatal: true }],
    ]);
    fake.act('set-session', { sessionId: 'bad' });
    await flush();
    expect(fake.posted).toHaveLength(2);
    expect(fake.posted[1]!.message.payload).toMatchObject({ name: 'EmbedSessionExchangeError', context: 'session-renewal' });
    accept = true;
    fake.act('set-session', { sessionId: 'good' });
    await flush();
    expect(exchange).toHaveBeenCalledTimes(2);
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 2 * HOUR });
    frame.ready(READY);
    // ready, and nothing about the session that never worked.
    expect(fake.types().slice(2)).toEqual([eventType('ready')]);
  });

  test('is for signed embeds before ready only', () => {
    const { frame } = signedFrame();
    frame.ready(READY);
    expect(() => frame.authFailed()).toThrow(expect.objectContaining({ code: 'already-ready' }));
    const fake = fakeWindow();
    const open = createFrame({ surface: 'chat', mode: 'private', hostOrigins: [HOST], window: fake.window });
    expect(() => open.authFailed()).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});

describe('set-session', () => {
  test('success swaps the session in place: state active, new expiresAt, timers reset, no new ready', async () => {
    const { frame, fake, exchange, changes } = readyFrame({ lifetimeMs: HOUR, exchange: async () => ({ expiresAt: T + 3 * HOUR }) });
    vi.advanceTimersByTime(40 * MINUTE);
    expect(frame.session!.state).toBe('expiring');
    fake.act('set-session', { sessionId: 'id-1' });
    await flush();
    expect(exchange).toHaveBeenCalledExactlyOnceWith('id-1');
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 3 * HOUR });
    expect(changes).toEqual([
      { state: 'expiring', expiresAt: T + HOUR },
      { state: 'active', expiresAt: T + 3 * HOUR },
    ]);
    // The old session's expiry passes silently; the new one warns 30 minutes before its own.
    vi.advanceTimersByTime(HOUR);
    expect(fake.types()).toEqual([eventType('ready'), EXPIRING]);
    vi.advanceTimersByTime(3 * HOUR - 30 * MINUTE - 40 * MINUTE - HOUR);
    expect(sessionEvents(fake.posted)).toEqual([
      [EXPIRING, { expiresAt: T + HOUR, expiresInMs: 30 * MINUTE }],
      [EXPIRING, { expiresAt: T + 3 * HOUR, expiresInMs: 30 * MINUTE }],
    ]);
    expect(fake.types().filter((type) => type === eventType('ready'))).toHaveLength(1);
  });

  test('an expired session recovers on a valid id', async () => {
    const { frame, fake, changes } = readyFrame({ lifetimeMs: 10 * MINUTE, exchange: () => ({ expiresAt: T + 5 * HOUR }) });
    vi.advanceTimersByTime(10 * MINUTE);
    expect(frame.session!.state).toBe('expired');
    fake.act('set-session', { sessionId: 'fresh' });
    await flush();
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 5 * HOUR });
    expect(changes.map((session) => session.state)).toEqual(['expired', 'active']);
  });

  test('a swap to a session already inside the warning window warns at once', async () => {
    const { frame, fake } = readyFrame({ lifetimeMs: HOUR, exchange: () => ({ expiresAt: Date.now() + 10 * MINUTE }) });
    fake.act('set-session', { sessionId: 'short' });
    await flush();
    expect(frame.session!.state).toBe('expiring');
    expect(sessionEvents(fake.posted)).toEqual([[EXPIRING, { expiresAt: T + 10 * MINUTE, expiresInMs: 10 * MINUTE }]]);
  });

  test.each([
    ['a rejection', () => Promise.reject(new Error('401 unknown or redeemed id')), 'could not be exchanged'],
    ['a synchronous throw', () => { throw new Error('offline'); }, 'could not be exchanged'],
    ['a result without expiresAt', () => Promise.resolve({ token: 'x' }), 'could not be exchanged'],
    ['a non-numeric expiresAt', () => Promise.resolve({ expiresAt: '2030-01-01' }), 'could not be exchanged'],
  ])('%s emits EmbedSessionExchangeError and keeps the current state', async (_, exchange, text) => {
    const { frame, fake, changes } = readyFrame({ lifetimeMs: 2 * HOUR, exchange });
    fake.act('set-session', { sessionId: 'bad' });
    await flush();
    expect(sessionEvents(fake.posted)).toEqual([
      [ERROR, { name: 'EmbedSessionExchangeError', context: 'session-renewal', fatal: false, message: expect.stringContaining(text) }],
    ]);
    expect(fake.posted[1]!.origin).toBe(HOST);
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 2 * HOUR });
    expect(changes).toEqual([]);
    // The old session's timers still run.
    vi.advanceTimersByTime(90 * MINUTE);
    expect(frame.session!.state).toBe('expiring');
  });

  test('the rejection reason is not forwarded to the host page', async () => {
    const { fake } = readyFrame({ exchange: () => Promise.reject(new Error('secret internal detail')) });
    fake.act('set-session', { sessionId: 'bad' });
    await flush();
    expect(JSON.stringify(fake.posted)).not.toContain('secret internal detail');
  });

  test('an expired session stays expired when the exchange fails', async () => {
    const { frame, fake } = readyFrame({ lifetimeMs: MINUTE, exchange: () => Promise.reject(new Error('401')) });
    vi.advanceTimersByTime(MINUTE);
    fake.act('set-session', { sessionId: 'stale' });
    await flush();
    expect(frame.session).toEqual({ state: 'expired', expiresAt: T + MINUTE });
    expect(fake.types().at(-1)).toBe(ERROR);
  });

  test('an exchange that never settles times out; a late result is ignored', async () => {
    let resolveLate!: (value: { expiresAt: number }) => void;
    const { frame, fake } = readyFrame({
      lifetimeMs: 2 * HOUR,
      exchangeTimeoutMs: 5000,
      exchange: () => new Promise((resolve) => (resolveLate = resolve)),
    });
    fake.act('set-session', { sessionId: 'slow' });
    await flush();
    expect(vi.getTimerCount()).toBe(2); // the session timer and the exchange timeout
    await vi.advanceTimersByTimeAsync(4999);
    expect(sessionEvents(fake.posted)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sessionEvents(fake.posted)).toEqual([
      [ERROR, { name: 'EmbedSessionExchangeError', context: 'session-renewal', fatal: false, message: expect.stringContaining('timed out after 5000 ms') }],
    ]);
    resolveLate({ expiresAt: T + 9 * HOUR });
    await flush();
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 2 * HOUR });
    expect(vi.getTimerCount()).toBe(1);
  });

  test('the default exchange timeout is 30 seconds', async () => {
    const { fake } = readyFrame({ exchange: () => new Promise(() => {}) });
    fake.act('set-session', { sessionId: 'slow' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fake.types().at(-1)).not.toBe(ERROR);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.types().at(-1)).toBe(ERROR);
  });

  test('two set-sessions in a row: exchanged in arrival order, one at a time, each exactly once', async () => {
    const pending: { id: string; resolve: (value: { expiresAt: number }) => void }[] = [];
    const { frame, fake, exchange } = readyFrame({
      lifetimeMs: HOUR,
      exchange: (id: string) => new Promise((resolve) => pending.push({ id, resolve })),
    });
    vi.advanceTimersByTime(35 * MINUTE);
    // A host following the hand-written example answers both session events.
    fake.act('set-session', { sessionId: 'first' });
    fake.act('set-session', { sessionId: 'second' });
    await flush();
    expect(exchange.mock.calls).toEqual([['first']]);
    pending[0]!.resolve({ expiresAt: T + 4 * HOUR });
    await flush();
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 4 * HOUR });
    expect(exchange.mock.calls).toEqual([['first'], ['second']]);
    pending[1]!.resolve({ expiresAt: T + 5 * HOUR });
    await flush();
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 5 * HOUR });
    expect(exchange).toHaveBeenCalledTimes(2);
    expect(fake.types().filter((type) => type === ERROR)).toEqual([]);
  });

  test('a failed first exchange does not block the second', async () => {
    const { frame, fake, exchange } = readyFrame({
      exchange: (id: string) => (id === 'redeemed' ? Promise.reject(new Error('401')) : Promise.resolve({ expiresAt: T + 7 * HOUR })),
    });
    fake.act('set-session', { sessionId: 'redeemed' });
    fake.act('set-session', { sessionId: 'good' });
    await flush();
    expect(exchange.mock.calls).toEqual([['redeemed'], ['good']]);
    expect(fake.types().filter((type) => type === ERROR)).toHaveLength(1);
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + 7 * HOUR });
  });

  test('a set-session before ready is exchanged at once; its error waits for ready', async () => {
    const { frame, fake } = signedFrame({ exchange: () => Promise.reject(new Error('401')) });
    fake.act('set-session', { sessionId: 'early' });
    await flush();
    expect(fake.posted).toEqual([]);
    frame.ready(READY);
    expect(fake.types()).toEqual([eventType('ready'), ERROR]);
  });

  test('private mode answers set-session with EmbedSessionExchangeError saying why', () => {
    const fake = fakeWindow();
    const exchange = vi.fn();
    const frame = createFrame({ surface: 'chat', mode: 'private', hostOrigins: [HOST], window: fake.window, session: { expiresAt: T, exchange } });
    frame.ready(READY);
    fake.act('set-session', { sessionId: 'abc' });
    expect(exchange).not.toHaveBeenCalled();
    expect(sessionEvents(fake.posted)).toEqual([
      [ERROR, { name: 'EmbedSessionExchangeError', context: 'session-renewal', fatal: false, message: expect.stringContaining('private') }],
    ]);
  });

  test('an invalid set-session (empty id) is answered as an invalid action, not exchanged', () => {
    const { fake, exchange } = readyFrame();
    fake.deliver({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-session', payload: { sessionId: '' }, timestamp: 1 });
    expect(exchange).not.toHaveBeenCalled();
    expect(sessionEvents(fake.posted)).toEqual([
      [ERROR, { name: 'InvalidActionError', context: 'action', fatal: false, message: expect.stringContaining('payload.sessionId') }],
    ]);
  });

  test('a session listener that throws does not stop the others', async () => {
    const { frame, fake } = readyFrame({ lifetimeMs: HOUR });
    const boom = new Error('boom');
    const after = vi.fn();
    frame.onSessionChange(() => {
      throw boom;
    });
    frame.onSessionChange(after);
    vi.advanceTimersByTime(30 * MINUTE);
    expect(after).toHaveBeenCalledWith({ state: 'expiring', expiresAt: T + HOUR });
    expect(fake.reportError).toHaveBeenCalledWith(boom);
    expect(fake.types()).toContain(EXPIRING);
  });

  test('onSessionChange returns its removal', () => {
    const { frame } = readyFrame({ lifetimeMs: HOUR });
    const listener = vi.fn();
    frame.onSessionChange(listener)();
    vi.advanceTimersByTime(HOUR);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('the exchange gate', () => {
  test('session events held while an exchange works are dropped, even when a later exchange fails', async () => {
    const settle: ((result: { expiresAt: number }) => void)[] = [];
    let calls = 0;
    const { fake } = readyFrame({
      lifetimeMs: 40 * MINUTE,
      exchangeTimeoutMs: 20 * MINUTE,
      exchange: () => {
        calls++;
        if (calls === 1) return new Promise<{ expiresAt: number }>((resolve) => settle.push(resolve));
        return Promise.reject(new Error('401'));
      },
    });
    fake.act('set-session', { sessionId: 'id-1' });
    await flush();
    expect(calls).toBe(1);
    vi.advanceTimersByTime(10 * MINUTE); // the old session warns while id-1 is being exchanged: held
    fake.act('set-session', { sessionId: 'id-2' });
    settle[0]?.({ expiresAt: T + 3 * HOUR }); // id-1 works: the warning was about the session it replaced
    await flush();
    expect(calls).toBe(2);
    // Only the second id's failure goes out: the warning about the replaced session never does.
    expect(fake.types()).toEqual([eventType('ready'), eventType('error')]);
  });
});
