// A sign-out while a mint is in flight, with each store (memory; Redis on a real redis-server started
// and stopped by this file): the service takes 400 ms to mint; once it is minting, the viewer signs out
// through POST <path>/logout over real HTTP (node:http) or through logoutViewer. The mint then ends
// after the sign-out moment: its id is revoked at once and answered 409 signed-out, never handed
// out; the ids minted before are revoked by the sign-out itself. A mint that starts after the
// sign-out is served as usual.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createSessionEndpoint, type SessionEndpoint, type SessionStore } from '../../src/index.js';
import { createRedisStore } from '../../src/redis.js';
import { PATH } from '../support/endpoint-fixture.js';
import { prefixMaker } from '../support/redis-ledger-state.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

const freshPrefix = prefixMaker('race');
const MINT_MS = 400;

let redis: RedisServer | undefined;
let client: ReturnType<typeof createClient> | undefined;
beforeAll(async () => {
  redis = await startRedisServer();
  client = await createClient({ url: redis.url }).connect();
});
afterAll(async () => {
  await client?.close();
  await redis?.stop();
});

const STORES: [string, () => SessionStore][] = [
  ['memory store', () => createMemoryStore()],
  ['Redis store', () => {
    if (!client) throw new Error('redis-server did not start: see beforeAll');
    return createRedisStore({ client, prefix: freshPrefix() });
  }],
];

/** The endpoint behind node:http; the service mints slowly from the second mint on and records every revocation. */
async function serve(store: SessionStore) {
  const service = { minted: [] as string[], revoked: [] as string[] };
  const server: Server = createServer((req, res) => void endpoint.node(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint: SessionEndpoint = createSessionEndpoint({
    path: PATH,
    allowedOrigins: [origin],
    viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'nobody' }),
    mint: async () => {
      const id = `ses_${service.minted.length + 1}`;
      service.minted.push(id);
      if (service.minted.length > 1) await new Promise((resolve) => setTimeout(resolve, MINT_MS));
      return id;
    },
    revoke: (sessionId) => void service.revoked.push(sessionId),
    store,
  });
  const send = (method: string, path: string) => fetch(`${origin}${path}`, { method, headers: { origin, 'sec-fetch-site': 'same-origin', 'x-viewer': 'ada' } });
  const stop = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return { endpoint, service, send, stop };
}

describe.each(STORES)('a sign-out while a mint is in flight, %s', (_, makeStore) => {
  it.each([
    ['POST <path>/logout over HTTP', (served: Awaited<ReturnType<typeof serve>>) => served.send('POST', `${PATH}/logout`).then((response) => response.json())],
    ['logoutViewer', (served: Awaited<ReturnType<typeof serve>>) => served.endpoint.logoutViewer('ada')],
  ] as const)('%s: the mint that ends after it answers 409 signed-out and its id is revoked, never handed out', async (_, signOut) => {
    const served = await serve(makeStore());
    try {
      const first = (await (await served.send('POST', PATH)).json()) as { sessionId: string };
      const inFlight = served.send('POST', PATH);
      // Once the service holds the second mint (a fixed delay lost the race on a loaded machine).
      await expect.poll(() => served.service.minted.length, { interval: 5 }).toBe(2);
      const answer = (await signOut(served)) as { revoked: string[] };
      expect(answer.revoked).toEqual([first.sessionId]);
      const late = await inFlight;
      expect(late.status).toBe(409);
      const body = (await late.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: 'signed-out', message: expect.stringContaining('it was revoked') });
      expect(JSON.stringify(body)).not.toContain('ses_2');
      expect(served.service.minted).toEqual([first.sessionId, 'ses_2']);
      expect([...served.service.revoked].sort()).toEqual([first.sessionId, 'ses_2']);
      const after = await served.send('POST', PATH);
      expect(after.status).toBe(200);
      expect(((await after.json()) as { sessionId: string }).sessionId).toBe('ses_3');
      expect(served.service.revoked).not.toContain('ses_3');
    } finally {
      await served.stop();
    }
  });
});
