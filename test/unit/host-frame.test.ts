// The real host half and the real frame half together, wired by a paired fake window that behaves
// like postMessage between two origins: asynchronous delivery, structured clone, the target origin
// enforced, `origin` and `source` set by the "browser". The service is a small in-memory stand-in
// with single-use, 5-minute session ids. Fake clock throughout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, createSessionLedger, type Embed } from '@svc-embed/host';
import { createFrame, type Frame } from '@svc-embed/frame';

const HOST = 'https://customer.example';
const TENANT = 'https://tenant.example';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LIFETIME = 2 * HOUR;
const T0 = Date.UTC(2030, 0, 1);

function fakeService() {
  const ids = new Map<string, number>();
  const minted: string[] = [];
  const revoked: string[] = [];
  const exchanged: string[] = [];
  let next = 0;
  return {
    minted, revoked, exchanged,
    mint: async () => {
      const id = `sid-${++next}`;
      ids.set(id, Date.now() + 5 * MINUTE);
      minted.push(id);
      return id;
    },
    revoke: async (id: string) => {
      ids.delete(id);
      revoked.push(id);
    },
    exchange: async (id: string) => {
      const validUntil = ids.get(id);
      ids.delete(id);
      if (validUntil === undefined || validUntil < Date.now()) throw new Error(`401 for ${id}`);
      exchanged.push(id);
      return { expiresAt: Date.now() + LIFETIME };
    },
  };
}

/** A frame window whose parent is the page, and an iframe whose contentWindow reaches that frame. */
function wire(service: ReturnType<typeof fakeService>) {
  const frameWindow = new EventTarget() as EventTarget & Record<string, unknown>;
  const contentWindow = {
    postMessage: (message: unknown, targetOrigin: string) => {
      if (targetOrigin !== TENANT) throw new Error(`host posted to ${targetOrigin}`);
      const data = structuredClone(message);
      setTimeout(() => frameWindow.dispatchEvent(new MessageEvent('message', { data, origin: HOST, source: parent as never })), 0);
    },
  };
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => {
      if (targetOrigin !== HOST) throw new Error(`frame posted to ${targetOrigin}`);
      const data = structuredClone(message);
      setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data, origin: TENANT, source: contentWindow as never })), 0);
    },
  };
  Object.assign(frameWindow, { parent, document: new EventTarget(), location: { ancestorOrigins: [HOST] }, setTimeout: (...args: Parameters<typeof setTimeout>) => globalThis.setTimeout(...args), clearTimeout: (id?: ReturnType<typeof setTimeout>) => globalThis.clearTimeout(id) });
  const iframe = document.createElement('iframe');
  Object.defineProperty(iframe, 'contentWindow', { value: contentWindow, configurable: true });
  let frame: Frame | undefined;
  /** Boots the embedded surface the way the service's page would, from the session id in the URL. */
  const boot = async () => {
    const sessionId = new URL(iframe.src).searchParams.get('session')!;
    const { expiresAt } = await service.exchange(sessionId);
    frame = createFrame({
      surface: 'dashboard', mode: 'signed', hostOrigins: [HOST],
      session: { expiresAt, exchange: service.exchange },
      window: frameWindow as unknown as Window,
    });
    frame.ready({ embedTenant: 'acme', deploymentId: 7, publicId: 'd-42' });
    return frame;
  };
  return { iframe, boot, frameWindow, frame: () => frame! };
}

let embeds: Embed[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  embeds = [];
});
afterEach(() => {
  embeds.forEach((embed) => embed.destroy());
  vi.useRealTimers();
});

async function setup(options: { ledger?: ReturnType<typeof createSessionLedger>; service?: ReturnType<typeof fakeService> } = {}) {
  const service = options.service ?? fakeService();
  const pair = wire(service);
  const embed = createEmbed({
    baseUrl: TENANT, publicId: 'd-42', iframe: pair.iframe,
    mintSessionId: service.mint, revokeSessionId: service.revoke, ledger: options.ledger,
  });
  embeds.push(embed);
  const log: string[] = [];
  embed.on('*', (_payload, message) => log.push(message.type.replace('svc:event:', '')));
  await vi.advanceTimersByTimeAsync(0);
  const frame = await pair.boot();
  await vi.advanceTimersByTimeAsync(0);
  return { service, pair, embed, frame, log };
}

describe('host and frame together', () => {
  it('reaches ready, flushes queued actions in order and delivers typed events', async () => {
    const service = fakeService();
    const pair = wire(service);
    const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', iframe: pair.iframe, mintSessionId: service.mint, revokeSessionId: service.revoke });
    embeds.push(embed);
    embed.setColorScheme('dark');
    embed.setFilter('orders', 'status', 'completed');
    await vi.advanceTimersByTimeAsync(0);
    const frame = await pair.boot();
    const actions: unknown[] = [];
    frame.on('*', (message) => actions.push([message.type, message.payload]));
    await vi.advanceTimersByTimeAsync(10); // ready reaches the host, the queue reaches the frame
    await expect(embed.ready).resolves.toEqual({ embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard', publicId: 'd-42' });
    expect(actions).toEqual([
      ['svc:action:set-color-scheme', { scheme: 'dark' }],
      ['svc:action:set-filter', { filterUrlParameter: 'f_orders.status={"value":"completed"}' }],
    ]);
    const downloads: string[] = [];
    embed.on('download', (payload) => downloads.push(payload.format));
    frame.emit('download', { format: 'png', target: 'widget', widgetId: 'w1' });
    await vi.advanceTimersByTimeAsync(10);
    expect(downloads).toEqual(['png']);
  });

  it('renews once per session across two lifetimes: expiring, mint, set-session, swap in place', async () => {
    const { service, frame, log } = await setup();
    const renewed: unknown[] = [];
    embeds[0]!.on('renewed', (info) => renewed.push(info.trigger));
    await vi.advanceTimersByTimeAsync(LIFETIME - 30 * MINUTE + 1_000);
    expect(service.minted).toEqual(['sid-1', 'sid-2']);
    expect(service.exchanged).toEqual(['sid-1', 'sid-2']);
    expect(frame.session?.state).toBe('active');
    await vi.advanceTimersByTimeAsync(LIFETIME);
    expect(service.minted).toEqual(['sid-1', 'sid-2', 'sid-3']);
    expect(service.exchanged).toEqual(['sid-1', 'sid-2', 'sid-3']);
    expect(log.filter((type) => type === 'ready')).toHaveLength(1);
    expect(log).not.toContain('error');
    expect(log).not.toContain('session-expired');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(renewed).toEqual(['session-expiring', 'session-expiring']);
  });

  it('after a long sleep both session events arrive and exactly one id is minted', async () => {
    const { service, pair, frame, log } = await setup();
    vi.setSystemTime(T0 + LIFETIME + HOUR);
    pair.frameWindow.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(100);
    expect(log.slice(-2)).toEqual(['session-expiring', 'session-expired']);
    expect(service.minted).toEqual(['sid-1', 'sid-2']);
    expect(service.exchanged).toEqual(['sid-1', 'sid-2']);
    expect(frame.session?.state).toBe('active');
  });

  it('a rejected id is answered with the error event and renewed with a fresh id', async () => {
    const service = fakeService();
    const exchange = service.exchange;
    let failNext = true;
    service.exchange = async (id) => {
      if (failNext && id === 'sid-2') {
        failNext = false;
        throw new Error('401 redeemed');
      }
      return exchange(id);
    };
    const { frame, log } = await setup({ service });
    await vi.advanceTimersByTimeAsync(LIFETIME - 30 * MINUTE + 5_000);
    expect(log).toContain('error');
    expect(service.minted).toEqual(['sid-1', 'sid-2', 'sid-3']);
    expect(service.exchanged).toEqual(['sid-1', 'sid-3']);
    expect(frame.session?.state).toBe('active');
  });

  it('logout revokes every id minted for the viewer across two embeds sharing a ledger', async () => {
    const ledger = createSessionLedger();
    const service = fakeService();
    const first = await setup({ ledger, service });
    await setup({ ledger, service });
    await vi.advanceTimersByTimeAsync(LIFETIME - 30 * MINUTE + 1_000);
    expect(service.minted).toHaveLength(4);
    const result = await first.embed.logout();
    expect(service.revoked.sort()).toEqual([...service.minted].sort());
    expect(result).toMatchObject({ failed: [] });
    expect(first.pair.iframe.isConnected).toBe(false);
  });
});
