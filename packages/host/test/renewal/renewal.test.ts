import { SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT } from '@svc-embed/protocol';
import { describe, expect, it, vi } from 'vitest';
import { type EmbedOptions } from '../../src/index.js';
import { deliver, event, flush, HOUR, MINUTE, minter, READY, renewingEmbed, setup, START, TENANT, useFakeClock } from '../support/helpers.js';

const REJECTION = { message: 'session id rejected', name: SESSION_EXCHANGE_ERROR, context: SESSION_RENEWAL_CONTEXT };

useFakeClock();

/** A signed embed that has loaded with id s1 and is ready; `sessions()` lists the ids sent by set-session. */
async function signed(options: Partial<EmbedOptions> = {}, ...script: string[]) {
  const { mint } = minter('s1', ...script);
  const revoke = vi.fn();
  const harness = setup({ mintSessionId: mint, revokeSessionId: revoke, ...options });
  await flush();
  harness.emit('ready', READY);
  const renewed = vi.fn();
  const failed = vi.fn();
  harness.embed.on('renewed', renewed);
  harness.embed.on('renewal-failed', failed);
  const sessions = () => harness.payloads('set-session').map((payload) => payload.sessionId);
  /** Mint calls after the first (the initial id). */
  const renewalMints = () => mint.mock.calls.length - 1;
  return { ...harness, mint, revoke, renewed, failed, sessions, renewalMints };
}

const expiring = (expiresAt = START + 30 * MINUTE) => ({ expiresAt, expiresInMs: Math.max(0, expiresAt - Date.now()) });

describe('one renewal per session', () => {
  it('expiring then expired (while renewing) gives 1 mint', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring());
    t.emit('session-expired', { expiredAt: START + 30 * MINUTE });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.renewalMints()).toBe(1);
    expect(t.sessions()).toEqual(['s2']);
    expect(t.renewed).toHaveBeenCalledWith({ trigger: 'session-expiring', attempts: 1 });
  });

  it('expiring, renewed, then a late expired for the same session gives 1 mint', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring());
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(t.renewed).toHaveBeenCalledTimes(1);
    t.emit('session-expired', { expiredAt: START + 30 * MINUTE });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.renewalMints()).toBe(1);
    expect(t.sessions()).toEqual(['s2']);
  });

  it('expired, renewed, then a late expiring for the same session gives 1 mint', async () => {
    const t = await signed();
    vi.setSystemTime(START + 24 * HOUR);
    t.emit('session-expired', { expiredAt: START + 23 * HOUR });
    await vi.advanceTimersByTimeAsync(60_000);
    t.emit('session-expiring', { expiresAt: START + 23 * HOUR, expiresInMs: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.renewalMints()).toBe(1);
    expect(t.renewed).toHaveBeenCalledWith({ trigger: 'session-expired', attempts: 1 });
  });

  it('5 triggers within 1 ms give 1 mint', async () => {
    const t = await signed();
    vi.setSystemTime(START + 23 * HOUR);
    t.emit('session-expiring', expiring(START + 23 * HOUR + 10 * MINUTE));
    window.dispatchEvent(new Event('focus'));
    t.emit('session-expired', { expiredAt: START + 23 * HOUR + 10 * MINUTE });
    const manual = t.embed.renewSession();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1);
    expect(t.renewalMints()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(manual).resolves.toBeUndefined();
    expect(t.sessions()).toEqual(['s2']);
    expect(t.renewed).toHaveBeenCalledTimes(1);
  });

  it('renews again when the next session warns', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring());
    await vi.advanceTimersByTimeAsync(60_000);
    vi.setSystemTime(START + 23 * HOUR);
    t.emit('session-expiring', expiring(START + 23 * HOUR + 30 * MINUTE));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
  });

  it('renews a short next session that warns while the last id still awaits its verdict', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring(START + 20_000));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.sessions()).toEqual(['s2']);
    // The embed took s2 and, its new session being short, warns about it at once.
    t.emit('session-expiring', expiring(Date.now() + 20_000));
    await flush();
    expect(t.renewed).toHaveBeenCalledWith({ trigger: 'session-expiring', attempts: 1 });
    expect(t.sessions()).toEqual(['s2', 's3']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.renewed).toHaveBeenCalledTimes(2);
  });

  it('joins a repeated warning about the same session while the id awaits its verdict', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring(START + 20_000));
    await vi.advanceTimersByTimeAsync(2_000);
    t.emit('session-expiring', expiring(START + 20_000));
    await flush();
    expect(t.renewed).not.toHaveBeenCalled();
    t.emit('error', REJECTION); // still counts against s2
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
  });

  it('does not take a late expired (stamped when it fired) as news of the next session', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring(START + 20_000));
    await vi.advanceTimersByTimeAsync(2_000);
    t.emit('session-expired', { expiredAt: START + 25_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2']);
  });

  it('renews the next session even when its lifetime is shorter than the warning window', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring(START + 2 * MINUTE));
    await vi.advanceTimersByTimeAsync(10_000);
    t.emit('session-expiring', expiring(Date.now() + 2 * MINUTE));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
  });
});

describe('sessions that lapse early', () => {
  it('renews a new session that lapses while its id still awaits the verdict (manual renew, then expire now)', async () => {
    const t = await signed();
    const renewal = t.embed.renewSession();
    await flush();
    expect(t.sessions()).toEqual(['s2']);
    await vi.advanceTimersByTimeAsync(3_000);
    t.emit('session-expired', { expiredAt: Date.now() }); // the new session was ended early
    await renewal;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
  });

  it('renews a new session that lapses early after a manual renewal has settled', async () => {
    const t = await signed();
    await Promise.all([t.embed.renewSession(), vi.advanceTimersByTimeAsync(20_000)]);
    expect(t.sessions()).toEqual(['s2']);
    await vi.advanceTimersByTimeAsync(60_000);
    t.emit('session-expired', { expiredAt: Date.now() });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
    // ...and a late duplicate of that lapse changes nothing.
    t.emit('session-expiring', { expiresAt: Date.now() - 60_000, expiresInMs: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
  });

  it('ignores an event the embed built before our last set-session went out (an older session)', async () => {
    const t = await signed();
    const stale = event('session-expired', { expiredAt: START + 5 * MINUTE }); // built now, delivered late
    await vi.advanceTimersByTimeAsync(1);
    t.emit('session-expiring', expiring(START + 20_000));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.sessions()).toEqual(['s2']);
    deliver(stale, TENANT, t.frame);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2']);
  });

  it('a warning built in the very millisecond of our set-session marks nothing: the new session it may be about is still renewed at its lapse', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring(START + 20_000));
    await flush();
    expect(t.sessions()).toEqual(['s2']);
    // The embed swapped at once and its new, short session warns in the same millisecond.
    t.emit('session-expiring', expiring(START + 40_000));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(t.sessions()).toEqual(['s2']);
    // Its lapse, built later, renews it; the old session's lapse changes nothing.
    t.emit('session-expired', { expiredAt: START + 20_000 });
    await flush();
    expect(t.sessions()).toEqual(['s2']);
    vi.setSystemTime(START + 40_000);
    t.emit('session-expired', { expiredAt: START + 40_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
  });

  it('renews a lapse whatever the service clock says: an expiry stamped far behind the browser still counts', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring(START + 20_000));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.sessions()).toEqual(['s2']);
    // The service's clock is an hour behind: its new session lapses at a time before our send.
    t.emit('session-expired', { expiredAt: START - HOUR });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
  });
});

describe('an embed that could not authenticate with its first id', () => {
  const AUTH = { message: 'the session id in the URL was refused', name: SESSION_EXCHANGE_ERROR, context: 'auth', fatal: true };

  it('gets a fresh id at once, sent past the queue; ready resolves only when the embed has a session', async () => {
    const { mint } = minter('s1');
    const t = setup({ mintSessionId: mint, revokeSessionId: vi.fn() });
    await flush();
    t.embed.setColorScheme('dark'); // queued until ready
    let resolved = false;
    void t.embed.ready.then(() => (resolved = true));
    t.emit('error', AUTH);
    await flush();
    expect(t.actions()).toEqual(['set-session']);
    expect(t.payloads('set-session')).toEqual([{ sessionId: 's2' }]);
    expect(resolved).toBe(false);
    t.emit('ready', READY);
    await flush();
    expect(resolved).toBe(true);
    expect(t.actions()).toEqual(['set-session', 'set-color-scheme']);
  });

  it('retries refused ids with backoff, then rejects ready with session-rejected', async () => {
    const { mint } = minter('s1');
    const t = setup({ mintSessionId: mint, maxAttempts: 3, retryDelayMs: 1_000 });
    await flush();
    const failed = vi.fn();
    t.embed.on('renewal-failed', failed);
    const ready = t.embed.ready.catch((error) => error);
    t.emit('error', AUTH);
    await flush();
    t.emit('error', REJECTION);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.payloads('set-session')).toEqual([{ sessionId: 's2' }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.payloads('set-session')).toEqual([{ sessionId: 's2' }, { sessionId: 's3' }]);
    t.emit('error', REJECTION);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(t.payloads('set-session').map((p) => p.sessionId)).toEqual(['s2', 's3', 's4']);
    t.emit('error', REJECTION);
    await flush();
    expect(await ready).toMatchObject({ code: 'session-rejected' });
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ trigger: 'auth', attempts: 3 }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.payloads('set-session')).toHaveLength(3);
  });

  it('rejects ready at once without mintSessionId', async () => {
    const t = setup({});
    const ready = t.embed.ready.catch((error) => error);
    t.emit('error', AUTH);
    expect(await ready).toMatchObject({ code: 'session-rejected' });
  });

  it('recovers an iframe reloaded with its redeemed id after ready: a fresh id, no reload', async () => {
    const t = await signed();
    t.emit('error', AUTH);
    await flush();
    expect(t.sessions()).toEqual(['s2']);
    t.emit('ready', READY);
    t.emit('error', AUTH); // a later reload starts the count anew
    await flush();
    expect(t.sessions()).toEqual(['s2', 's3']);
  });
});

describe('mint at send time, retries with fresh ids', () => {
  it('mints only when a renewal starts, and sends the id in the same tick', async () => {
    const t = await signed();
    await vi.advanceTimersByTimeAsync(20 * HOUR);
    expect(t.renewalMints()).toBe(0);
    t.emit('session-expiring', expiring(START + 23 * HOUR));
    await flush();
    expect(t.renewalMints()).toBe(1);
    expect(t.sessions()).toEqual(['s2']);
  });

  it('a mint that rejects twice then succeeds: backoff 1 s then 2 s, one set-session', async () => {
    const t = await signed({}, 'reject', 'reject');
    t.emit('session-expiring', expiring());
    await flush();
    expect(t.renewalMints()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.renewalMints()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.renewalMints()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(t.renewalMints()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.renewalMints()).toBe(3);
    expect(t.sessions()).toEqual(['s4']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.renewed).toHaveBeenCalledWith({ trigger: 'session-expiring', attempts: 3 });
    expect(t.failed).not.toHaveBeenCalled();
  });

  it('a mint that never settles times out and is retried', async () => {
    const t = await signed({ mintTimeoutMs: 5_000 }, 'hang');
    t.emit('session-expiring', expiring());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(t.renewalMints()).toBe(1);
    await vi.advanceTimersByTimeAsync(1 + 1_000);
    expect(t.renewalMints()).toBe(2);
    expect(t.sessions()).toEqual(['s3']);
  });

  it('an id that arrives after its mint timed out is revoked, never sent', async () => {
    let late!: (id: string) => void;
    const mint = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('s1')
      .mockImplementationOnce(() => new Promise((resolve) => (late = resolve)))
      .mockResolvedValueOnce('s3');
    const revoke = vi.fn();
    const debug = vi.fn();
    const t = setup({ mintSessionId: mint, revokeSessionId: revoke, mintTimeoutMs: 5_000, debug });
    await flush();
    t.emit('ready', READY);
    t.emit('session-expiring', expiring());
    await vi.advanceTimersByTimeAsync(5_500);
    late('s2-late');
    await flush();
    expect(revoke).toHaveBeenCalledWith('s2-late');
    expect(debug).toHaveBeenCalledWith('revoke', 'late id', 's2-late');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.payloads('set-session')).toEqual([{ sessionId: 's3' }]);
    expect(revoke).toHaveBeenCalledTimes(1);
  });

  it('a frame rejection leads to a fresh mint and resend', async () => {
    const t = await signed();
    t.emit('session-expiring', expiring());
    await flush();
    expect(t.sessions()).toEqual(['s2']);
    t.emit('error', REJECTION);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.sessions()).toEqual(['s2', 's3']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.renewed).toHaveBeenCalledWith({ trigger: 'session-expiring', attempts: 2 });
  });

  it('ignores other errors and rejections nobody waits for', async () => {
    const t = await signed();
    t.emit('error', REJECTION);
    t.emit('error', { message: 'query failed', context: 'query' });
    t.emit('session-expiring', expiring());
    await flush();
    t.emit('error', { message: 'render', context: 'render' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2']);
    expect(t.renewed).toHaveBeenCalledWith({ trigger: 'session-expiring', attempts: 1 });
  });

  it('gives up after maxAttempts with a typed notification, and a later trigger tries again', async () => {
    const t = await signed({ maxAttempts: 3 }, 'reject', 'reject', 'reject');
    t.emit('session-expiring', expiring());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.renewalMints()).toBe(3);
    expect(t.failed).toHaveBeenCalledTimes(1);
    const failure = t.failed.mock.calls[0]![0];
    expect(failure).toMatchObject({ trigger: 'session-expiring', attempts: 3, error: { code: 'mint-failed' } });
    expect(failure.error.message).toContain('backend down');
    expect(failure.error.cause).toEqual(new Error('backend down'));
    t.emit('session-expired', { expiredAt: START + 30 * MINUTE });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s5']);
  });

  it('treats a mint that resolves to something else than an id as failed', async () => {
    const mint = vi.fn<() => any>().mockResolvedValueOnce('s1').mockResolvedValue({ sessionId: 'nested' });
    const t = setup({ mintSessionId: mint, maxAttempts: 2 });
    await flush();
    t.emit('ready', READY);
    const renewal = t.embed.renewSession();
    renewal.catch(() => {});
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(renewal).rejects.toMatchObject({ code: 'mint-failed', message: expect.stringContaining('not a session id') });
    expect(mint).toHaveBeenCalledTimes(3);
    expect(t.payloads('set-session')).toEqual([]);
  });

  it('a mint that throws synchronously is a failed attempt, not a crash', async () => {
    const mint = vi.fn<() => string>().mockReturnValueOnce('s1').mockImplementationOnce(() => {
      throw new Error('sync');
    }).mockReturnValue('s3');
    const t = setup({ mintSessionId: mint });
    await flush();
    t.emit('ready', READY);
    const renewal = t.embed.renewSession();
    await vi.advanceTimersByTimeAsync(12_000);
    await expect(renewal).resolves.toBeUndefined();
    expect(t.payloads('set-session')).toEqual([{ sessionId: 's3' }]);
  });
});

describe('foreground check', () => {
  it('renews after a long hidden period (past the estimated expiry)', async () => {
    const t = await signed();
    vi.setSystemTime(START + 30 * HOUR);
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(t.sessions()).toEqual(['s2']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.renewed).toHaveBeenCalledWith({ trigger: 'foreground', attempts: 1 });
  });

  it.each(['pageshow', 'focus', 'online'])('renews on %s within the warning window of the estimate', async (type) => {
    const t = await signed();
    vi.setSystemTime(START + 22 * HOUR + 31 * MINUTE);
    window.dispatchEvent(new Event(type));
    await flush();
    expect(t.sessions()).toEqual(['s2']);
  });

  it('does nothing while the session is far from expiry', async () => {
    const t = await signed();
    vi.setSystemTime(START + 22 * HOUR);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.renewalMints()).toBe(0);
  });

  it('uses the last expiresAt seen rather than the estimate', async () => {
    const t = await signed({}, 'reject', 'reject', 'reject', 'reject');
    // The warning arrives early, the renewal fails for now (backend down) ...
    t.emit('session-expiring', expiring(START + 2 * HOUR));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.failed).toHaveBeenCalledTimes(1);
    // ... and the next focus, long before the 23 h estimate, tries again.
    vi.setSystemTime(START + 2 * HOUR);
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(t.sessions()).toEqual(['s6']);
  });

  it('bases the estimate on the last renewal', async () => {
    const t = await signed();
    vi.setSystemTime(START + 23 * HOUR);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(60_000);
    vi.setSystemTime(START + 30 * HOUR);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sessions()).toEqual(['s2']);
  });

  it('is not wired in private mode', async () => {
    const add = vi.spyOn(window, 'addEventListener');
    setup();
    // No wake-up listener: only the messages, and the page's policy refusing to frame the tenant.
    expect(add.mock.calls.map((call) => call[0])).toEqual(['message', 'securitypolicyviolation']);
    add.mockRestore();
  });
});

describe('destroy and private mode', () => {
  it('destroy during a mint sends nothing and revokes the id', async () => {
    const { t, revoke, renewal, finishMint } = await renewingEmbed();
    const failed = vi.fn();
    t.embed.on('renewal-failed', failed);
    t.embed.destroy();
    await expect(renewal).rejects.toMatchObject({ code: 'destroyed' });
    expect(revoke.mock.calls).toEqual([['s1']]);
    finishMint('s2');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.payloads('set-session')).toEqual([]);
    expect(revoke.mock.calls).toEqual([['s1'], ['s2']]);
    expect(failed).not.toHaveBeenCalled();
  });

  it('destroy during the initial mint leaves no src and revokes the id', async () => {
    let resolve!: (id: string) => void;
    const revoke = vi.fn();
    const t = setup({ mintSessionId: () => new Promise((r) => (resolve = r)), revokeSessionId: revoke });
    await flush();
    t.embed.destroy();
    resolve('s1');
    await flush();
    expect(t.embed.iframe.getAttribute('src')).toBeNull();
    expect(revoke).toHaveBeenCalledWith('s1');
  });

  it('destroy during the backoff stops the retries', async () => {
    const t = await signed({}, 'reject');
    t.emit('session-expiring', expiring());
    await flush();
    t.embed.destroy();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.renewalMints()).toBe(1);
  });

  it('fails the first load when no id can be minted', async () => {
    const mint = vi.fn(() => Promise.reject(new Error('401')));
    const t = setup({ mintSessionId: mint, maxAttempts: 2 });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(t.embed.ready).rejects.toMatchObject({ code: 'mint-failed' });
    expect(mint).toHaveBeenCalledTimes(2);
    expect(t.embed.iframe.getAttribute('src')).toBeNull();
  });

  it('retries the first mint and then loads', async () => {
    const { mint } = minter('reject', 's1');
    const t = setup({ mintSessionId: mint });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.embed.iframe.src).toContain('session=s1');
  });

  it('does not renew in private mode', async () => {
    const t = setup();
    t.emit('ready', READY);
    t.emit('session-expired', { expiredAt: START });
    await expect(t.embed.renewSession()).rejects.toMatchObject({ code: 'invalid-option' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.actions()).toEqual([]);
  });

  it('renewSession waits for ready', async () => {
    const { mint } = minter();
    const t = setup({ mintSessionId: mint });
    const renewal = t.embed.renewSession();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(mint).toHaveBeenCalledTimes(1);
    t.emit('ready', READY);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(renewal).resolves.toBeUndefined();
    expect(t.payloads('set-session')).toEqual([{ sessionId: 's2' }]);
  });
});

describe('a mint that outlives its run', () => {
  it('does not answer for the next run: that one waits for its own id', async () => {
    const AUTH = { message: 'the session id in the URL was refused', name: SESSION_EXCHANGE_ERROR, context: 'auth', fatal: true };
    const pending: ((sessionId: string) => void)[] = [];
    const mint = vi.fn(() => (mint.mock.calls.length === 1 ? Promise.resolve('s1') : new Promise<string>((resolve) => pending.push(resolve))));
    const t = setup({ mintSessionId: mint, revokeSessionId: vi.fn(), mintTimeoutMs: HOUR });
    await flush();
    const renewed = vi.fn();
    t.embed.on('renewed', renewed);
    t.emit('error', AUTH); // the embed refused s1: an auth run mints s2, slowly
    await flush();
    t.emit('ready', READY); // it mounted after all: the auth run is over while s2 is on its way
    t.emit('session-expiring', expiring(START + 30 * MINUTE)); // a new run mints s3, slowly
    await flush();
    expect(pending).toHaveLength(2);
    pending[0]?.('s2');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(renewed).not.toHaveBeenCalled(); // s3 never went out: nothing can have been taken
    pending[1]?.('s3');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.payloads('set-session').map((payload) => payload.sessionId)).toEqual(['s2', 's3']);
    expect(renewed).toHaveBeenCalledTimes(1);
  });
});
