// A hostile or broken surface on the tenant origin (its messages pass every origin and source check)
// cannot make the host mint without limit: the embed's and the ledger's mint budgets, the failure
// they end in (`mint-limit`), logout's bounded concurrency, and the bounded memory of expiries.
import { describe, expect, it, vi } from 'vitest';
import { createMintBudget } from '../../src/ledger/mint-limit.js';
import { EXPIRY_MEMORY, initialRenewalState, inPhase, type RenewalState } from '../../src/renewal/renewal.js';
import { renewalStep } from '../../src/renewal/renewal-step.js';
import { createSessionLedger, EMBED_ERROR_CODES, type EmbedOptions, type RenewalFailure } from '../../src/index.js';
import { flush, HOUR, MINUTE, READY, setup, useFakeClock, type Harness } from '../support/helpers.js';
import { config, run } from '../support/renewal-fixtures.js';

useFakeClock();

const AUTH = { message: 'the session id was refused', name: 'EmbedSessionExchangeError', context: 'auth', fatal: true };

/** A signed embed with an instant mint, ready, its `renewal-failed` details and debug lines recorded. */
async function readyEmbed(options: Partial<EmbedOptions> = {}) {
  let minted = 0;
  const mint = vi.fn(() => `s${++minted}`);
  const failures: RenewalFailure[] = [];
  const log: unknown[][] = [];
  const t = setup({ mintSessionId: mint, revokeSessionId: () => {}, debug: (...line) => void log.push(line), ...options });
  t.embed.on('renewal-failed', (info) => void failures.push(info));
  await flush();
  t.emit('ready', READY);
  return { t, mint, failures, log };
}

/** The storm of the attack review: every `set-session` answered at once by a warning about a new session. */
async function expiryStorm(t: Harness, answers: number) {
  for (let n = 1; n <= answers; n += 1) {
    const expiresAt = Date.now() + 30 * MINUTE + n;
    // Stamped a millisecond after our last set-session: about the session it carried.
    await vi.advanceTimersByTimeAsync(1);
    t.emit('session-expiring', { expiresAt, expiresInMs: expiresAt - Date.now() });
    await flush();
  }
}

describe('createMintBudget', () => {
  it('allows `ids` in any window, and one more once the oldest has left it', () => {
    const budget = createMintBudget({ ids: 3, windowMs: 1_000 }, { option: 'mintLimit', whose: 'this embed' });
    for (const at of [0, 10, 20]) {
      expect(budget.allows(at)).toBe(true);
      budget.spend(at);
    }
    expect(budget.allows(999)).toBe(false);
    expect(budget.allows(1_000)).toBe(true);
    budget.spend(1_000);
    expect(budget.allows(1_009)).toBe(false);
    expect(budget.allows(1_010)).toBe(true);
  });

  it('its refusal names the code, the figures and the option', () => {
    const budget = createMintBudget({ ids: 30, windowMs: HOUR }, { option: 'mintLimit', whose: 'this embed' });
    expect(budget.refusal()).toMatchObject({
      code: 'mint-limit',
      message: expect.stringMatching(/^the embed asked for new sessions faster than any session lasts: 30 ids minted for this embed within 60 min \(mintLimit\)/),
    });
  });

  it.each([{ ids: 0, windowMs: 1 }, { ids: 1.5, windowMs: 1 }, { ids: 3, windowMs: 0 }, { ids: 3, windowMs: Number.NaN }, { ids: 3 }, { ids: '30', windowMs: 1 }])(
    'refuses the limit %j with invalid-option, before anything is created',
    (mintLimit) => {
      const container = document.createElement('div');
      expect(() => setup({ container, mintLimit: mintLimit as never, mintSessionId: () => 's' })).toThrow(
        expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('mintLimit must be { ids, windowMs }') }),
      );
      expect(() => createSessionLedger({ mintLimit: mintLimit as never })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining("the ledger's mintLimit") }));
    },
  );

  it('exports the code', () => {
    expect(EMBED_ERROR_CODES.mintLimit).toBe('mint-limit');
  });
});

describe('a surface that asks for a new session after every set-session', () => {
  it('gets at most 30 ids an hour by default; then each renewal fails with mint-limit, once, and is logged', async () => {
    const { t, mint, failures, log } = await readyEmbed();
    await expiryStorm(t, 200);
    // The first id, then 29 renewals: every one answered with a warning about a newer session.
    expect(mint).toHaveBeenCalledTimes(30);
    expect(t.payloads('set-session')).toHaveLength(29);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((info) => info.error.code === 'mint-limit' && info.attempts === 1 && info.trigger === 'session-expiring')).toBe(true);
    expect(log.filter((line) => line[0] === 'limit')).toHaveLength(failures.length);
    expect(log.find((line) => line[0] === 'limit')?.[1]).toMatch(/30 ids minted for this embed within 60 min \(mintLimit\)/);
    // No retry is scheduled for a refused mint: an hour of backoff timers would mint nothing either.
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(mint).toHaveBeenCalledTimes(30);
  });

  it('mints again once the window has moved on, at the same bounded rate', async () => {
    const { t, mint } = await readyEmbed({ mintLimit: { ids: 5, windowMs: 10 * MINUTE } });
    await expiryStorm(t, 20);
    expect(mint).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    await expiryStorm(t, 20);
    expect(mint).toHaveBeenCalledTimes(10);
  });

  it('an honest renewal is not refused: one id a session, even at the embed\'s lowest limit of one an hour', async () => {
    const { t, mint, failures } = await readyEmbed({ mintLimit: { ids: 2, windowMs: HOUR } });
    const expiresAt = Date.now() + 30 * MINUTE;
    t.emit('session-expiring', { expiresAt, expiresInMs: 30 * MINUTE });
    t.emit('session-expired', { expiredAt: expiresAt });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(mint).toHaveBeenCalledTimes(2);
    expect(failures).toEqual([]);
  });
});

describe('a surface that refuses every id after ready', () => {
  it('is bounded too: the auth runs end in mint-limit, and renewal-failed says so', async () => {
    const { t, mint, failures } = await readyEmbed({ mintLimit: { ids: 10, windowMs: HOUR } });
    for (let n = 0; n < 200; n += 1) {
      t.emit('error', AUTH);
      await flush();
      t.emit('ready', READY); // took the id, then refuses it again
      await flush();
    }
    expect(mint).toHaveBeenCalledTimes(10);
    expect(failures.at(-1)).toMatchObject({ trigger: 'auth', error: { code: 'mint-limit' } });
  });

  it('a first id refused by the budget rejects ready with mint-limit', async () => {
    const ledger = createSessionLedger({ mintLimit: { ids: 1, windowMs: HOUR } });
    const first = setup({ ledger, mintSessionId: () => 'a1' });
    await flush();
    const second = setup({ ledger, mintSessionId: () => 'b1' });
    await flush();
    await expect(second.embed.ready).rejects.toMatchObject({ code: 'mint-limit', message: expect.stringContaining("for this viewer within 60 min (the ledger's mintLimit)") });
    expect(first.embed.iframe.src).toContain('session=a1');
    expect(second.embed.iframe.getAttribute('src')).toBeNull();
  });
});

describe('the ledger\'s limit', () => {
  it('bounds all the viewer\'s embeds together, each within its own limit', async () => {
    const ledger = createSessionLedger({ mintLimit: { ids: 12, windowMs: HOUR } });
    const embeds = await Promise.all([0, 1, 2].map(() => readyEmbed({ ledger })));
    for (const { t } of embeds) await expiryStorm(t, 50);
    const mints = embeds.map(({ mint }) => mint.mock.calls.length);
    expect(mints.reduce((sum, n) => sum + n, 0)).toBe(12);
    expect(embeds.at(-1)?.failures.at(-1)?.error.message).toMatch(/12 ids minted for this viewer/);
  });
});

describe('logout', () => {
  it('revokes at most revokeConcurrency ids at once, and every one in the end', async () => {
    const ledger = createSessionLedger({ revokeConcurrency: 3 });
    let inFlight = 0;
    let most = 0;
    const revokeSessionId = vi.fn(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight -= 1;
    });
    const t = setup({ ledger, mintSessionId: () => 'first', revokeSessionId });
    await flush();
    for (let n = 0; n < 20; n += 1) t.embed.setSession(`mine-${n}`);
    const logout = t.embed.logout();
    await vi.advanceTimersByTimeAsync(100 * 7);
    const result = await logout;
    expect(most).toBe(3);
    expect(revokeSessionId).toHaveBeenCalledTimes(21);
    expect(result.revoked).toHaveLength(21);
    expect(result.failed).toEqual([]);
  });

  it('defaults to 4 at once', async () => {
    const started: string[] = [];
    const t = setup({ mintSessionId: () => 'first', revokeSessionId: (id) => new Promise(() => void started.push(id)) });
    await flush();
    for (let n = 0; n < 10; n += 1) t.embed.setSession(`mine-${n}`);
    void t.embed.logout();
    await flush();
    expect(started).toEqual(['first', 'mine-0', 'mine-1', 'mine-2']);
  });

  it.each([0, 1.5, -1])('refuses revokeConcurrency %j', (revokeConcurrency) => {
    expect(() => createSessionLedger({ revokeConcurrency })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('revokeConcurrency') }));
  });
});

describe('the memory of handled expiries', () => {
  /** A run minting for the session that lapses at `first`, and `count` new expiries joined to it. */
  function flood(count: number): RenewalState {
    let state: RenewalState = inPhase({ ...initialRenewalState(0), load: { name: 'ready' }, tickets: 1, handled: [1] }, { phase: 'minting', run: run({ targets: [1] }), ticket: 1 });
    for (let at = 2; at <= count + 1; at += 1) state = renewalStep(state, { type: 'trigger', trigger: 'session-expiring', now: 0, expiry: at, builtAt: 1 }, config).state;
    return state;
  }

  it(`keeps the latest ${EXPIRY_MEMORY} of a flood, so each message costs the same`, () => {
    const state = flood(10_000);
    expect(state.handled).toEqual(Array.from({ length: EXPIRY_MEMORY }, (_, index) => 10_001 - EXPIRY_MEMORY + 1 + index));
    expect(state.phase === 'minting' && state.run.targets).toEqual(state.handled);
  });

  it('still recognises a late duplicate of the latest sessions', () => {
    const state = flood(100);
    const late = renewalStep(state, { type: 'trigger', trigger: 'session-expired', now: 0, expiry: 101, builtAt: 1 }, config);
    expect(late.state).toBe(state);
    expect(late.log).toEqual(['drop', 'session-expired', 'already renewed']);
  });
});
