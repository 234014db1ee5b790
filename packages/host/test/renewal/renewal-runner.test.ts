// The renewal part's runner: signals one at a time, never one inside another, and a throwing effect
// never wedges it. Its rules are the machine's (renewal-step.test.ts); its wiring is createEmbed's.
import { createScope } from '@svc-embed/runtime';
import { describe, expect, it, vi } from 'vitest';
import { createRenewalRunner, type RenewalRunnerOptions } from '../../src/renewal/renewal-runner.js';

const READY = { embedTenant: 'acme', deploymentId: 7, mode: 'private', surface: 'dashboard', publicId: 'd-42' } as const;

function runner(changes: Partial<RenewalRunnerOptions> = {}) {
  const ready = { resolve: vi.fn(), reject: vi.fn() };
  const options: RenewalRunnerOptions = {
    scope: createScope({ timers: globalThis }), now: () => 0, log: vi.fn(), mint: undefined,
    config: { policy: { attempts: 2, delayMs: 10 }, canMint: false, hasUrl: true, readyTimeoutMs: 0 },
    load: vi.fn(), postSession: vi.fn(), revokeLateId: vi.fn(), ready, readyTimeoutError: () => new Error('late') as never, silentError: () => new Error('silent') as never,
    openOutbox: vi.fn(), emit: vi.fn(), note: vi.fn(), window, document,
    ...changes,
  };
  return { part: createRenewalRunner(options), options, ready };
}

describe('the renewal runner', () => {
  it('keeps handling signals after an effect threw', () => {
    const load = vi.fn(() => {
      throw new Error('load failed');
    });
    const { part, ready } = runner({ load });
    expect(() => part.signal({ type: 'start', now: 0 })).toThrow('load failed');
    part.signal({ type: 'ready', now: 1, payload: READY });
    expect(ready.resolve).toHaveBeenCalledWith(READY);
  });

  it('handles a signal sent from inside an effect after the current one, not inside it', () => {
    const order: string[] = [];
    let part: ReturnType<typeof createRenewalRunner>;
    const openOutbox = vi.fn(() => {
      order.push('open-outbox');
      part.signal({ type: 'auth-error' });
      order.push('open-outbox returned');
    });
    const emit = vi.fn((name: string) => void order.push(`emit ${name}`));
    ({ part } = runner({ openOutbox, emit }));
    part.signal({ type: 'ready', now: 1, payload: READY });
    // The ready step (its effects, then its state change), then the auth error's.
    expect(order).toEqual(['open-outbox', 'open-outbox returned', 'emit state', 'emit renewal-failed']);
  });
});
