import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  BadRequestError,
  ForbiddenError,
  HttpStatusError,
  InvalidArgumentError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  PLATFORM_ERROR_CODES,
  PlatformError,
  RateLimitedError,
  UnauthorizedError,
  checkBaseUrl,
  createPlatformClient,
  parseRetryAfter,
} from '../src/index.js';
import { KEYS, rawClient, rejectionOf, startEmulator, startRawServer } from './helpers.js';

describe('errors from the emulator', () => {
  it('401 for an unknown or expired key, with the server message', async () => {
    const { client } = await startEmulator();
    for (const key of ['not-a-real-key-0000', KEYS.expired]) {
      const error = await rejectionOf(client(key).listDeployments());
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error.code).toBe('unauthorized');
      expect(error.status).toBe(401);
      expect(error.request).toEqual({ method: 'GET', path: '/api/v1/deployments' });
    }
    const expired = await rejectionOf(client(KEYS.expired).listDeployments());
    expect(expired.serverMessage).toMatch(/expired/);
  });

  it('401 for a missing or malformed credential (raw requests)', async () => {
    const { raw, emulator } = await startEmulator();
    expect((await raw('/api/v1/deployments', { key: null })).status).toBe(401);
    const malformed = await fetch(`${emulator.url}/api/v1/deployments`, { headers: { Authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  it('403 for a valid key scoped to other deployments, 404 for a deployment that does not exist', async () => {
    const { client } = await startEmulator();
    const forbidden = await rejectionOf(client(KEYS.scoped).listVersions(42));
    expect(forbidden).toBeInstanceOf(ForbiddenError);
    expect(forbidden.serverMessage).toBe('this API key is not authorized for deployment 42');
    expect(await client(KEYS.scoped).listVersions(7)).toHaveLength(4);
    const missing = await rejectionOf(client().listVersions(999));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe(PLATFORM_ERROR_CODES.notFound);
  });

  it("400 carries the server's { error } message", async () => {
    const { client } = await startEmulator();
    const error = await rejectionOf(client().changeVersion(42, { releaseChannelVersion: '9.9.9' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.serverMessage).toBe('version "9.9.9" is not on the list; see GET /api/v1/deployments/42/versions');
    expect(error.message).toContain('PUT /api/v1/deployments/42 returned 400: version "9.9.9" is not on the list');
  });
});

describe('network failures and retries', () => {
  it('connection refused is a NetworkError; reads are retried a bounded number of times', async () => {
    const server = await startRawServer((req) => req.socket.destroy());
    const { client, sleeps } = rawClient(server.url, { retries: 2, retryDelayMs: 100 });
    const error = await rejectionOf(client.listDeployments());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('network');
    expect(server.hits()).toBe(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it('a port with nothing listening fails as a NetworkError naming the cause', async () => {
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const { client } = rawClient(`http://127.0.0.1:${port}`, { retries: 0 });
    const error = await rejectionOf(client.listDeployments());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('reads are retried after 503 and after 429 as Retry-After asks, then succeed', async () => {
    const page = { data: { deployments: [] }, pagination: { offset: 0, limit: 20, total: 0 } };
    const server = await startRawServer((_, res, hit) => {
      if (hit === 1) return void res.writeHead(503).end();
      if (hit === 2) return void res.writeHead(429, { 'Retry-After': '2', 'Content-Type': 'application/json' }).end('{"error":"slow down"}');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(page));
    });
    const { client, sleeps } = rawClient(server.url, { retries: 2, retryDelayMs: 50 });
    expect(await client.listDeployments()).toEqual({ deployments: [], pagination: page.pagination });
    expect(sleeps).toEqual([50, 2000]);
  });

  it('a 429 asking for more than maxRetryAfterMs is not waited for', async () => {
    const server = await startRawServer((_, res) => res.writeHead(429, { 'Retry-After': '120' }).end('{"error":"busy"}'));
    const { client, sleeps } = rawClient(server.url, { retries: 3, maxRetryAfterMs: 10_000 });
    const error = await rejectionOf(client.listDeployments());
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.serverMessage).toBe('busy');
    expect(server.hits()).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it.each([
    ['a metadata token', (c: ReturnType<typeof rawClient>['client']) => c.issueMetadataToken(42, 'env', { securityContext: {} })],
    ['a dashboard export', (c: ReturnType<typeof rawClient>['client']) => c.submitDashboardExport(42, { dashboardId: 1, format: 'png' })],
    ['an embed session id', (c: ReturnType<typeof rawClient>['client']) => c.generateEmbedSessionId({ deploymentId: 42, externalId: 'x' })],
  ])('never retries the POST that creates %s, even after 503', async (_, call) => {
    const server = await startRawServer((_, res) => res.writeHead(503).end());
    const { client, sleeps } = rawClient(server.url, { retries: 4 });
    const error = await rejectionOf(call(client));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.status).toBe(503);
    expect(server.hits()).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('a response slower than timeoutMs is a NetworkError', async () => {
    const server = await startRawServer(() => {
      /* never answers */
    });
    const { client } = rawClient(server.url, { retries: 0, timeoutMs: 150 });
    const error = await rejectionOf(client.listDeployments());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('no response within 150 ms');
  });

  it("the caller's AbortSignal cancels with an AbortedError, not retried", async () => {
    const server = await startRawServer(() => {});
    const { client, sleeps } = rawClient(server.url, { retries: 3 });
    const controller = new AbortController();
    const pending = client.listDeployments({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejectionOf(pending);
    expect(error).toBeInstanceOf(AbortedError);
    expect(error.code).toBe('aborted');
    expect(sleeps).toEqual([]);
  });

  it('a body that is not JSON, or not the spec shape, is an InvalidResponseError naming the field', async () => {
    const server = await startRawServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url?.startsWith('/api/v1/deployments?')) res.end('<html>');
      else res.end(JSON.stringify({ data: [{ releaseChannelVersion: 'r:v1', version: '1', releaseChannel: 'stable', isLatestInChannel: 'yes', isCurrent: true }] }));
    });
    const { client } = rawClient(server.url);
    const notJson = await rejectionOf(client.listDeployments({ offset: 0 }));
    expect(notJson).toBeInstanceOf(InvalidResponseError);
    expect(notJson.detail).toMatch(/not JSON/);
    const wrongShape = await rejectionOf(client.listVersions(42));
    expect(wrongShape).toBeInstanceOf(InvalidResponseError);
    expect(wrongShape.detail).toBe('body.data.0.isLatestInChannel expected boolean');
  });

  it('sends the key as Bearer and does not follow redirects', async () => {
    const seen: Array<string | undefined> = [];
    const server = await startRawServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(302, { Location: 'http://elsewhere.invalid/' }).end();
    });
    const { client } = rawClient(server.url, { retries: 0 });
    const error = await rejectionOf(client.listVersions(42));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.status).toBe(302);
    expect(error.message).toContain('redirect to http://elsewhere.invalid/ not followed');
    expect(seen).toEqual(['Bearer raw-key-0123456789']);
  });
});

describe('client options', () => {
  it.each([
    ['https://tenant.example', 'https://tenant.example'],
    ['https://tenant.example/', 'https://tenant.example'],
    ['https://tenant.example/prefix/', 'https://tenant.example/prefix'],
    ['http://localhost:4400', 'http://localhost:4400'],
    ['http://127.0.0.1:4400', 'http://127.0.0.1:4400'],
    ['http://127.9.8.7', 'http://127.9.8.7'],
    ['http://[::1]:4400', 'http://[::1]:4400'],
    ['http://api.localhost', 'http://api.localhost'],
  ])('accepts %s', (input, expected) => {
    expect(checkBaseUrl(input)).toBe(expected);
  });

  it.each([
    ['http on a public host', 'http://tenant.example'],
    ['a look-alike of localhost', 'http://localhost.evil.test'],
    ['a look-alike of 127.0.0.1', 'http://127.0.0.1.evil.test'],
    ['an address outside 127/8', 'http://128.0.0.1'],
    ['ftp', 'ftp://tenant.example'],
    ['a relative URL', '/api'],
    ['credentials in the URL', 'https://user:pw@tenant.example'],
    ['a query', 'https://tenant.example/?x=1'],
    ['nothing', ''],
  ])('rejects %s', (_, input) => {
    const error = (() => {
      try {
        checkBaseUrl(input);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as InvalidArgumentError).field).toBe('baseUrl');
  });

  it('says what to do about http', () => {
    expect(() => createPlatformClient({ baseUrl: 'http://acme.example', apiKey: 'k' })).toThrow(
      'baseUrl must use https (got http://acme.example); http is only accepted for localhost, 127.0.0.1 and [::1]',
    );
  });

  it('requires an API key without spaces (no "Bearer " prefix)', () => {
    for (const apiKey of ['', 'Bearer abc', undefined])
      expect(() => createPlatformClient({ baseUrl: 'https://tenant.example', apiKey: apiKey as string })).toThrow(InvalidArgumentError);
  });

  it.each([
    ['3', 3000],
    [' 0 ', 0],
    ['Wed, 21 Oct 2015 07:28:05 GMT', 5000],
    ['soon', undefined],
    ['-1', undefined],
  ])('parses Retry-After %j', (header, expected) => {
    expect(parseRetryAfter(header, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(expected);
  });
});
