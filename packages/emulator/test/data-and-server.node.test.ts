import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/index.js';
import { KEY, startEmulator } from './helpers.js';

describe('dashboard data and AI endpoints', () => {
  it('serve rows to a valid token until it lapses, then 401 expired', async () => {
    const { call, clock, mint, exchange } = await startEmulator({ allowPrivate: false, sessionLifetimeMs: 60_000 });
    const { token } = (await (await exchange(await mint())).json()) as { token: string };
    const data = () => call('/embed/api/dashboards/sales-overview/data', { headers: { authorization: `Bearer ${token}` } });
    const ok = await data();
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { rows: Array<{ amount: number; createdAt: number }>; generatedAt: number };
    expect(body.generatedAt).toBe(clock.now());
    expect(body.rows.length).toBeGreaterThan(100);
    expect(body.rows.every((row) => row.createdAt <= clock.now() && row.amount > 0)).toBe(true);
    clock.advance(60_000);
    expect(await (await data()).json()).toMatchObject({ reason: 'expired' });
  });

  it('refuse a request without a token when private mode is off, and any unknown token', async () => {
    const { call } = await startEmulator({ allowPrivate: false });
    expect(await (await call('/embed/api/dashboards/sales-overview/data')).json()).toMatchObject({ reason: 'missing' });
    expect((await call('/embed/api/dashboards/sales-overview/data', { headers: { authorization: 'Bearer tok_forged' } })).status).toBe(401);
  });

  it('answer a question with a figure from the same rows', async () => {
    const { call, mint, exchange } = await startEmulator();
    const { token } = (await (await exchange(await mint())).json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const rows = ((await (await call('/embed/api/dashboards/sales-overview/data', { headers })).json()) as { rows: unknown[] }).rows;
    const response = await call('/embed/api/dashboards/sales-overview/ask', { method: 'POST', headers, json: { question: 'How many orders?' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ chatId: expect.stringMatching(/^chat_/), answer: { kind: 'metric', member: 'orders.count', value: rows.length } });
    const empty = await call('/embed/api/dashboards/sales-overview/ask', { method: 'POST', headers, json: { question: ' ' } });
    expect(empty.status).toBe(400);
  });
});

describe('router and server', () => {
  it('answers 404 and 405 (with Allow) as { error }', async () => {
    const { call } = await startEmulator();
    const missing = await call('/api/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'no route for GET /api/v1/nothing-here' });
    const wrong = await call('/api/v1/embed/generate-session', { method: 'PUT' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('registers extra route modules and turns thrown errors into 500 { error }', async () => {
    const { emulator } = await startEmulator({
      routes: [
        { name: 'ping', routes: [{ method: 'GET', path: '/ping/:who', handle: ({ res, params }) => void res.end(`pong ${params.who}`) }] },
        { name: 'broken', routes: [{ method: 'GET', path: '/broken', handle: () => { throw new Error('boom'); } }] },
      ],
      log: () => {},
    });
    expect(await (await fetch(`${emulator.url}/ping/ada%20l`)).text()).toBe('pong ada l');
    const broken = await fetch(`${emulator.url}/broken`);
    expect(broken.status).toBe(500);
    expect(await broken.json()).toMatchObject({ error: expect.stringContaining('internal') });
  });

  it('close() ends kept-alive connections and is idempotent', async () => {
    const emulator = await createEmulator({ apiKeys: [KEY] });
    const agentResponse = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = request(`${emulator.url}/api/v1/nothing`, { headers: { connection: 'keep-alive' } }, resolve);
      req.on('error', reject);
      req.end();
    });
    agentResponse.resume();
    const started = Date.now();
    await Promise.all([emulator.close(), emulator.close()]);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(fetch(`${emulator.url}/api/v1/nothing`)).rejects.toThrow();
  });

  it('listens on both loopback addresses for localhost', async () => {
    const { emulator } = await startEmulator({ hostname: 'localhost' });
    expect(emulator.url).toBe(`http://localhost:${emulator.port}`);
    for (const address of ['127.0.0.1', '[::1]'])
      expect((await fetch(`http://${address}:${emulator.port}/api/v1/x`)).status).toBe(404);
  });

  it.each([
    [{ apiKeys: ['short'] }, /at least 8 characters/],
    [{ hostOrigins: ['http://127.0.0.1:4300/page'] }, /without a path/],
    [{ hostOrigins: ['*'] }, /absolute URL/],
    [{ sessionLifetimeMs: 0 }, /sessionLifetimeMs/],
    [{ sessionLifetimeMs: 1000, trustMarginMs: 1000 }, /trustMarginMs/],
  ])('rejects bad options %j with a message that says what to fix', async (options, message) => {
    await expect(createEmulator(options as never)).rejects.toThrow(message);
  });

  it('caps the warning lead at half the usable lifetime', async () => {
    const { emulator } = await startEmulator({ sessionLifetimeMs: 120_000, trustMarginMs: 0 });
    expect(emulator.options.sessionWarningMs).toBe(60_000);
  });
});
