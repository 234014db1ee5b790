import { eventType } from '@svc-embed/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, EmbedError } from '../src/index.js';
import { attachFrameWindow, deliver, event, fakeFrameWindow, flush, READY, setup, TENANT } from './support/helpers.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('inbound filter: origin and source', () => {
  const OTHER_IFRAME = fakeFrameWindow();
  const cases: [string, string, 'own' | 'other' | 'page' | 'none', boolean][] = [
    ['exact tenant origin from our iframe', TENANT, 'own', true],
    ['other port', 'https://tenant.example:8443', 'own', false],
    ['other scheme', 'http://tenant.example', 'own', false],
    ['look-alike suffix', 'https://tenant.example.evil.test', 'own', false],
    ['look-alike prefix', 'https://eviltenant.example', 'own', false],
    ['sub-domain', 'https://a.tenant.example', 'own', false],
    ['trailing slash', 'https://tenant.example/', 'own', false],
    ['upper case', 'https://TENANT.example', 'own', false],
    ['null origin (sandboxed frame)', 'null', 'own', false],
    ['empty origin', '', 'own', false],
    ['same origin, another iframe', TENANT, 'other', false],
    ['same origin, the page itself', TENANT, 'page', false],
    ['same origin, no source', TENANT, 'none', false],
  ];

  it.each(cases)('%s', async (_, origin, from, accepted) => {
    const { embed, frame } = setup();
    const seen = vi.fn();
    const all = vi.fn();
    embed.on('ready', seen);
    embed.on('*', all);
    const ready = vi.fn();
    embed.ready.then(ready, () => {});
    const source = { own: frame, other: OTHER_IFRAME, page: window, none: null }[from];
    deliver(event('ready', READY), origin, source);
    await flush();
    expect(seen).toHaveBeenCalledTimes(accepted ? 1 : 0);
    expect(all).toHaveBeenCalledTimes(accepted ? 1 : 0);
    expect(ready).toHaveBeenCalledTimes(accepted ? 1 : 0);
    if (accepted) expect(seen).toHaveBeenCalledWith(READY, expect.objectContaining({ type: eventType('ready'), payload: READY }));
    embed.destroy();
  });

  it('drops everything while the iframe has no window (never matches a null source)', () => {
    const container = document.createElement('div');
    const embed = createEmbed({ mode: 'private', baseUrl: TENANT, publicId: 'd-42', container });
    const all = vi.fn();
    embed.on('*', all);
    deliver(event('ready', READY), TENANT, null);
    expect(all).not.toHaveBeenCalled();
    embed.destroy();
  });

  it('isolates two embeds of the same tenant origin', () => {
    const a = setup({ publicId: 'a' });
    const b = setup({ publicId: 'b' });
    const onA = vi.fn();
    const onB = vi.fn();
    a.embed.on('download', onA);
    b.embed.on('download', onB);
    b.emit('download', { format: 'csv', target: 'dashboard' });
    expect(onA).not.toHaveBeenCalled();
    expect(onB).toHaveBeenCalledTimes(1);
    a.emit('download', { format: 'png', target: 'dashboard' });
    expect(onA).toHaveBeenCalledWith({ format: 'png', target: 'dashboard' }, expect.anything());
    expect(onB).toHaveBeenCalledTimes(1);
    a.embed.destroy();
    b.embed.destroy();
  });
});

describe('inbound filter: what a trusted iframe sends', () => {
  const hostile: [string, unknown][] = [
    ['a string', 'svc:event:ready'],
    ['null', null],
    ['another library', { type: 'webpackOk' }],
    ['wrong source tag', { ...event('ready', READY), source: 'svc-embed2' }],
    ['an action', { ...event('ready', READY), direction: 'action' }],
    ['a missing surface', { ...event('ready', READY), surface: undefined }],
    ['an invalid payload', { ...event('download', { format: 'csv', target: 'dashboard' }), payload: { format: 'docx', target: 'dashboard' } }],
    ['a throwing getter', Object.defineProperty({}, 'source', { get: () => { throw new Error('boom'); } })],
  ];

  it.each(hostile)('drops %s without calling anyone or throwing', async (_, data) => {
    const log = vi.fn();
    const { embed, frame } = setup({ debug: log });
    const all = vi.fn();
    embed.on('*', all);
    embed.on('download', all);
    embed.on('ready', all);
    expect(() => deliver(data, TENANT, frame)).not.toThrow();
    await flush();
    expect(all).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('drop', expect.objectContaining({ ok: false }), data);
    embed.destroy();
  });

  it('passes an unknown event type from our iframe to "*" listeners only', () => {
    const { embed, frame } = setup();
    const all = vi.fn();
    const ready = vi.fn();
    embed.on('*', all);
    embed.on('ready', ready);
    const future = { ...event('ready', READY), type: 'svc:event:filters-changed', payload: { a: 1 } };
    deliver(future, TENANT, frame);
    expect(all).toHaveBeenCalledWith({ a: 1 }, expect.objectContaining({ type: 'svc:event:filters-changed' }));
    expect(ready).not.toHaveBeenCalled();
  });

  it('does not let an unknown type named like a notification reach its listeners', () => {
    const { embed, frame } = setup();
    const renewed = vi.fn();
    embed.on('renewed', renewed);
    deliver({ ...event('ready', READY), type: 'svc:event:renewed' }, TENANT, frame);
    expect(renewed).not.toHaveBeenCalled();
  });

  it('does not let a hostile page resolve ready or trigger a renewal', async () => {
    const mint = vi.fn(() => 'id');
    const { embed } = setup({ mintSessionId: mint });
    await flush();
    const evil = fakeFrameWindow();
    deliver(event('ready', READY), 'https://evil.example', evil);
    deliver(event('session-expired', { expiredAt: 0 }), TENANT, evil);
    deliver(event('session-expired', { expiredAt: 0 }), 'https://evil.example', window);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mint).toHaveBeenCalledTimes(1);
    await expect(embed.ready).rejects.toMatchObject({ code: 'ready-timeout' });
  });
});

describe('outbound', () => {
  it('posts to the tenant origin only, never "*"', async () => {
    const { embed, emit, frame } = setup();
    emit('ready', READY);
    embed.refresh();
    embed.setColorScheme('dark');
    expect(frame.posted.map((entry) => entry.origin)).toEqual([TENANT, TENANT]);
  });

  it('sends nothing when the iframe has no window', () => {
    const { embed, emit } = setup();
    emit('ready', READY);
    attachFrameWindow(embed.iframe, null as never);
    expect(() => embed.refresh()).not.toThrow();
  });
});

describe('baseUrl', () => {
  const container = () => document.createElement('div');
  const origin = (baseUrl: string) => {
    const embed = createEmbed({ mode: 'private', baseUrl, publicId: 'd', container: container() });
    const src = new URL(embed.iframe.src).origin;
    embed.destroy();
    return src;
  };

  it.each([
    ['https://tenant.example', 'https://tenant.example'],
    ['https://tenant.example/', 'https://tenant.example'],
    ['https://tenant.example:8443', 'https://tenant.example:8443'],
    ['http://localhost:4400', 'http://localhost:4400'],
    ['http://127.0.0.1:4300', 'http://127.0.0.1:4300'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('accepts %s (origin %s)', (baseUrl, expected) => {
    expect(origin(baseUrl)).toBe(expected);
  });

  it('explains the https rule', () => {
    expect(() => createEmbed({ mode: 'private', baseUrl: 'http://acme.example', publicId: 'd', container: container() })).toThrow(
      'baseUrl must use https (got http://acme.example); http is only accepted for localhost, 127.0.0.1 and [::1]',
    );
  });

  it.each(['http://localhost.evil.test', 'http://127.0.0.2', 'ftp://tenant.example', 'javascript:alert(1)', 'tenant.example', ''])(
    'rejects %s with invalid-option',
    (baseUrl) => {
      let error: unknown;
      try {
        createEmbed({ mode: 'private', baseUrl, publicId: 'd', container: container() });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(EmbedError);
      expect(error).toMatchObject({ code: 'invalid-option', message: expect.stringContaining('baseUrl') });
    },
  );

  it('creates nothing when an option is wrong', () => {
    const parent = container();
    expect(() => createEmbed({ mode: 'private', baseUrl: 'http://acme.example', publicId: 'd', container: parent })).toThrow();
    expect(parent.children).toHaveLength(0);
  });
});
