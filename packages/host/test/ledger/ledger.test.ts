import { describe, expect, it, vi } from 'vitest';
import { createEmbed, createSessionLedger, type EmbedOptions } from '../../src/index.js';
import { flush, minter, READY, setup, TENANT, useFakeClock } from '../support/helpers.js';

useFakeClock();

const REJECTION = { message: 'rejected', name: 'EmbedSessionExchangeError', context: 'session-renewal' };

describe('logout', () => {
  it('revokes the initial id and every renewal id, and removes the iframe', async () => {
    const { mint } = minter('s1', 'reject');
    const revoke = vi.fn();
    const t = setup({ mintSessionId: mint, revokeSessionId: revoke });
    await flush();
    t.emit('ready', READY);
    t.embed.setSession('mine');
    const renewal = t.embed.renewSession(); // s2 fails to mint, s3 is sent and rejected, s4 is kept
    await vi.advanceTimersByTimeAsync(1_000);
    t.emit('error', REJECTION);
    await vi.advanceTimersByTimeAsync(2_000 + 10_000);
    await renewal;
    expect(t.payloads('set-session').map((p) => p.sessionId)).toEqual(['mine', 's3', 's4']);
    expect(t.container.children).toHaveLength(1);
    const result = await t.embed.logout();
    expect(revoke.mock.calls.map((call) => call[0]).sort()).toEqual(['mine', 's1', 's3', 's4']);
    expect(result).toEqual({ revoked: expect.arrayContaining(['s1', 'mine', 's3', 's4']), failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
    expect(t.container.children).toHaveLength(0);
    expect(() => t.embed.refresh()).toThrow(expect.objectContaining({ code: 'destroyed' }));
  });

  it('logs out every embed of a shared ledger, in parallel, reporting failures; a later call retries them', async () => {
    const ledger = createSessionLedger();
    const pending: Record<string, { resolve: () => void; reject: (error: Error) => void }> = {};
    const revoke = vi.fn((id: string) => new Promise<void>((resolve, reject) => (pending[id] = { resolve, reject })));
    let n = 0;
    const common: Partial<EmbedOptions> = { ledger, mintSessionId: () => `id${++n}`, revokeSessionId: revoke };
    const a = setup({ ...common, publicId: 'a' });
    const b = setup({ ...common, publicId: 'b' });
    await flush();
    const parent = document.createElement('div');
    const wrapped = document.createElement('iframe');
    parent.append(wrapped);
    const c = createEmbed({ ...common, baseUrl: TENANT, publicId: 'c', iframe: wrapped } as EmbedOptions);
    await flush();

    const first = b.embed.logout();
    const second = ledger.logout();
    expect(second).toBe(first);
    await flush();
    // Every revocation started before any finished.
    expect(revoke.mock.calls.map((call) => call[0]).sort()).toEqual(['id1', 'id2', 'id3']);
    expect(a.container.children).toHaveLength(0);
    expect(b.container.children).toHaveLength(0);
    expect(parent.children).toHaveLength(0);
    const boom = new Error('revocation endpoint down');
    pending.id1!.resolve();
    pending.id2!.reject(boom);
    pending.id3!.resolve();
    const result = await first;
    expect(result.revoked.sort()).toEqual(['id1', 'id3']);
    expect(result.failed).toEqual([{ sessionId: 'id2', error: boom }]);
    expect(result).toMatchObject({ pending: ['id2'], complete: false });
    // Not complete: the next call revokes what failed, and only that.
    const again = a.embed.logout();
    await flush();
    expect(revoke.mock.calls.map((call) => call[0])).toEqual(['id1', 'id2', 'id3', 'id2']);
    pending.id2!.resolve();
    const complete = await again;
    expect(complete).toEqual({ revoked: ['id2'], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
    expect(await c.logout()).toBe(complete);
    expect(revoke).toHaveBeenCalledTimes(4);
  });

  it('tolerates a revoke that throws synchronously', async () => {
    const t = setup({ mintSessionId: () => 's1', revokeSessionId: () => { throw new Error('sync'); } });
    await flush();
    const result = await t.embed.logout();
    expect(result).toEqual({ revoked: [], failed: [{ sessionId: 's1', error: new Error('sync') }], pending: ['s1'], unconfirmed: [], backend: 'none', complete: false, reason: 'pending', message: 'Sign-out is not complete: some sessions are still being ended.' });
  });

  it('revokes at once an id recorded after logout', async () => {
    const ledger = createSessionLedger();
    const revoke = vi.fn();
    await ledger.logout();
    ledger.record('server-minted', revoke);
    await flush();
    expect(revoke).toHaveBeenCalledWith('server-minted');
  });

  it('revokes ids recorded by hand (minted on the server)', async () => {
    const ledger = createSessionLedger();
    const revoke = vi.fn();
    ledger.record('ssr-1', revoke);
    expect(await ledger.logout()).toEqual({ revoked: ['ssr-1'], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
  });

  it('takes no new embed once logged out', async () => {
    const ledger = createSessionLedger();
    await ledger.logout();
    const container = document.createElement('div');
    expect(() => createEmbed({ mode: 'private', baseUrl: TENANT, publicId: 'd', container, ledger })).toThrow(expect.objectContaining({ code: 'destroyed' }));
    expect(container.children).toHaveLength(0);
  });

  it('leaves a destroyed embed out of a later logout, but still revokes its ids', async () => {
    const ledger = createSessionLedger();
    const revoke = vi.fn();
    const a = setup({ ledger, mintSessionId: () => 'a1', revokeSessionId: revoke });
    const b = setup({ ledger, mintSessionId: () => 'b1', revokeSessionId: revoke });
    await flush();
    a.embed.destroy();
    expect((await ledger.logout()).revoked.sort()).toEqual(['a1', 'b1']);
    expect(b.container.children).toHaveLength(0);
  });

  it('refuses a ledger that does not come from createSessionLedger()', () => {
    const ledger = { record() {}, logout: async () => ({ revoked: [], failed: [] }) };
    expect(() => createEmbed({ mode: 'private', baseUrl: TENANT, publicId: 'd', container: document.createElement('div'), ledger })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('createSessionLedger') }),
    );
  });

  it('without revokeSessionId, removes the iframes and revokes nothing', async () => {
    const t = setup({ mintSessionId: () => 's1' });
    await flush();
    expect(await t.embed.logout()).toEqual({ revoked: [], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
    expect(t.container.children).toHaveLength(0);
  });

  it('does not revoke ids of another viewer', async () => {
    const revoke = vi.fn();
    const a = setup({ mintSessionId: () => 'a1', revokeSessionId: revoke });
    const b = setup({ mintSessionId: () => 'b1', revokeSessionId: revoke });
    await flush();
    await a.embed.logout();
    expect(revoke.mock.calls).toEqual([['a1']]);
    expect(b.container.children).toHaveLength(1);
  });
});

describe('failure means failure', () => {
  it('a revocation that resolves with a failed HTTP answer is listed in failed, naming the status', async () => {
    const answers: Record<string, unknown> = {
      s1: new Response('{"error":"no such route"}', { status: 404, statusText: 'Not Found' }),
      s2: { ok: false, status: 500 },
      s3: new Response(null, { status: 204 }),
      s4: { ok: true },
    };
    const ledger = createSessionLedger();
    let n = 0;
    const t = setup({ ledger, mintSessionId: () => `s${++n}`, revokeSessionId: (id: string) => Promise.resolve(answers[id]) });
    await flush();
    for (const id of ['s2', 's3', 's4']) ledger.record(id, (sessionId) => answers[sessionId]);
    const result = await t.embed.logout();
    expect(result.revoked.sort()).toEqual(['s3', 's4']);
    expect(result.failed.map((entry) => entry.sessionId).sort()).toEqual(['s1', 's2']);
    const byId = Object.fromEntries(result.failed.map((entry) => [entry.sessionId, entry.error]));
    expect(byId.s1).toMatchObject({ name: 'EmbedError', code: 'revoke-failed', message: expect.stringContaining('HTTP 404') });
    expect(byId.s2).toMatchObject({ code: 'revoke-failed', message: expect.stringContaining('HTTP 500') });
  });

  it.each([
    ['a 500 Response with a JSON error body', () => new Response('{"error":"boom"}', { status: 500, statusText: 'Internal Server Error', headers: { 'Content-Type': 'application/json' } }), 'its request failed: HTTP 500'],
    ['an object whose ok is false', () => ({ ok: false, status: 503 }), 'its request failed: HTTP 503'],
    ['an ok Response instead of the id', () => new Response('{"sessionId":"s1"}', { status: 200 }), 'not a session id'],
  ])('a mint that resolves with %s fails (mint-failed, saying so)', async (_, answer, message) => {
    const mint = vi.fn(() => Promise.resolve(answer() as unknown as string));
    const t = setup({ mintSessionId: mint, maxAttempts: 1 });
    t.embed.ready.catch(() => {});
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(t.embed.ready).rejects.toMatchObject({ code: 'mint-failed', message: expect.stringContaining(message) });
    expect(mint).toHaveBeenCalledTimes(1);
    expect(t.embed.iframe.getAttribute('src')).toBeNull();
  });
});
