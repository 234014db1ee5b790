import { describe, expect, it } from 'vitest';
import { startEmulator } from './helpers.js';

const HOUR = 3_600_000;

describe('POST /api/v1/embed/session/token', () => {
  it('exchanges an id once for a token with a 24 h nominal and about 23 h usable lifetime', async () => {
    const { clock, mint, exchange } = await startEmulator();
    const sessionId = await mint({ deploymentId: 42, externalId: 'ada', embedTenantName: 'acme-corp' });
    const response = await exchange(sessionId);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      token: expect.stringMatching(/^tok_/),
      expiresAt: clock.now() + 24 * HOUR,
      usableUntil: clock.now() + 23 * HOUR,
      deploymentId: 42,
      embedTenant: 'acme-corp',
    });
  });

  it('answers 401 for an id that was already redeemed', async () => {
    const { mint, exchange } = await startEmulator();
    const sessionId = await mint();
    expect((await exchange(sessionId)).status).toBe(200);
    const again = await exchange(sessionId);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ reason: 'redeemed' });
  });

  it('answers 401 for an unknown id', async () => {
    const { exchange } = await startEmulator();
    const response = await exchange('ses_made_up_by_someone');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ reason: 'unknown', error: expect.stringContaining('unknown') });
  });

  it('accepts an id until 5 minutes after minting and answers 401 from then on', async () => {
    const { clock, mint, exchange } = await startEmulator();
    const early = await mint();
    const late = await mint();
    clock.advance(5 * 60_000 - 1);
    expect((await exchange(early)).status).toBe(200);
    clock.advance(1);
    const response = await exchange(late);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ reason: 'expired' });
  });

  it('honours a configured session lifetime, trust margin and id lifetime', async () => {
    const { clock, mint, exchange } = await startEmulator({ sessionLifetimeMs: 120_000, trustMarginMs: 10_000, sessionIdLifetimeMs: 1_000 });
    const body = (await (await exchange(await mint())).json()) as { expiresAt: number; usableUntil: number };
    expect(body.expiresAt - clock.now()).toBe(120_000);
    expect(body.usableUntil - clock.now()).toBe(110_000);
    const stale = await mint();
    clock.advance(1_000);
    expect((await exchange(stale)).status).toBe(401);
  });

  it.each([
    ['no sessionId', {}],
    ['a numeric sessionId', { sessionId: 5 }],
    ['an empty sessionId', { sessionId: '' }],
  ])('answers 400 for %s', async (_, json) => {
    const { call } = await startEmulator();
    const response = await call('/api/v1/embed/session/token', { method: 'POST', json });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: expect.stringContaining('sessionId') });
  });

  it('logs every attempt with its outcome', async () => {
    const { emulator, mint, exchange } = await startEmulator();
    const sessionId = await mint();
    await exchange(sessionId);
    await exchange(sessionId);
    expect(emulator.state.exchanges.map(({ ok, reason }) => [ok, reason])).toEqual([[true, undefined], [false, 'redeemed']]);
  });
});
