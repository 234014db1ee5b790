import { describe, expect, it } from 'vitest';
import { KEY, SCOPED_KEY, startEmulator } from './helpers.js';

const auth = { authorization: `Bearer ${KEY}` };

describe('revocation and inspection: /api/v1/embed/sessions/:sessionId', () => {
  it('revokes a pending id: 204, then the exchange answers 401 revoked', async () => {
    const { call, mint, exchange, emulator } = await startEmulator();
    const sessionId = await mint();
    const response = await call(`/api/v1/embed/sessions/${sessionId}`, { method: 'DELETE', headers: auth });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const rejected = await exchange(sessionId);
    expect(rejected.status).toBe(401);
    expect(await rejected.json()).toMatchObject({ reason: 'revoked' });
    expect(emulator.state.describe(sessionId)?.status).toBe('revoked');
  });

  it('is idempotent and logs each request', async () => {
    const { call, mint, emulator } = await startEmulator();
    const sessionId = await mint();
    for (let round = 0; round < 2; round += 1)
      expect((await call(`/api/v1/embed/sessions/${sessionId}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect(emulator.state.revocations.map((entry) => entry.result)).toEqual(['revoked', 'already-revoked']);
  });

  it('revoking a redeemed id makes its token stop working for data requests', async () => {
    const { call, mint, exchange } = await startEmulator({ allowPrivate: false });
    const sessionId = await mint();
    const { token } = (await (await exchange(sessionId)).json()) as { token: string };
    const data = () => call('/embed/api/dashboards/sales-overview/data', { headers: { authorization: `Bearer ${token}` } });
    expect((await data()).status).toBe(200);
    await call(`/api/v1/embed/sessions/${sessionId}`, { method: 'DELETE', headers: auth });
    const after = await data();
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ reason: 'revoked' });
  });

  it('answers 404 for an unknown id and 401 without the key', async () => {
    const { call, mint } = await startEmulator();
    expect((await call('/api/v1/embed/sessions/ses_nobody', { method: 'DELETE', headers: auth })).status).toBe(404);
    const sessionId = await mint();
    expect((await call(`/api/v1/embed/sessions/${sessionId}`, { method: 'DELETE' })).status).toBe(401);
    expect((await call(`/api/v1/embed/sessions/${sessionId}`)).status).toBe(401);
  });

  it('answers 403 to a key scoped to other deployments', async () => {
    const { call, mint } = await startEmulator();
    const sessionId = await mint({ deploymentId: 42, externalId: 'ada' });
    const response = await call(`/api/v1/embed/sessions/${sessionId}`, { method: 'DELETE', headers: { authorization: `Api-Key ${SCOPED_KEY}` } });
    expect(response.status).toBe(403);
  });

  it('describes pending, redeemed, expired and revoked ids', async () => {
    const { call, clock, mint, exchange } = await startEmulator({ sessionLifetimeMs: 60_000, trustMarginMs: 0 });
    const status = async (id: string) => ((await (await call(`/api/v1/embed/sessions/${id}`, { headers: auth })).json()) as { status: string }).status;
    const pending = await mint();
    const redeemed = await mint();
    await exchange(redeemed);
    expect(await status(pending)).toBe('pending');
    expect(await status(redeemed)).toBe('redeemed');
    clock.advance(60_000);
    expect(await status(redeemed)).toBe('expired');
    expect(await status(pending)).toBe('pending');
    clock.advance(4 * 60_000);
    expect(await status(pending)).toBe('expired');
  });

  it('POST .../expire makes a redeemed session lapse now and refuses a pending id', async () => {
    const { call, clock, mint, exchange } = await startEmulator({ allowPrivate: false });
    const sessionId = await mint();
    expect((await call(`/api/v1/embed/sessions/${sessionId}/expire`, { method: 'POST', headers: auth })).status).toBe(409);
    const { token } = (await (await exchange(sessionId)).json()) as { token: string };
    const response = await call(`/api/v1/embed/sessions/${sessionId}/expire`, { method: 'POST', headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'expired', usableUntil: clock.now(), expiresAt: clock.now() });
    const data = await call('/embed/api/dashboards/sales-overview/data', { headers: { authorization: `Bearer ${token}` } });
    expect(await data.json()).toMatchObject({ reason: 'expired' });
  });
});
