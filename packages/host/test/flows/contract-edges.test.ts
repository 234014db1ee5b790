// Edges of the host's contract that the other suites left open: what a mint failure rejects with
// (code and message), what renewSession() answers when the embed cannot renew, the session
// endpoint's requests and failures, and the options refused with a message that says what to do.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineSvcEmbedElement, sessionEndpointCallbacks } from '../../src/element.js';
import { createEmbed, createSessionLedger, EmbedError } from '../../src/index.js';
import { flush, setup, TENANT } from '../support/helpers.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What `promise` rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<EmbedError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: EmbedError) => error,
  );
}

describe('a first id that cannot be minted: embed.ready rejects with the code and a message that says why', () => {
  it.each<[string, () => unknown, string, string]>([
    ['a failed HTTP answer', () => ({ ok: false, status: 503 }), 'mint-failed', 'mintSessionId failed: its request failed: HTTP 503'],
    ['a failed HTTP answer without status', () => ({ ok: false }), 'mint-failed', 'mintSessionId failed: its request failed: HTTP error'],
    ['no id', () => '', 'mint-failed', 'mintSessionId failed: got , not a session id'],
    ['an EmbedError of another code', () => { throw new EmbedError('invalid-option', 'no mint configured'); }, 'mint-failed', 'mintSessionId failed: EmbedError: no mint configured'],
  ])('%s', async (_, mintSessionId, code, message) => {
    const { embed } = setup({ mintSessionId: mintSessionId as never, maxAttempts: 1 });
    expect(await rejection(embed.ready)).toMatchObject({ code, message });
  });

  it('a mint that does not settle in time: mint-timeout, naming the limit', async () => {
    vi.useFakeTimers();
    const { embed } = setup({ mintSessionId: () => new Promise<string>(() => {}), maxAttempts: 1, mintTimeoutMs: 250 });
    const result = rejection(embed.ready);
    await vi.advanceTimersByTimeAsync(250);
    expect(await result).toMatchObject({ code: 'mint-timeout', message: 'mintSessionId did not answer within 250 ms: check it, or raise mintTimeoutMs' });
  });
});

describe('renewSession() when the embed cannot renew', () => {
  it('after the first load failed, it rejects with that failure at once', async () => {
    vi.useFakeTimers();
    const { embed } = setup({ mintSessionId: () => Promise.resolve('s1'), readyTimeoutMs: 1_000 });
    embed.ready.catch(() => {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await rejection(embed.renewSession())).toMatchObject({ code: 'ready-timeout' });
  });

  it('after destroy, it rejects with destroyed', async () => {
    const { embed } = setup({ mintSessionId: () => Promise.resolve('s1') });
    embed.destroy();
    expect(await rejection(embed.renewSession())).toMatchObject({ code: 'destroyed' });
  });

  it('without mintSessionId, the message names the option', async () => {
    const { embed } = setup();
    expect(await rejection(embed.renewSession())).toMatchObject({ code: 'invalid-option', message: 'renewSession needs mintSessionId' });
  });

  it('a manual renewal is reported as trigger manual, and logged as renew (debug)', async () => {
    vi.useFakeTimers();
    const debug = vi.fn();
    const { embed, emit } = setup({ mintSessionId: vi.fn().mockResolvedValueOnce('s1').mockResolvedValue('s2'), debug });
    await flush();
    emit('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard', publicId: 'd-42' });
    await embed.ready;
    const renewed = vi.fn();
    embed.on('renewed', renewed);
    const done = embed.renewSession();
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(renewed).toHaveBeenCalledWith({ trigger: 'manual', attempts: 1 });
    expect(debug).toHaveBeenCalledWith('renew', 'manual');
  });
});

describe('a late id without revokeSessionId', () => {
  it('is never used, and logout does not claim to have revoked it', async () => {
    vi.useFakeTimers();
    let arrive!: (id: string) => void;
    const ledger = createSessionLedger();
    const { embed, frame } = setup({ ledger, maxAttempts: 1, mintTimeoutMs: 100, mintSessionId: () => new Promise<string>((resolve) => (arrive = resolve)) });
    embed.ready.catch(() => {});
    await vi.advanceTimersByTimeAsync(100);
    arrive('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(embed.iframe.src).not.toContain('late');
    expect(frame.posted).toEqual([]);
    expect(await ledger.logout()).toEqual({ revoked: [], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
  });
});

describe('an action sent while the iframe has no window', () => {
  it('is dropped, and the debug logger hears drop with the message', async () => {
    const debug = vi.fn();
    const { embed, emit } = setup({ debug });
    emit('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'private', surface: 'dashboard', publicId: 'd-42' });
    await embed.ready;
    Object.defineProperty(embed.iframe, 'contentWindow', { value: null, configurable: true });
    embed.refresh();
    expect(debug).toHaveBeenLastCalledWith('drop', expect.objectContaining({ type: 'svc:action:refresh' }));
  });
});

describe('defineSvcEmbedElement', () => {
  it('twice under one name returns the class defined first; without a registry it says where to call it', () => {
    const first = defineSvcEmbedElement(customElements, 'svc-embed-defined-twice');
    expect(defineSvcEmbedElement(customElements, 'svc-embed-defined-twice')).toBe(first);
    expect(() => defineSvcEmbedElement(null as never)).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: 'no customElements registry: define <svc-embed> in a browser' }),
    );
  });
});

describe('options refused with a message', () => {
  it('no window', () => {
    vi.stubGlobal('window', undefined);
    expect(() => createEmbed({ mode: 'private', baseUrl: TENANT, publicId: 'd-42', container: document.createElement('div') })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: 'no window: call createEmbed in the browser, or pass the window option' }),
    );
  });

  it('a bare UTC offset as the timezone option', () => {
    expect(() => setup({ timezone: '+05:30' })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('IANA name') }));
  });

  it.each(['ftp://localhost', 'http://notlocalhost'])('baseUrl %s: http only for localhost itself, nothing but https or http', (baseUrl) => {
    expect(() => setup({ baseUrl })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('baseUrl must use https') }));
  });

  it('a ledger that logged out takes no new embed, and says so', async () => {
    const ledger = createSessionLedger();
    await ledger.logout();
    expect(() => setup({ ledger })).toThrow(expect.objectContaining({ code: 'destroyed', message: 'this ledger has logged out' }));
  });
});

describe('session-endpoint: the requests and what a failed answer rejects with', () => {
  const answer = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('mints with POST to the endpoint without its trailing slashes, asking for JSON', async () => {
    const fetch = vi.fn(async () => answer(200, { sessionId: 'abc' }));
    vi.stubGlobal('fetch', fetch);
    expect(await sessionEndpointCallbacks('https://app.example/api/embed-session//').mintSessionId()).toBe('abc');
    expect(fetch).toHaveBeenCalledWith('https://app.example/api/embed-session', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  });

  it('a non-2xx mint answer: mint-failed naming the status; an answer without a sessionId string: mint-failed saying so', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(500)));
    expect(await rejection(sessionEndpointCallbacks('/api/s').mintSessionId())).toMatchObject({ code: 'mint-failed', message: 'POST /api/s answered HTTP 500' });
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { sessionId: 42 })));
    expect(await rejection(sessionEndpointCallbacks('/api/s').mintSessionId())).toMatchObject({ code: 'mint-failed', message: 'POST /api/s answered no "sessionId" string' });
  });

  it('a non-2xx revoke answer: revoke-failed naming the status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(404)));
    expect(await rejection(sessionEndpointCallbacks('/api/s').revokeSessionId('id-1'))).toMatchObject({
      code: 'revoke-failed',
      message: 'DELETE /api/s/id-1 answered HTTP 404',
    });
  });

  it('a revoke that gets no answer: revoke-failed naming the request, the network error as its cause', async () => {
    const offline = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(offline)));
    expect(await rejection(sessionEndpointCallbacks('/api/s').revokeSessionId('id-1'))).toMatchObject({
      code: 'revoke-failed',
      message: 'DELETE /api/s/id-1 got no answer (TypeError: Failed to fetch); the id may still be live',
      cause: offline,
    });
  });
});
