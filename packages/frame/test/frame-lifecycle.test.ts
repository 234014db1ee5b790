import { eventType } from '@svc-embed/protocol';
import { describe, expect, test, vi } from 'vitest';
import { createFrame, FRAME_ERROR_CODES, FrameError, type FrameOptions } from '../src/index.js';
import { fakeWindow, flush, HOST, HOUR, READY, signedFrame, useFakeClock } from './helpers.js';

const T = Date.UTC(2030, 0, 1);

useFakeClock(T);

describe('destroy', () => {
  test('leaves no listener and no timer behind, even mid-exchange and while following the OS scheme', async () => {
    const before = vi.getTimerCount();
    const { frame, fake, exchange } = signedFrame({ exchange: () => new Promise(() => {}) });
    frame.on('refresh', vi.fn());
    frame.onSessionChange(vi.fn());
    frame.followColorScheme('auto', vi.fn());
    fake.act('set-session', { sessionId: 'pending' });
    await flush();
    expect(exchange).toHaveBeenCalledOnce();
    expect(fake.listeners().sort()).toEqual(
      ['document:visibilitychange', 'media:change', 'window:focus', 'window:message', 'window:online', 'window:pageshow'].map(
        (prefix) => expect.stringMatching(new RegExp(`^${prefix}:`)),
      ),
    );
    expect(vi.getTimerCount()).toBe(before + 2); // the session timer and the exchange timeout
    frame.destroy();
    expect(fake.listeners()).toEqual([]);
    expect(vi.getTimerCount()).toBe(before);
  });

  test('ready() after destroy sends nothing and throws nothing, whether or not ready() or authFailed() came before', () => {
    for (const before of ['nothing', 'ready', 'authFailed'] as const) {
      const { frame, fake } = signedFrame({ lifetimeMs: HOUR });
      if (before === 'ready') frame.ready(READY);
      if (before === 'authFailed') frame.authFailed();
      const sent = fake.types().length;
      frame.destroy();
      expect(() => frame.ready(READY)).not.toThrow();
      expect(fake.types()).toHaveLength(sent);
    }
  });

  test('after destroy nothing is handled, sent, armed or delivered', async () => {
    let resolve!: (value: { expiresAt: number }) => void;
    const { frame, fake } = signedFrame({ lifetimeMs: HOUR, exchange: () => new Promise((r) => (resolve = r)) });
    const refresh = vi.fn();
    const sessions = vi.fn();
    const scheme = vi.fn();
    frame.on('refresh', refresh);
    frame.onSessionChange(sessions);
    frame.ready(READY);
    fake.act('set-session', { sessionId: 'in-flight' });
    await flush();
    frame.destroy();
    resolve({ expiresAt: T + 9 * HOUR });
    await flush();
    fake.act('refresh', undefined);
    frame.emit('navigate', { path: '/after' });
    vi.advanceTimersByTime(10 * HOUR);
    fake.document.dispatchEvent(new Event('visibilitychange'));
    const stop = frame.followColorScheme('auto', scheme);
    stop();
    expect(scheme).toHaveBeenCalledOnce(); // applied once, but no OS listener is armed
    expect(refresh).not.toHaveBeenCalled();
    expect(sessions).not.toHaveBeenCalled();
    expect(frame.session).toEqual({ state: 'active', expiresAt: T + HOUR });
    expect(fake.types()).toEqual([eventType('ready')]);
    expect(fake.listeners()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('an id queued behind a pending exchange is never exchanged after destroy', async () => {
    let resolve!: (value: { expiresAt: number }) => void;
    const { frame, fake, exchange } = signedFrame({ exchange: () => new Promise((r) => (resolve = r)) });
    fake.act('set-session', { sessionId: 'first' });
    fake.act('set-session', { sessionId: 'second' });
    await flush();
    frame.destroy();
    resolve({ expiresAt: T + 9 * HOUR });
    await flush();
    expect(exchange.mock.calls).toEqual([['first']]);
  });

  test('destroy twice is harmless', () => {
    const { frame, fake } = signedFrame();
    frame.destroy();
    expect(() => frame.destroy()).not.toThrow();
    expect(fake.listeners()).toEqual([]);
  });

  test('two frames on one page are independent', () => {
    const a = fakeWindow();
    const b = fakeWindow();
    const first = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST], window: a.window });
    const second = createFrame({ surface: 'chat', mode: 'private', hostOrigins: [HOST], window: b.window });
    const seen = vi.fn();
    second.on('refresh', seen);
    first.destroy();
    b.act('refresh', undefined);
    expect(seen).toHaveBeenCalledOnce();
  });
});

describe('options', () => {
  const good = (): FrameOptions => ({
    surface: 'dashboard',
    mode: 'signed',
    hostOrigins: [HOST],
    session: { expiresAt: T + HOUR, exchange: vi.fn() },
    window: fakeWindow().window,
  });
  test.each<[string, (options: any) => void, string]>([
    ['no surface', (o) => delete o.surface, 'surface must be one of dashboard, app, chat'],
    ['an unknown surface', (o) => (o.surface = 'report'), 'surface must be one of dashboard, app, chat (got "report")'],
    ['an unknown mode', (o) => (o.mode = 'public'), 'mode must be one of signed, private (got "public")'],
    ['no hostOrigins', (o) => delete o.hostOrigins, 'hostOrigins'],
    ['a wildcard origin', (o) => (o.hostOrigins = ['*']), 'never "*"'],
    ['a bare wildcard', (o) => (o.hostOrigins = '*'), 'hostOrigins'],
    ['an empty list', (o) => (o.hostOrigins = []), 'hostOrigins'],
    ['an origin with a path', (o) => (o.hostOrigins = ['https://customer.example/']), 'https://customer.example/'],
    ['an origin in upper case', (o) => (o.hostOrigins = ['https://Customer.example']), 'https://Customer.example'],
    ['the default port spelled out', (o) => (o.hostOrigins = ['https://customer.example:443']), ':443'],
    ['a null origin', (o) => (o.hostOrigins = ['null']), 'hostOrigins'],
    ['a host without scheme', (o) => (o.hostOrigins = ['customer.example']), 'customer.example'],
    ['signed without session', (o) => delete o.session, 'session must be { expiresAt: epoch ms, exchange(sessionId) } in signed mode'],
    ['signed without exchange', (o) => delete o.session.exchange, 'session must be { expiresAt: epoch ms, exchange(sessionId) } in signed mode'],
    ['a date as expiresAt', (o) => (o.session.expiresAt = new Date()), 'session must be { expiresAt: epoch ms, exchange(sessionId) } in signed mode'],
    ['a negative warnBeforeMs', (o) => (o.warnBeforeMs = -1), 'warnBeforeMs must be a number of ms >= 0 (got -1)'],
    ['an infinite warnBeforeMs', (o) => (o.warnBeforeMs = Infinity), 'warnBeforeMs'],
    ['a zero exchangeTimeoutMs', (o) => (o.exchangeTimeoutMs = 0), 'exchangeTimeoutMs must be a number of ms >= 1 (got 0)'],
    ['a string exchangeTimeoutMs', (o) => (o.exchangeTimeoutMs = '30s'), 'exchangeTimeoutMs'],
  ])('%s throws invalid-option', (_, change, text) => {
    const options = good();
    change(options);
    let thrown: any;
    try {
      createFrame(options);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FrameError);
    expect(thrown.code).toBe(FRAME_ERROR_CODES.invalidOption);
    expect(thrown.message).toContain(text);
  });

  test('no options at all', () => {
    expect(() => createFrame(undefined as never)).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });

  test('a private embed needs no session, and several origins or a predicate are fine', () => {
    const { window } = fakeWindow();
    expect(() => createFrame({ surface: 'app', mode: 'private', hostOrigins: [HOST, 'http://localhost:4300'], window })).not.toThrow();
    expect(() => createFrame({ surface: 'app', mode: 'private', hostOrigins: () => false, window })).not.toThrow();
  });

  test('the window defaults to globalThis.window', () => {
    const frame = createFrame({ surface: 'app', mode: 'private', hostOrigins: [HOST], debug: false });
    const seen = vi.fn();
    frame.on('refresh', seen);
    // In happy-dom the page is not framed: window.parent is window itself.
    window.dispatchEvent(new MessageEvent('message', { data: { source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', timestamp: 1 }, origin: HOST, source: window }));
    frame.destroy();
    expect(seen).toHaveBeenCalledOnce();
  });

  test('the error codes are stable', () => {
    expect(FRAME_ERROR_CODES).toEqual({
      invalidOption: 'invalid-option',
      invalidEvent: 'invalid-event',
      invalidArgument: 'invalid-argument',
      alreadyReady: 'already-ready',
    });
    const error = new FrameError('invalid-event', 'x');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('FrameError');
  });
});

describe('followColorScheme', () => {
  test('light and dark apply as they are, without watching the OS', () => {
    const fake = fakeWindow({ dark: true });
    const { frame } = signedFrame({}, fake);
    const apply = vi.fn();
    frame.followColorScheme('light', apply);
    frame.followColorScheme('dark', apply);
    expect(apply.mock.calls).toEqual([['light'], ['dark']]);
    expect(fake.matchMedia).not.toHaveBeenCalled();
  });

  test('auto resolves from prefers-color-scheme and follows OS changes until stopped', () => {
    const fake = fakeWindow({ dark: true });
    const { frame } = signedFrame({}, fake);
    const apply = vi.fn();
    const stop = frame.followColorScheme('auto', apply);
    expect(fake.matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
    fake.media.matches = false;
    fake.media.dispatchEvent(new Event('change'));
    fake.media.matches = true;
    fake.media.dispatchEvent(new Event('change'));
    stop();
    fake.media.matches = false;
    fake.media.dispatchEvent(new Event('change'));
    expect(apply.mock.calls).toEqual([['dark'], ['light'], ['dark']]);
    expect(fake.listeners().filter((key) => key.startsWith('media:'))).toEqual([]);
  });

  test('a new call replaces the previous one', () => {
    const fake = fakeWindow();
    const { frame } = signedFrame({}, fake);
    const first = vi.fn();
    const second = vi.fn();
    frame.followColorScheme('auto', first);
    frame.followColorScheme('dark', second);
    fake.media.matches = true;
    fake.media.dispatchEvent(new Event('change'));
    expect(first.mock.calls).toEqual([['light']]);
    expect(second.mock.calls).toEqual([['dark']]);
    expect(fake.listeners().filter((key) => key.startsWith('media:'))).toEqual([]);
  });

  test('auto without matchMedia resolves to light', () => {
    const fake = fakeWindow();
    (fake.window as any).matchMedia = undefined;
    const { frame } = signedFrame({}, fake);
    const apply = vi.fn();
    frame.followColorScheme('auto', apply);
    expect(apply.mock.calls).toEqual([['light']]);
  });

  test('wired to set-color-scheme as the README shows', () => {
    const fake = fakeWindow({ dark: true });
    const { frame } = signedFrame({}, fake);
    const applied: string[] = [];
    frame.on('set-color-scheme', ({ scheme }) => frame.followColorScheme(scheme, (resolved) => applied.push(resolved)));
    fake.act('set-color-scheme', { scheme: 'auto' });
    fake.act('set-color-scheme', { scheme: 'light' });
    fake.media.dispatchEvent(new Event('change'));
    expect(applied).toEqual(['dark', 'light']);
  });
});
