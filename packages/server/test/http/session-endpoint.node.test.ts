// The endpoint through its Fetch API handler: the three routes, who may revoke what, the request
// checks (origin, method, size, path), the mint limit, and what happens when the service or the store
// fails. Answers never carry the API key, the service's body or another viewer's id.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createSessionEndpoint, DEFAULT_REVOKE_RETRY_MS, EndpointError, type SessionStore } from '../../src/index.js';
import { browserRequest, json, makeEndpoint, ORIGIN, PATH, SECRET, SERVICE_BODY } from '../support/endpoint-fixture.js';
import { ID_LIFETIME_MS } from '../support/whole-ledger.js';

const mint = (endpoint: ReturnType<typeof makeEndpoint>['endpoint'], viewer: string) => endpoint.fetch(browserRequest('POST', PATH, { viewer }));
const mintId = async (endpoint: ReturnType<typeof makeEndpoint>['endpoint'], viewer: string): Promise<string> => (await json(await mint(endpoint, viewer))).sessionId;
/** The ids in the viewer's ledger, read by a sign-out of the store itself (it ends the test's use of them). */
/** Every id in the viewer's ledger, claimed or held. */
const ledgerOf = async (endpoint: ReturnType<typeof makeEndpoint>['endpoint'], viewerId: string): Promise<string[]> => {
  const claimed = await endpoint.store.signOut({ viewerId, leaseMs: 60_000, rememberMs: 60_000 });
  return [...claimed.ids, ...claimed.held];
};

describe('POST <path>: mint', () => {
  it('mints for the signed-in viewer, records the id in their ledger, and answers { sessionId } uncached', async () => {
    const { endpoint, service } = makeEndpoint();
    const response = await mint(endpoint, 'ada');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json(response)).toEqual({ sessionId: 'ses_ada_1', viewer: expect.stringMatching(/^[\w-]{22}$/) });
    expect(service.minted).toEqual(['ses_ada_1']);
    expect(await ledgerOf(endpoint, 'ada')).toEqual(['ses_ada_1']);
  });

  it('tags each mint and sign-out with the viewer: a keyed hash, never the id, the same on every instance with one key', async () => {
    const tagOf = async (endpoint: ReturnType<typeof makeEndpoint>['endpoint'], viewer: string) => (await json(await mint(endpoint, viewer))).viewer;
    const key = 'a secret of the backend, 32 chars';
    const [one, two, other] = [makeEndpoint({ viewerTagKey: key }), makeEndpoint({ viewerTagKey: key }), makeEndpoint({ viewerTagKey: `${key}!` })];
    const ada = await tagOf(one.endpoint, 'ada');
    expect(ada).not.toContain('ada');
    expect(await tagOf(one.endpoint, 'ada')).toBe(ada);
    expect(await tagOf(two.endpoint, 'ada')).toBe(ada);
    expect(await tagOf(one.endpoint, 'bob')).not.toBe(ada);
    expect(await tagOf(other.endpoint, 'ada')).not.toBe(ada);
    expect((await json(await one.endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' })))).viewer).toBe(ada);
    // Without a key, every instance of one endpoint (same path and origins) still agrees.
    expect(await tagOf(makeEndpoint().endpoint, 'ada')).toBe(await tagOf(makeEndpoint().endpoint, 'ada'));
    expect(() => makeEndpoint({ viewerTagKey: 'short' })).toThrow(expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('viewerTagKey') }));
  });

  it('answers 401 without a viewer, and mints nothing', async () => {
    const { endpoint, service } = makeEndpoint();
    const response = await endpoint.fetch(browserRequest('POST', PATH));
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    expect(service.mintCalls).toBe(0);
  });

  it('answers 429 with Retry-After past the per-viewer limit, mints nothing then, and mints again once the window moved on', async () => {
    const { endpoint, service, clock } = makeEndpoint({ limits: { mintsPerWindow: 3, mintWindowMs: 60_000 } });
    for (let index = 0; index < 3; index += 1) {
      expect((await mint(endpoint, 'ada')).status).toBe(200);
      clock.advance(10_000);
    }
    const refused = await mint(endpoint, 'ada');
    expect(refused.status).toBe(429);
    // The clock stands 50 s into a minute window holding 4 attempts (this one too): one more fits
    // once this window's weight has faded to (3 - 1) / 4 of it, 30 s into the next window, in 40 s.
    expect(refused.headers.get('retry-after')).toBe('40');
    expect((await json(refused)).error.code).toBe('mint-limit');
    expect(service.mintCalls).toBe(3);
    expect((await mint(endpoint, 'bob')).status).toBe(200);
    clock.advance(61_000);
    expect((await mint(endpoint, 'ada')).status).toBe(200);
  });

  it('answers 502 mint-failed when the service fails, with nothing recorded and no secret in the answer', async () => {
    const { endpoint, service, errors } = makeEndpoint();
    service.failMint = true;
    const response = await mint(endpoint, 'ada');
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('mint-failed');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('shard eu-3');
    expect(text).not.toContain('Bearer');
    expect(await ledgerOf(endpoint, 'ada')).toEqual([]);
    expect(String((errors[0]?.error as Error).message)).toContain(SERVICE_BODY);
    expect(errors.map(({ code }) => code)).toEqual(['mint-failed']);
  });

  it('answers 502 mint-failed when mint() gives no id string', async () => {
    for (const minted of ['', undefined, 42, { sessionId: 'x' }]) {
      const { endpoint } = makeEndpoint({ mint: async () => minted as string });
      const response = await mint(endpoint, 'ada');
      expect(response.status).toBe(502);
      expect((await json(response)).error.code).toBe('mint-failed');
    }
  });

  it('revokes the new id at once and answers 503 when the store cannot record it: no id handed out unrecorded', async () => {
    const memory = createMemoryStore();
    const failingAdd: SessionStore = { ...memory, add: async () => Promise.reject(new Error(`redis down at redis://:${SECRET}@cache:6379`)) };
    const { endpoint, service } = makeEndpoint({ store: failingAdd });
    const response = await mint(endpoint, 'ada');
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('store-unavailable');
    expect(text).not.toContain('ses_ada_1');
    expect(text).not.toContain(SECRET);
    expect(service.minted).toEqual(['ses_ada_1']);
    expect(service.revoked).toEqual(['ses_ada_1']);
  });

  it('answers 503 and mints nothing when the store cannot count the mint', async () => {
    const failingCount: SessionStore = { ...createMemoryStore(), countMint: async () => Promise.reject(new Error('connection refused')) };
    const { endpoint, service } = makeEndpoint({ store: failingCount });
    const response = await mint(endpoint, 'ada');
    expect(response.status).toBe(503);
    expect(service.mintCalls).toBe(0);
  });
});

describe('DELETE <path>/<id>: revoke', () => {
  it("revokes the viewer's own id (204), once", async () => {
    const { endpoint, service } = makeEndpoint();
    const id = await mintId(endpoint, 'ada');
    const response = await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }));
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(service.revoked).toEqual([id]);
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }))).status).toBe(404);
    expect(service.revoked).toEqual([id]);
  });

  it("never lets viewer B revoke viewer A's id: 404, the service never called, the id still A's", async () => {
    const { endpoint, service } = makeEndpoint();
    const id = await mintId(endpoint, 'ada');
    const response = await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'bob' }));
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('unknown-session');
    expect(text).not.toContain('ada');
    expect(text).not.toContain(id);
    expect(service.revoked).toEqual([]);
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }))).status).toBe(204);
  });

  it('answers 404 for an id never minted, without calling the service', async () => {
    const { endpoint, service } = makeEndpoint();
    const response = await endpoint.fetch(browserRequest('DELETE', `${PATH}/ses_made_up`, { viewer: 'ada' }));
    expect(response.status).toBe(404);
    expect(service.revoked).toEqual([]);
  });

  it('reads a percent-encoded id as the browser side encodes it', async () => {
    const { endpoint, service } = makeEndpoint({ mint: async () => 'ses/odd id' });
    const id = await mintId(endpoint, 'ada');
    const response = await endpoint.fetch(browserRequest('DELETE', `${PATH}/${encodeURIComponent(id)}`, { viewer: 'ada' }));
    expect(response.status).toBe(204);
    expect(service.revoked).toEqual(['ses/odd id']);
  });

  it('lets ids leave the ledger after the redemption window and the session lifetime: 404 then, the service not called', async () => {
    const { endpoint, service, clock } = makeEndpoint();
    const id = await mintId(endpoint, 'ada');
    clock.advance(ID_LIFETIME_MS);
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }))).status).toBe(404);
    expect(await endpoint.logoutViewer('ada')).toEqual({ revoked: [], failed: [], pending: [], complete: true });
    expect(service.revoked).toEqual([]);
  });

  it('answers 502 revoke-failed when the service fails, without its words, and keeps the id for a logout once its backoff is over', async () => {
    const { endpoint, service, errors, clock } = makeEndpoint();
    const id = await mintId(endpoint, 'ada');
    service.failRevoke = true;
    const response = await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error).toEqual({ code: 'revoke-failed', message: expect.stringContaining('stays in the ledger as pending') });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('shard eu-3');
    expect(errors.map(({ code }) => code)).toEqual(['revoke-failed']);
    service.failRevoke = false;
    clock.advance(DEFAULT_REVOKE_RETRY_MS);
    expect(await endpoint.logoutViewer('ada')).toEqual({ revoked: [id], failed: [], pending: [], complete: true });
  });

  it('answers 503 when the store cannot claim, and revokes nothing', async () => {
    const failingClaim: SessionStore = { ...createMemoryStore(), claim: async () => Promise.reject(new Error('down')) };
    const { endpoint, service } = makeEndpoint({ store: failingClaim });
    const response = await endpoint.fetch(browserRequest('DELETE', `${PATH}/ses_1`, { viewer: 'ada' }));
    expect(response.status).toBe(503);
    expect(service.revoked).toEqual([]);
  });
});

describe('POST <path>/logout and logoutViewer', () => {
  it("revokes every id of the viewer's ledger (every tab and page load), none of another viewer's", async () => {
    const { endpoint, service } = makeEndpoint();
    const ids = [await mintId(endpoint, 'ada'), await mintId(endpoint, 'ada'), await mintId(endpoint, 'ada')];
    const bobs = await mintId(endpoint, 'bob');
    const response = await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await json(response);
    expect([...body.revoked].sort()).toEqual([...ids].sort());
    expect(body.failed).toEqual([]);
    expect(service.revoked).not.toContain(bobs);
    expect(body.pending).toEqual([]);
    expect(body.complete).toBe(true);
    expect(await json(await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' })))).toEqual({ revoked: [], failed: [], pending: [], complete: true, viewer: body.viewer });
  });

  it('reports the ids the service failed to revoke in failed, with the endpoint\'s own words, and keeps them', async () => {
    const { endpoint, service } = makeEndpoint({ revoke: async (sessionId) => {
      if (sessionId.endsWith('_2')) throw new Error(`key ${SECRET}: ${SERVICE_BODY}`);
    } });
    const ids = [await mintId(endpoint, 'ada'), await mintId(endpoint, 'ada')];
    const response = await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' }));
    const text = await response.text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('shard eu-3');
    const body = JSON.parse(text);
    expect(body.revoked).toEqual([ids[0]]);
    expect(body.failed).toEqual([{ sessionId: ids[1], error: expect.stringContaining('did not revoke') }]);
    expect(body.pending).toEqual([ids[1]]);
    expect(body.complete).toBe(false);
    expect(service.revoked).toEqual([]);
    expect(await ledgerOf(endpoint, 'ada')).toEqual([ids[1]]);
  });

  it('logoutViewer revokes from the customer\'s own code, with no request at all', async () => {
    const { endpoint, service } = makeEndpoint();
    const ids = [await mintId(endpoint, 'ada'), await mintId(endpoint, 'ada')];
    const result = await endpoint.logoutViewer('ada');
    expect([...result.revoked].sort()).toEqual([...ids].sort());
    expect(result.failed).toEqual([]);
    expect([...service.revoked].sort()).toEqual([...ids].sort());
  });

  it('runs at most four revocations at once', async () => {
    let running = 0;
    let most = 0;
    const { endpoint } = makeEndpoint({ limits: { mintsPerWindow: 100 }, revoke: async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    } });
    for (let index = 0; index < 12; index += 1) await mint(endpoint, 'ada');
    expect((await endpoint.logoutViewer('ada')).revoked).toHaveLength(12);
    expect(most).toBe(4);
  });

  it('rejects with EndpointError store-unavailable when the store cannot hand the ledger over, and the route answers 503', async () => {
    const failingSignOut: SessionStore = { ...createMemoryStore(), signOut: async () => Promise.reject(new Error(`down ${SECRET}`)) };
    const { endpoint } = makeEndpoint({ store: failingSignOut });
    const error = await endpoint.logoutViewer('ada').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).code).toBe('store-unavailable');
    expect((error as EndpointError).message).not.toContain(SECRET);
    const response = await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' }));
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain(SECRET);
  });

  it('shares the ledger between two endpoints on one store: minted on one, signed out on the other', async () => {
    const store = createMemoryStore();
    const one = makeEndpoint({ store, now: Date.now });
    const two = makeEndpoint({ store, now: Date.now });
    const id = await mintId(one.endpoint, 'ada');
    const response = await two.endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' }));
    expect((await json(response)).revoked).toEqual([id]);
    expect(two.service.revoked).toEqual([id]);
  });
});

describe('request checks', () => {
  const ORIGINS = [
    ['another site', { origin: 'https://evil.example' }],
    ['another port', { origin: 'https://app.example:8443' }],
    ['another scheme', { origin: 'http://app.example' }],
    ['a look-alike prefix', { origin: 'https://app.example.evil.test' }],
    ['an opaque null origin (sandboxed frame)', { origin: 'null' }],
    ['an allowed origin but Sec-Fetch-Site: cross-site', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }],
    ['a browser request that hides its origin', { 'sec-fetch-site': 'same-origin', origin: '' }],
  ] as const;

  it.each(ORIGINS)('answers 403 to a POST from %s, and mints nothing', async (_, headers) => {
    const { endpoint, service } = makeEndpoint();
    const request = new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers: Object.fromEntries(Object.entries({ 'x-viewer': 'ada', ...headers }).filter(([, value]) => value !== '')) });
    const response = await endpoint.fetch(request);
    expect(response.status).toBe(403);
    expect((await json(response)).error.code).toBe('forbidden-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(service.mintCalls).toBe(0);
  });

  it('answers a cross-origin DELETE and logout 403 too, revoking nothing', async () => {
    const { endpoint, service } = makeEndpoint();
    const id = await mintId(endpoint, 'ada');
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada', headers: evil }))).status).toBe(403);
    expect((await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada', headers: evil }))).status).toBe(403);
    expect(service.revoked).toEqual([]);
  });

  it("serves a request with neither Origin nor Sec-Fetch-Site (a server-side caller) by default, and refuses it with requestsWithoutOrigin: 'refuse'", async () => {
    const request = () => new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers: { 'x-viewer': 'ada' } });
    expect((await makeEndpoint().endpoint.fetch(request())).status).toBe(200);
    expect((await makeEndpoint({ requestsWithoutOrigin: 'refuse' }).endpoint.fetch(request())).status).toBe(403);
  });

  it('accepts a same-site page listed in allowedOrigins', async () => {
    const { endpoint } = makeEndpoint({ allowedOrigins: [ORIGIN, 'https://www.app.example'] });
    const response = await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada', headers: { origin: 'https://www.app.example', 'sec-fetch-site': 'same-site' } }));
    expect(response.status).toBe(200);
  });

  it.each([
    ['GET', PATH, 'POST'],
    ['PUT', PATH, 'POST'],
    ['OPTIONS', PATH, 'POST'],
    ['DELETE', PATH, 'POST'],
    ['GET', `${PATH}/logout`, 'POST'],
    ['DELETE', `${PATH}/logout`, 'POST'],
    ['POST', `${PATH}/ses_1`, 'DELETE'],
    ['GET', `${PATH}/ses_1`, 'DELETE'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const { endpoint, service } = makeEndpoint();
    const response = await endpoint.fetch(browserRequest(method, path, { viewer: 'ada' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await json(response)).error.code).toBe('method-not-allowed');
    expect(service.mintCalls).toBe(0);
  });

  it.each([
    ['a path below an id', `${PATH}/ses_1/extra`],
    ['a path below logout', `${PATH}/logout/now`],
    ['a malformed escape', `${PATH}/%E0%A4%A`],
    ['a look-alike path', '/api/embed-sessions'],
    ['the root', '/'],
    ['an id of 600 characters', `${PATH}/${'x'.repeat(600)}`],
  ])('answers %s with 404 not-found', async (_, path) => {
    const { endpoint } = makeEndpoint();
    const response = await endpoint.fetch(browserRequest('DELETE', path, { viewer: 'ada' }));
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await json(response)).error.code).toBe('not-found');
  });

  it('answers 413 to a body over limits.bodyBytes, declared or streamed, and mints nothing', async () => {
    const { endpoint, service } = makeEndpoint({ limits: { bodyBytes: 64 } });
    const declared = await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada', body: 'x'.repeat(65) }));
    expect(declared.status).toBe(413);
    expect((await json(declared)).error.code).toBe('body-too-large');
    const chunks = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(40));
      },
    });
    const streamed = new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers: { origin: ORIGIN, 'x-viewer': 'ada' }, body: chunks, duplex: 'half' } as RequestInit);
    expect((await endpoint.fetch(streamed)).status).toBe(413);
    expect(service.mintCalls).toBe(0);
    expect((await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada', body: '{}' }))).status).toBe(200);
  });

  it('answers 408 body-timeout to a streamed body that does not end within limits.bodyTimeoutMs, and mints nothing', async () => {
    const { endpoint, service } = makeEndpoint({ limits: { bodyTimeoutMs: 100 } });
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(4));
      },
    });
    const request = new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers: { origin: ORIGIN, 'x-viewer': 'ada' }, body: stalled, duplex: 'half' } as RequestInit);
    const response = await endpoint.fetch(request);
    expect(response.status).toBe(408);
    expect((await json(response)).error.code).toBe('body-timeout');
    expect(service.mintCalls).toBe(0);
  });

  it.each([
    ['a cross-site POST', 'POST', PATH, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 403],
    ['a POST declaring a body over the limit', 'POST', PATH, { 'content-length': '1000000000' }, 413],
    ['a PUT', 'PUT', PATH, {}, 405],
    ['a path below an id', 'POST', `${PATH}/ses_1/more`, {}, 404],
  ] as const)('answers %s from the head alone: the body stream is never pulled', async (_, method, path, headers, status) => {
    const { endpoint, service } = makeEndpoint();
    let pulls = 0;
    // highWaterMark 0: the stream fills no queue of its own, so `pull` runs only when someone reads.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(8));
      },
    }, { highWaterMark: 0 });
    const request = new Request(`${ORIGIN}${path}`, { method, headers: { origin: ORIGIN, 'x-viewer': 'ada', ...headers }, body, duplex: 'half' } as RequestInit);
    const response = await endpoint.fetch(request);
    expect(response.status).toBe(status);
    expect(pulls, 'the handler read the body before refusing').toBe(0);
    expect(service.mintCalls).toBe(0);
  });

  it('answers 500 viewer-failed when viewer() throws or gives no id, without its words', async () => {
    for (const viewer of [() => { throw new Error(`session secret ${SECRET}`); }, () => ({ id: 42 }), () => ({ name: 'ada' })]) {
      const { endpoint, service } = makeEndpoint({ viewer: viewer as never });
      const response = await mint(endpoint, 'ada');
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text).error.code).toBe('viewer-failed');
      expect(text).not.toContain(SECRET);
      expect(service.mintCalls).toBe(0);
    }
  });

  it.each([
    ['empty', ''],
    ['over 256 UTF-16 code units', 'a'.repeat(257)],
    ['a lone high surrogate', 'ada\uD800'],
    ['a lone low surrogate', '\uDC00ada'],
    ['a NUL', 'ada\u0000'],
    ['a newline', 'ada\nforged log line'],
    ['a C1 control', 'ada\u0085'],
  ])('refuses a viewer id that is %s: 500 invalid-viewer-id, reported, nothing minted or recorded', async (_what, id) => {
    const { endpoint, service, errors } = makeEndpoint({ viewer: () => ({ id }) });
    for (const response of [await mint(endpoint, 'ada'), await endpoint.fetch(browserRequest('POST', `${PATH}/logout`, { viewer: 'ada' }))]) {
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text).error).toEqual({ code: 'invalid-viewer-id', message: expect.stringContaining('1 to 256 UTF-16 code units') });
      expect(text).not.toContain('forged log line');
    }
    expect(service.mintCalls).toBe(0);
    expect(errors.map((error) => error.code)).toEqual(['invalid-viewer-id', 'invalid-viewer-id']);
    expect(String(errors[0]?.error)).not.toMatch(/[\u0000-\u001f\ud800-\udfff]/);
    await expect(endpoint.logoutViewer(id)).rejects.toMatchObject({ code: 'invalid-viewer-id' });
    expect(await endpoint.store.listHints({ cursor: '0', count: 100 })).toEqual({ hints: [], cursor: '0' });
  });

  it.each([
    ['256 UTF-16 code units', 'a'.repeat(256)],
    ['an emoji (a surrogate pair)', 'ada\u{1F600}'],
    ['letters of any script and spaces', 'Ада Лавлейс 李'],
  ])('serves a viewer id of %s', async (_what, id) => {
    const { endpoint, errors } = makeEndpoint({ viewer: () => ({ id }) });
    expect((await mint(endpoint, 'ada')).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('gives every answer no-store and every error the shape { error: { code, message } }', async () => {
    const { endpoint } = makeEndpoint();
    const requests = [browserRequest('POST', PATH), browserRequest('GET', PATH), browserRequest('POST', PATH, { viewer: 'ada', headers: { origin: 'https://evil.example' } }), browserRequest('DELETE', `${PATH}/x`, { viewer: 'ada' }), browserRequest('POST', '/elsewhere')];
    for (const request of requests) {
      const response = await endpoint.fetch(request);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await json(response)).toEqual({ error: { code: expect.stringMatching(/^[a-z-]+$/), message: expect.any(String) } });
    }
  });
});

describe('createSessionEndpoint options', () => {
  const valid = { path: PATH, allowedOrigins: [ORIGIN], viewer: () => null, mint: () => 'ses_1', revoke: () => undefined };

  it.each([
    ['no viewer', { viewer: undefined }, /viewer must be a function/],
    ['no mint', { mint: undefined }, /mint must be a function/],
    ['no revoke', { revoke: 'yes' }, /revoke must be a function/],
    ['no path', { path: undefined }, /path must be the endpoint's path/],
    ['a relative path', { path: 'api/embed-session' }, /such as '\/api\/embed-session'/],
    ['no allowedOrigins', { allowedOrigins: undefined }, /allowedOrigins must list/],
    ['an empty allowedOrigins', { allowedOrigins: [] }, /allowedOrigins must list/],
    ['a wildcard origin', { allowedOrigins: ['*'] }, /exact origins .*no wildcards \(got '\*'\): list every origin of your pages, such as 'https:\/\/app.example'/],
    ['a wildcard subdomain', { allowedOrigins: [ORIGIN, 'https://*.example.com'] }, /no wildcards \(got 'https:\/\/\*.example.com'\): list every origin of your pages, such as 'https:\/\/app.example.com'/],
    ['an origin with a trailing slash', { allowedOrigins: ['https://app.example/'] }, /write 'https:\/\/app.example': an origin has no path, query or trailing slash \(got 'https:\/\/app.example\/'\)/],
    ['an origin with a path', { allowedOrigins: ['https://app.example/reports'] }, /write 'https:\/\/app.example': an origin has no path/],
    ['an origin without its scheme', { allowedOrigins: ['app.example'] }, /starts with its scheme: write 'https:\/\/app.example' \(got 'app.example'\)/],
    ['a host and port without a scheme', { allowedOrigins: ['localhost:5173'] }, /starts with its scheme: write 'https:\/\/localhost:5173'/],
    ['an origin in capitals with its default port', { allowedOrigins: ['HTTPS://App.Example:443'] }, /write 'https:\/\/app.example'/],
    ['a file URL', { allowedOrigins: ['file:///srv/page.html'] }, /an http or https origin, such as 'https:\/\/app.example'/],
    ['the null origin', { allowedOrigins: ['null'] }, /the 'null' origin .* cannot be allowed/],
    ['an origin that is no string', { allowedOrigins: [42] }, /an origin as a string, such as 'https:\/\/app.example' \(got 42\)/],
    ['a zero limit', { limits: { mintsPerWindow: 0 } }, /limits.mintsPerWindow must be a positive integer/],
    ['a misspelt limit', { limits: { mintsPerWindows: 30 } }, /limits has no mintsPerWindows; the limits are mintsPerWindow, mintWindowMs, /],
    ['limits that are no object', { limits: 30 }, /limits must be an object such as \{ mintsPerWindow: 30 \}, or left out \(got 30\)/],
    ['a limit given as a string', { limits: { bodyBytes: '1024' } }, /limits.bodyBytes must be a positive integer \(got 1024\)/],
    ['a revoke deadline no shorter than the lease', { limits: { revocationLeaseMs: 1_000 } }, /limits.revokeTimeoutMs \(5000\) must be below limits.revocationLeaseMs \(1000\)/],
    ['a store that is not one', { store: {} }, /store must be a SessionStore/],
    ['an unknown requestsWithoutOrigin', { requestsWithoutOrigin: 'sometimes' }, /'allow' or 'refuse'/],
    ['an onError that is no function', { onError: 'console' }, /onError must be a function, such as \(error, report\) =>/],
    ['an onRevoke that is no function', { onRevoke: {} }, /onRevoke must be a function, such as \(report\) =>/],
  ])('refuses %s with an EndpointError that says what to write', (_, change, message) => {
    const attempt = () => createSessionEndpoint({ ...valid, ...change } as never);
    expect(attempt).toThrow(EndpointError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as EndpointError).code).toBe('invalid-options');
    }
  });

  it('takes a path with a trailing slash as the same path', async () => {
    const endpoint = createSessionEndpoint({ ...valid, path: `${PATH}/`, viewer: () => ({ id: 'ada' }) });
    expect(endpoint.path).toBe(PATH);
    expect((await endpoint.fetch(browserRequest('POST', PATH))).status).toBe(200);
  });

  it('rejects logoutViewer without a viewer id', async () => {
    const endpoint = createSessionEndpoint(valid);
    await expect(endpoint.logoutViewer('')).rejects.toThrow(EndpointError);
  });
});

describe('what a failure leaves behind, and what the answers say of it', () => {
  it("says the truth in a DELETE's 502 when the store could not be told of the failure: the id stays claimed, and a sign-out once the lease lapsed revokes it", async () => {
    const memory = createMemoryStore();
    let failNextSettle = false;
    const store: SessionStore = {
      ...memory,
      settle: (settlement) => {
        if (!failNextSettle) return memory.settle(settlement);
        failNextSettle = false;
        return Promise.reject(new Error('the store went away'));
      },
    };
    const { endpoint, service } = makeEndpoint({ store, now: Date.now, limits: { revocationLeaseMs: 200, revokeTimeoutMs: 150 } });
    const id = await mintId(endpoint, 'ada');
    service.failRevoke = true;
    failNextSettle = true;
    const response = await endpoint.fetch(browserRequest('DELETE', `${PATH}/${id}`, { viewer: 'ada' }));
    expect(response.status).toBe(502);
    expect((await json(response)).error.message).toMatch(/stays in the ledger, claimed by this attempt until its lease lapses \(1 s\), then the next sign-out or the sweep/);
    service.failRevoke = false;
    expect((await endpoint.logoutViewer('ada')).pending, 'a sign-out leaves an id under a live lease to its holder').toEqual([id]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await endpoint.logoutViewer('ada')).revoked).toEqual([id]);
    expect(service.revoked).toEqual([id]);
  });

  it('keeps an id the store could not record and the service could not revoke for the sweep, which revokes it once the service is back', async () => {
    const store: SessionStore = { ...createMemoryStore(), add: async () => Promise.reject(new Error('the store went away')) };
    const reports: string[] = [];
    const { endpoint, service } = makeEndpoint({ store, onRevoke: (report) => reports.push(`${report.by} ${report.outcome} ${report.retry}`) });
    service.failRevoke = true;
    const response = await mint(endpoint, 'ada');
    expect(response.status).toBe(503);
    expect((await json(response)).error.message).toContain('not handed out and its revocation failed and is retried by the sweep');
    service.failRevoke = false;
    expect(await endpoint.revokePending()).toEqual({ viewers: 0, revoked: 1, failed: 0, pending: 0 });
    expect(service.revoked).toEqual(['ses_ada_1']);
    expect(reports).toEqual(['unrecorded-mint failed false', 'unrecorded-mint revoked true']);
    expect(await endpoint.revokePending()).toEqual({ viewers: 0, revoked: 0, failed: 0, pending: 0 });
  });

  it('keeps a constant amount of state for a viewer whose mints are refused, however many (memory store)', async () => {
    const store = createMemoryStore();
    const { endpoint, service } = makeEndpoint({ store, now: Date.now, limits: { mintsPerWindow: 3 } });
    for (let index = 0; index < 3; index += 1) expect((await mint(endpoint, 'ada')).status).toBe(200);
    expect((await mint(endpoint, 'ada')).status).toBe(429);
    const afterOneRefusal = store.entryCount();
    for (let index = 0; index < 5_000; index += 1) await mint(endpoint, 'ada');
    expect(store.entryCount()).toBe(afterOneRefusal);
    expect(service.mintCalls).toBe(3);
  });
});
