import { ACTION_PREFIX, buildActionMessage, eventType } from '@svc-embed/protocol';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createFrame, FrameError, type FrameOptions } from '../src/index.js';
import { fakeWindow, HOST, READY } from './helpers.js';

function privateFrame(options: Partial<FrameOptions> = {}) {
  const fake = fakeWindow();
  const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST], window: fake.window, ...options });
  frame.ready(READY);
  fake.posted.length = 0;
  const seen = vi.fn();
  frame.on('*', seen);
  return { frame, fake, seen };
}

const errorPayloads = (fake: ReturnType<typeof fakeWindow>) =>
  fake.posted.filter((entry) => entry.message.type === eventType('error')).map((entry) => entry.message.payload);

afterEach(() => vi.restoreAllMocks());

describe('who may send actions', () => {
  const otherWindow = { postMessage() {} };
  test.each([
    ['the exact origin from window.parent', HOST, undefined, true],
    ['another port', 'https://customer.example:8443', undefined, false],
    ['another scheme', 'http://customer.example', undefined, false],
    ['a look-alike prefix', 'https://customer.example.evil.test', undefined, false],
    ['a look-alike suffix', 'https://evilcustomer.example', undefined, false],
    ['a sub-domain', 'https://www.customer.example', undefined, false],
    ['the opaque origin null (sandboxed frame)', 'null', undefined, false],
    ['the empty origin', '', undefined, false],
    ['the right origin but a window that is not window.parent', HOST, otherWindow, false],
    ['the right origin but no source window', HOST, null, false],
  ])('%s', (_, origin, source, accepted) => {
    const { fake, seen } = privateFrame();
    const from = source === undefined ? { origin } : { origin, source };
    fake.act('set-color-scheme', { scheme: 'dark' }, from);
    // An invalid action answers only a trusted sender; everyone else gets silence.
    fake.deliver({ source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}set-color-scheme`, payload: { scheme: 'blue' }, timestamp: 1 }, from);
    expect(seen).toHaveBeenCalledTimes(accepted ? 1 : 0);
    expect(errorPayloads(fake)).toHaveLength(accepted ? 1 : 0);
  });

  test('a predicate decides, null never reaches it, and one that throws counts as a refusal', () => {
    const allow = vi.fn((origin: string) => new URL(origin).hostname.endsWith('.customer.example'));
    const { fake, seen } = privateFrame({ hostOrigins: allow });
    fake.act('refresh', undefined, { origin: 'https://eu.customer.example' });
    fake.act('refresh', undefined, { origin: 'https://customer.example.evil.test' });
    fake.act('refresh', undefined, { origin: 'null' });
    fake.act('refresh', undefined, { origin: 'not a url' }); // the predicate throws on this one
    expect(seen).toHaveBeenCalledTimes(1);
    expect(allow).not.toHaveBeenCalledWith('null');
  });

  test('a predicate must return exactly true', () => {
    const { fake, seen } = privateFrame({ hostOrigins: (() => 'yes') as unknown as () => boolean });
    fake.act('refresh', undefined);
    expect(seen).not.toHaveBeenCalled();
  });

  test('a hostile page injecting protocol messages changes nothing and gets no answer', () => {
    const { frame, fake, seen } = privateFrame({ debug: true });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const hostile = { postMessage: vi.fn() };
    const evil = 'https://evil.example';
    const themes = vi.fn();
    frame.on('set-theme', themes);
    fake.act('set-theme', { embedTheme: { primaryColor: '#000' } }, { origin: evil, source: hostile });
    fake.act('navigate', { path: '/admin' }, { origin: evil, source: fake.parent });
    fake.act('set-session', { sessionId: 'stolen' }, { origin: HOST, source: hostile });
    fake.deliver({ source: 'svc-embed', direction: 'action', type: 'svc:action:explode', timestamp: 1 }, { origin: evil, source: hostile });
    expect(themes).not.toHaveBeenCalled();
    expect(seen).not.toHaveBeenCalled();
    expect(fake.posted).toEqual([]);
    expect(hostile.postMessage).not.toHaveBeenCalled();
    expect(debug.mock.calls.map((call) => call.join(' '))).toContain(`[svc-embed/frame] ignored message from ${evil}`);
  });
});

describe('what is delivered', () => {
  test('each action reaches its typed listeners with the payload and message, then the * listeners', () => {
    const { frame, fake, seen } = privateFrame();
    const calls: string[] = [];
    frame.on('set-filter', (payload, message) => calls.push(`filter ${payload.filterUrlParameter} ${message.type}`));
    frame.on('refresh', (payload) => calls.push(`refresh ${String(payload)}`));
    seen.mockImplementation((message) => calls.push(`* ${message.type}`));
    fake.act('set-filter', { filterUrlParameter: 'f_orders.status={"value":"completed"}' });
    fake.act('refresh', undefined);
    expect(calls).toEqual([
      'filter f_orders.status={"value":"completed"} svc:action:set-filter',
      '* svc:action:set-filter',
      'refresh undefined',
      '* svc:action:refresh',
    ]);
  });

  test('unknown fields of a payload are dropped by the schema, set-theme extras pass through', () => {
    const { frame, fake } = privateFrame();
    const locale = vi.fn();
    const theme = vi.fn();
    frame.on('set-locale', locale);
    frame.on('set-theme', theme);
    fake.deliver({ ...buildActionMessage('set-locale', { locale: 'es-ES' }), payload: { locale: 'es-ES', extra: 1 } });
    fake.act('set-theme', { embedTheme: { primaryColor: '#f00', analyticsChat: { backgroundColor: '#fff' } } });
    expect(locale.mock.calls[0]![0]).toEqual({ locale: 'es-ES' });
    expect(theme.mock.calls[0]![0]).toEqual({ embedTheme: { primaryColor: '#f00', analyticsChat: { backgroundColor: '#fff' } } });
  });

  test('the unsubscribe function stops one listener only', () => {
    const { frame, fake } = privateFrame();
    const a = vi.fn();
    const b = vi.fn();
    const offA = frame.on('navigate', a);
    frame.on('navigate', b);
    offA();
    fake.act('navigate', { path: '/next' });
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledWith({ path: '/next' }, expect.objectContaining({ type: `${ACTION_PREFIX}navigate` }));
  });

  test('a listener that throws does not stop the others; the error goes to reportError', () => {
    const { frame, fake, seen } = privateFrame();
    const boom = new Error('boom');
    const after = vi.fn();
    frame.on('refresh', () => {
      throw boom;
    });
    frame.on('refresh', after);
    fake.act('refresh', undefined);
    expect(after).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(fake.reportError).toHaveBeenCalledWith(boom);
    expect(fake.posted).toEqual([]);
  });

  test('without reportError a throwing listener is logged with console.error', () => {
    const fake = fakeWindow();
    (fake.window as any).reportError = undefined;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const frame = createFrame({ surface: 'app', mode: 'private', hostOrigins: [HOST], window: fake.window });
    const boom = new Error('boom');
    const after = vi.fn();
    frame.on('*', () => {
      throw boom;
    });
    frame.on('*', after);
    fake.act('refresh', undefined);
    expect(error).toHaveBeenCalledWith(boom);
    expect(after).toHaveBeenCalledTimes(1);
  });

  test('set-timezone with a bare UTC offset is ignored (debug log); an IANA name is delivered', () => {
    const { frame, fake, seen } = privateFrame({ debug: true });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const zones = vi.fn();
    frame.on('set-timezone', zones);
    for (const offset of ['+05:30', 'UTC+2', 'GMT-03:00', '-0800']) fake.act('set-timezone', { timezone: offset });
    expect(zones).not.toHaveBeenCalled();
    expect(seen).not.toHaveBeenCalled();
    expect(fake.posted).toEqual([]);
    expect(debug).toHaveBeenCalledWith('[svc-embed/frame]', 'ignored set-timezone with a bare UTC offset', '+05:30');
    fake.act('set-timezone', { timezone: 'Europe/Berlin' });
    fake.act('set-timezone', { timezone: 'Etc/GMT+5' });
    expect(zones.mock.calls.map((call) => call[0].timezone)).toEqual(['Europe/Berlin', 'Etc/GMT+5']);
  });

  test('set-session is consumed by the frame, never delivered to listeners', () => {
    const { frame, fake, seen } = privateFrame();
    expect(() => frame.on('set-session' as never, vi.fn())).toThrow(FrameError);
    fake.act('set-session', { sessionId: 'abc' });
    expect(seen).not.toHaveBeenCalled();
  });

  test.each([['set-session'], ['set-colour-scheme'], ['constructor'], [''], [42]])('on(%j) throws invalid-argument', (name) => {
    const { frame } = privateFrame();
    let thrown: unknown;
    try {
      frame.on(name as never, vi.fn());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FrameError);
    expect(thrown).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining(JSON.stringify(name)) });
  });
});

describe('answers to a trusted host that sends something wrong', () => {
  test.each([
    [
      'an invalid payload',
      { source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}set-color-scheme`, payload: { scheme: 'blue' }, timestamp: 1 },
      'InvalidActionError',
      'payload.scheme',
    ],
    [
      'a missing payload',
      { source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}navigate`, timestamp: 1 },
      'InvalidActionError',
      'payload',
    ],
    [
      'a bad filter parameter',
      { source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}set-filter`, payload: { filterUrlParameter: 'status=done' }, timestamp: 1 },
      'InvalidActionError',
      'payload.filterUrlParameter',
    ],
    [
      'a broken envelope',
      { source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}refresh`, timestamp: 'now' },
      'InvalidActionError',
      'timestamp',
    ],
    [
      'a surface on an action',
      { source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}refresh`, timestamp: 1, surface: 'dashboard' },
      'InvalidActionError',
      'surface',
    ],
    [
      'an unknown type',
      { source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}zoom`, payload: {}, timestamp: 1 },
      'UnknownActionError',
      'svc:action:zoom',
    ],
  ])('%s gets svc:event:error naming the field', (_, data, name, field) => {
    const { frame, fake, seen } = privateFrame();
    const scheme = vi.fn();
    frame.on('set-color-scheme', scheme);
    fake.deliver(data);
    expect(seen).not.toHaveBeenCalled();
    expect(scheme).not.toHaveBeenCalled();
    expect(fake.posted).toHaveLength(1);
    const [{ message, origin }] = fake.posted as [{ message: any; origin: string }];
    expect(origin).toBe(HOST);
    expect(message).toMatchObject({ source: 'svc-embed', direction: 'event', type: eventType('error'), surface: 'dashboard' });
    expect(message.payload).toEqual({ name, context: 'action', fatal: false, message: expect.stringContaining(field) });
  });

  test.each([
    ['another library\'s message', { type: 'webpackOk' }],
    ['a string', 'hello'],
    ['null', null],
    ['an event (wrong direction)', { source: 'svc-embed', direction: 'event', type: 'svc:event:ready', payload: {}, timestamp: 1, surface: 'app' }],
  ])('%s from the host is ignored without an answer', (_, data) => {
    const { fake, seen } = privateFrame();
    fake.deliver(data);
    expect(seen).not.toHaveBeenCalled();
    expect(fake.posted).toEqual([]);
  });

  test('a payload whose getter throws is answered, not thrown at the page', () => {
    const { fake, seen } = privateFrame();
    const data = { source: 'svc-embed', direction: 'action', type: `${ACTION_PREFIX}navigate`, timestamp: 1 };
    Object.defineProperty(data, 'payload', { enumerable: true, get: () => { throw new Error('trap'); } });
    expect(() => fake.deliver(data)).not.toThrow();
    expect(seen).not.toHaveBeenCalled();
    expect(errorPayloads(fake)).toEqual([expect.objectContaining({ name: 'InvalidActionError', context: 'action', fatal: false })]);
  });
});

describe('a handler added twice', () => {
  test('is called twice, and each removal removes only its own subscription (the rule of both halves)', () => {
    const { frame, fake } = privateFrame();
    const handler = vi.fn();
    const first = frame.on('refresh', handler);
    const second = frame.on('refresh', handler);
    fake.act('refresh', undefined);
    expect(handler).toHaveBeenCalledTimes(2);
    first();
    fake.act('refresh', undefined);
    expect(handler).toHaveBeenCalledTimes(3);
    second();
    fake.act('refresh', undefined);
    expect(handler).toHaveBeenCalledTimes(3);
  });

  test('the same goes for onSessionChange', () => {
    const fake = fakeWindow();
    const frame = createFrame({ surface: 'dashboard', mode: 'signed', hostOrigins: [HOST], window: fake.window, session: { expiresAt: Date.now() + 3_600_000, exchange: () => ({ expiresAt: Date.now() + 7_200_000 }) } });
    const listener = vi.fn();
    frame.onSessionChange(listener);
    frame.onSessionChange(listener);
    frame.sessionEnded();
    expect(listener.mock.calls.map(([session]) => session.state)).toEqual(['expiring', 'expiring', 'expired', 'expired']);
    frame.destroy();
  });
});
