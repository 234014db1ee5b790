// A single-use id is never spent on an embed that does not outlive the task that created it (React
// StrictMode mounts, unmounts and mounts every effect in one task), and an id that arrives too late
// is revoked, logged and reported by logout.
import { describe, expect, it, vi } from 'vitest';
import { createEmbed, createSessionLedger, type EmbedOptions } from '../src/index.js';
import { flush, minter, privateUnlessSigned, TENANT, useFakeClock } from './support/helpers.js';

useFakeClock();

const make = (options: Partial<Parameters<typeof createEmbed>[0]> = {}) =>
  createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: document.createElement('div'), ...privateUnlessSigned(options) } as EmbedOptions);

describe('no wasted id', () => {
  it('an embed created and destroyed in the same task mints nothing', async () => {
    const { mint } = minter();
    const revoke = vi.fn();
    const embed = make({ mintSessionId: mint, revokeSessionId: revoke });
    embed.destroy();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mint).not.toHaveBeenCalled();
    expect(revoke).not.toHaveBeenCalled();
    await expect(embed.ready).rejects.toMatchObject({ code: 'destroyed' });
  });

  it("StrictMode's mount, unmount, mount: one mint in all, for the embed that stays", async () => {
    const { mint } = minter();
    const ledger = createSessionLedger();
    const first = make({ mintSessionId: mint, ledger });
    first.destroy();
    const second = make({ mintSessionId: mint, ledger });
    await flush();
    expect(mint).toHaveBeenCalledTimes(1);
    expect(new URL(second.iframe.src).searchParams.get('session')).toBe('s1');
    second.destroy();
  });

  it('an id that arrives after destroy is revoked at once, logged, and listed by logout', async () => {
    let resolve!: (id: string) => void;
    const mint = vi.fn(() => new Promise<string>((done) => (resolve = done)));
    const revoke = vi.fn();
    const debug = vi.fn();
    const ledger = createSessionLedger();
    const embed = make({ mintSessionId: mint, revokeSessionId: revoke, ledger, debug });
    await flush();
    expect(mint).toHaveBeenCalledTimes(1);
    embed.destroy();
    resolve('late-1');
    await flush();
    expect(revoke).toHaveBeenCalledWith('late-1');
    expect(debug).toHaveBeenCalledWith('revoke', 'late id', 'late-1');
    expect(await ledger.logout()).toEqual({ revoked: ['late-1'], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
    expect(revoke).toHaveBeenCalledTimes(1);
  });

  it('a late id whose revocation fails is listed in failed', async () => {
    let resolve!: (id: string) => void;
    const mint = vi.fn(() => new Promise<string>((done) => (resolve = done)));
    const ledger = createSessionLedger();
    const embed = make({ mintSessionId: mint, revokeSessionId: () => ({ ok: false, status: 404 }), ledger, mintTimeoutMs: 1_000 });
    await flush();
    await vi.advanceTimersByTimeAsync(1_000); // the mint timed out; a retry waits
    embed.destroy();
    resolve('late-2');
    await flush();
    const result = await ledger.logout();
    expect(result.revoked).toEqual([]);
    expect(result.failed).toEqual([{ sessionId: 'late-2', error: expect.objectContaining({ code: 'revoke-failed' }) }]);
  });
});
