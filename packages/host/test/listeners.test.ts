import { eventType } from '@svc-embed/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedError } from '../src/index.js';
import { deliver, event, flush, READY, setup, TENANT } from './support/helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  delete (window as { reportError?: unknown }).reportError;
});

describe('listeners', () => {
  it('gives (payload, message) to a typed listener and stops after off()', () => {
    const { embed, emit } = setup();
    const listener = vi.fn();
    const off = embed.on('drilldown', listener);
    emit('drilldown', { member: 'orders.count', value: 3, widgetId: 'w1' });
    expect(listener).toHaveBeenCalledWith(
      { member: 'orders.count', value: 3, widgetId: 'w1' },
      expect.objectContaining({ type: eventType('drilldown'), surface: 'dashboard' }),
    );
    off();
    emit('drilldown', { member: 'orders.count' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('calls a once listener once', () => {
    const { embed, emit } = setup();
    const listener = vi.fn();
    embed.once('view', listener);
    emit('view', { surface: 'dashboard', path: '/' });
    emit('view', { surface: 'dashboard', path: '/2' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toEqual({ surface: 'dashboard', path: '/' });
  });

  it('lets a once listener be removed before it fires', () => {
    const { embed, emit } = setup();
    const listener = vi.fn();
    embed.once('view', listener)();
    emit('view', { surface: 'dashboard', path: '/' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('gives every event to "*" listeners, after the typed ones', () => {
    const { embed, emit } = setup();
    const order: string[] = [];
    embed.on('*', (_, message) => order.push(`* ${message.type}`));
    embed.on('download', () => order.push('download'));
    emit('download', { format: 'csv', target: 'dashboard' });
    emit('navigate', { path: '/x' });
    expect(order).toEqual(['download', `* ${eventType('download')}`, `* ${eventType('navigate')}`]);
  });

  it('keeps calling the other listeners when one throws, and reports the error', () => {
    const { embed, emit } = setup();
    const reportError = vi.fn();
    (window as { reportError?: unknown }).reportError = reportError;
    const boom = new Error('listener bug');
    const after = vi.fn();
    const all = vi.fn();
    embed.on('navigate', () => {
      throw boom;
    });
    embed.on('navigate', after);
    embed.on('*', all);
    expect(() => emit('navigate', { path: '/x' })).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(all).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(boom);
    embed.setColorScheme('dark'); // the SDK still works
  });

  it('falls back to console.error where reportError is missing', () => {
    const { embed, emit } = setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    embed.on('navigate', () => {
      throw new Error('x');
    });
    emit('navigate', { path: '/x' });
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});

describe('ready', () => {
  it('resolves with the ready payload, once', async () => {
    const { embed, emit } = setup();
    emit('ready', READY);
    emit('ready', { ...READY, publicId: 'other' });
    await expect(embed.ready).resolves.toEqual(READY);
  });

  it('rejects after readyTimeoutMs, naming the likely causes', async () => {
    const { embed } = setup({ readyTimeoutMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    let settled = false;
    embed.ready.then(() => {}, () => (settled = true));
    await flush();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await embed.ready.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmbedError);
    expect(error).toMatchObject({ code: 'ready-timeout' });
    expect((error as Error).message).toContain(TENANT);
    expect((error as Error).message).toMatch(/baseUrl/);
    expect((error as Error).message).toMatch(/framing by http:\/\/localhost:3000/);
  });

  it('still works when ready arrives after the timeout', async () => {
    const { embed, emit, actions } = setup({ readyTimeoutMs: 1_000 });
    embed.refresh();
    await vi.advanceTimersByTimeAsync(1_000);
    emit('ready', READY);
    expect(actions()).toEqual(['refresh']);
  });

  it('waits forever with readyTimeoutMs 0', async () => {
    const { embed } = setup({ readyTimeoutMs: 0 });
    const settled = vi.fn();
    embed.ready.then(settled, settled);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(settled).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with destroyed on destroy, and an unobserved ready never causes an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const a = setup();
    a.embed.destroy();
    await expect(a.embed.ready).rejects.toMatchObject({ code: 'destroyed' });
    const b = setup({ readyTimeoutMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    b.embed.destroy();
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('debug', () => {
  it('logs messages in and out, and drops with their reason', () => {
    const log = vi.fn();
    const { embed, emit, frame } = setup({ debug: log });
    emit('ready', READY);
    embed.refresh();
    deliver(event('ready', READY), 'https://evil.example', frame);
    deliver(event('ready', READY), TENANT, window);
    deliver({ source: 'svc-embed', direction: 'event', type: eventType('navigate'), payload: {}, timestamp: 1, surface: 'dashboard' }, TENANT, frame);
    const kinds = log.mock.calls.map((call) => call[0]);
    expect(kinds).toEqual(['in', 'out', 'drop', 'drop', 'drop']);
    expect(log.mock.calls[0]![1]).toMatchObject({ type: eventType('ready') });
    expect(log.mock.calls[1]![1]).toMatchObject({ direction: 'action' });
    expect(log.mock.calls[2]).toEqual(['drop', 'origin', 'https://evil.example']);
    expect(log.mock.calls[3]).toEqual(['drop', 'other window', TENANT]);
    expect(log.mock.calls[4]![1]).toMatchObject({ reason: 'invalid', field: 'payload.path' });
  });

  it('logs to console.debug with debug: true', () => {
    const consoleDebug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { emit } = setup({ debug: true });
    emit('ready', READY);
    expect(consoleDebug).toHaveBeenCalledWith('[svc-embed]', 'in', expect.objectContaining({ type: eventType('ready') }));
    consoleDebug.mockRestore();
  });

  it('logs nothing without debug', () => {
    const consoleDebug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { emit, frame } = setup();
    emit('ready', READY);
    deliver('x', 'https://evil.example', frame);
    expect(consoleDebug).not.toHaveBeenCalled();
    consoleDebug.mockRestore();
  });
});

describe('a listener added twice', () => {
  it('is called twice, and each unsubscribe removes only its own subscription (the rule of both halves)', () => {
    const { embed, emit } = setup();
    const listener = vi.fn();
    const first = embed.on('view', listener);
    const second = embed.on('view', listener);
    emit('view', { surface: 'dashboard', path: '/' });
    expect(listener).toHaveBeenCalledTimes(2);
    first();
    emit('view', { surface: 'dashboard', path: '/' });
    expect(listener).toHaveBeenCalledTimes(3);
    second();
    emit('view', { surface: 'dashboard', path: '/' });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('once', () => {
  it('is removed before its first call, also when the event comes again from inside it', () => {
    const t = setup();
    const listener = vi.fn(() => t.emit('view', { surface: 'dashboard', path: '/again' }));
    t.embed.once('view', listener);
    t.emit('view', { surface: 'dashboard', path: '/first' });
    t.emit('view', { surface: 'dashboard', path: '/later' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toMatchObject({ path: '/first' });
  });
});
