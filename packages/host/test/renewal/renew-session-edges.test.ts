// renewSession() when the session's estimated expiry is one already renewed: it still renews now,
// as the README says (a fresh id is minted and sent), and resolves.
import { describe, expect, it, vi } from 'vitest';
import { ESTIMATED_LIFETIME_MS, REJECTION_WINDOW_MS } from '../../src/renewal/renewal.js';
import { flush, minter, READY, setup, START, useFakeClock } from '../support/helpers.js';

useFakeClock();

describe('renewSession() right after a renewal', () => {
  it('renews (a third id) and resolves when the renewed session lapses exactly when the new one is estimated to', async () => {
    const { mint } = minter('s1');
    const { embed, emit } = setup({ mintSessionId: mint, revokeSessionId: vi.fn() });
    await flush();
    emit('ready', READY);
    await embed.ready;
    // The renewal is taken REJECTION_WINDOW_MS after set-session; the new id is then estimated to
    // last ESTIMATED_LIFETIME_MS: the very expiry this event told of.
    const expiresAt = START + REJECTION_WINDOW_MS + ESTIMATED_LIFETIME_MS;
    emit('session-expiring', { expiresAt, expiresInMs: expiresAt - START });
    await vi.advanceTimersByTimeAsync(REJECTION_WINDOW_MS);
    expect(mint).toHaveBeenCalledTimes(2);
    const done = embed.renewSession();
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(done).resolves.toBeUndefined();
    expect(mint).toHaveBeenCalledTimes(3);
  });
});
