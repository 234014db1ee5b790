// The endpoint behind real servers, over real HTTP on loopback: node:http, Express 5 (as
// middleware, mounted at its path, and with app.all), and Hono served by @hono/node-server, with
// mint and revoke going to the running emulator. A revoked id is `revoked` at the emulator.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../emulator/src/index.js';
import { createPlatformClient } from '../../../platform/src/index.js';
import { createMemoryStore, createSessionEndpoint, DEFAULT_BODY_BYTES, type SessionEndpoint, type SessionEndpointOptions } from '../../src/index.js';
import { headerViewer, PATH } from '../support/endpoint-fixture.js';
import { wholeMemoryStore } from '../support/whole-ledger.js';

type Emulator = Awaited<ReturnType<typeof createEmulator>>;
const API_KEY = 'emulator-dev-key';
/** The id's status at the emulator: pending, redeemed, expired or revoked. */
const statusAt = (sessionId: string) => emulator.state.describe(sessionId)?.status;

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await emulator.close();
});

/** mint and revoke at the emulator, as a customer's backend does with its API key. */
function serviceCalls(): Pick<SessionEndpointOptions, 'mint' | 'revoke'> {
  const client = createPlatformClient({ baseUrl: emulator.url, apiKey: API_KEY });
  return {
    mint: (viewer) => client.generateEmbedSessionId({ deploymentId: 42, externalId: viewer.id }),
    revoke: async (sessionId) => {
      const response = await fetch(`${emulator.url}/api/v1/embed/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE', headers: { Authorization: `Bearer ${API_KEY}` } });
      if (!response.ok) throw new Error(`revocation answered HTTP ${response.status}`);
    },
  };
}

/** A free loopback port, so the page's origin (the server's own) is known before the endpoint is made. */
const freePort = () => new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});

/** A way of serving the endpoint: a server started on `port`. */
type ServeEndpoint = (endpoint: SessionEndpoint, port: number) => Promise<Server>;

const serveNodeHttp: ServeEndpoint = (endpoint, port) => listen(createServer((req, res) => void endpoint.node(req, res)), port);
const serveExpressApp: ServeEndpoint = (endpoint, port) => {
  const app = express();
  app.use(endpoint.node);
  app.get('/', (_req, res) => void res.send('the page'));
  return listen(createServer(app), port);
};

const SERVERS: [string, ServeEndpoint][] = [
  ['node:http', serveNodeHttp],
  ['Express 5, app.use(endpoint.node)', serveExpressApp],
  ['Express 5, mounted at the path', (endpoint, port) => {
    const app = express();
    app.use(PATH, endpoint.node);
    return listen(createServer(app), port);
  }],
  ['Express 5, app.all', (endpoint, port) => {
    const app = express();
    app.all([PATH, `${PATH}/*rest`], endpoint.node);
    return listen(createServer(app), port);
  }],
  ['Hono on @hono/node-server', (endpoint, port) => {
    const app = new Hono();
    // `<path>/*` matches `<path>` itself too.
    app.all(`${PATH}/*`, (c) => endpoint.fetch(c.req.raw));
    return new Promise((resolve) => {
      const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(server as Server));
    });
  }],
];

const listen = (server: Server, port: number) => new Promise<Server>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));

/** The endpoint on the emulator, served one way; `origin` is the server's URL, which is also the page's origin. */
async function start(serveIt: ServeEndpoint, options: Partial<SessionEndpointOptions> = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const endpoint = createSessionEndpoint({ path: PATH, allowedOrigins: [origin], viewer: headerViewer, ...serviceCalls(), ...options });
  const server = await serveIt(endpoint, port);
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(`${origin}${path}`, { method, headers: { origin, 'sec-fetch-site': 'same-origin', ...headers }, body });
  const stop = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return { endpoint, origin, send, stop };
}

describe.each(SERVERS)('served by %s, over HTTP, against the emulator', (_, serveIt) => {
  let served: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    served = await start(serveIt);
  });
  afterAll(async () => {
    await served.stop();
  });
  const as = (viewer: string) => ({ 'x-viewer': viewer });

  it('mints for the viewer at the emulator, revokes it on DELETE (revoked there), and never cached', async () => {
    const minted = await served.send('POST', PATH, as('ada'));
    expect(minted.status).toBe(200);
    expect(minted.headers.get('cache-control')).toBe('no-store');
    const { sessionId } = (await minted.json()) as { sessionId: string };
    expect(statusAt(sessionId)).toBe('pending');
    const revoked = await served.send('DELETE', `${PATH}/${encodeURIComponent(sessionId)}`, as('ada'));
    expect(revoked.status).toBe(204);
    expect(statusAt(sessionId)).toBe('revoked');
  });

  it("answers viewer B's DELETE of viewer A's id 404, and the id stays live at the emulator", async () => {
    const { sessionId } = (await (await served.send('POST', PATH, as('ada'))).json()) as { sessionId: string };
    const before = emulator.state.revocations.length;
    const response = await served.send('DELETE', `${PATH}/${encodeURIComponent(sessionId)}`, as('bob'));
    expect(response.status).toBe(404);
    expect(emulator.state.revocations.length).toBe(before);
    expect(statusAt(sessionId)).toBe('pending');
  });

  it('signs the viewer out of every id minted (two tabs, a reload) through POST /logout', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push(((await (await served.send('POST', PATH, as('cyd'))).json()) as { sessionId: string }).sessionId);
    const response = await served.send('POST', `${PATH}/logout`, as('cyd'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { revoked: string[]; failed: unknown[] };
    expect([...body.revoked].sort()).toEqual([...ids].sort());
    expect(body.failed).toEqual([]);
    for (const id of ids) expect(statusAt(id)).toBe('revoked');
  });

  it('answers a cross-origin POST 403 and mints nothing at the emulator', async () => {
    const before = emulator.state.mints.length;
    const response = await served.send('POST', PATH, { ...as('ada'), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden-origin');
    expect(emulator.state.mints.length).toBe(before);
  });

  it('answers 405 with Allow, 404 below the path, and 413 over the body limit, all no-store', async () => {
    const wrong = await served.send('GET', PATH, as('ada'));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const unknown = await served.send('DELETE', `${PATH}/a/b`, as('ada'));
    expect(unknown.status).toBe(404);
    const large = await served.send('POST', PATH, { ...as('ada'), 'content-type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(5000) }));
    expect(large.status).toBe(413);
    for (const response of [wrong, unknown, large]) expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the node adapter', () => {
  it('leaves requests outside the path to the next Express handler', async () => {
    const served = await start(serveExpressApp);
    try {
      const page = await fetch(`${served.origin}/`);
      expect(await page.text()).toBe('the page');
      const missing = await fetch(`${served.origin}/api/embed-sessions`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).not.toMatch(/json/);
    } finally {
      await served.stop();
    }
  });

  it("gives viewer() the node request, so Express's own auth (req.user) names the viewer", async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const endpoint = createSessionEndpoint({
      path: PATH,
      allowedOrigins: [origin],
      viewer: (_request, { nodeRequest }) => (nodeRequest as (IncomingMessage & { user?: { id: string } }) | undefined)?.user ?? null,
      ...serviceCalls(),
      store: wholeMemoryStore(),
    });
    const app = express();
    app.use((req, _res, next) => {
      const cookie = /(?:^|; )uid=([^;]+)/.exec(req.headers.cookie ?? '');
      if (cookie?.[1]) Object.assign(req, { user: { id: cookie[1] } });
      next();
    });
    app.use(express.json());
    app.use(endpoint.node);
    const server = await listen(createServer(app), port);
    try {
      const signedIn = await fetch(`${origin}${PATH}`, { method: 'POST', headers: { origin, cookie: 'uid=dee', 'content-type': 'application/json' }, body: '{"ignored":true}' });
      expect(signedIn.status).toBe(200);
      const { sessionId } = (await signedIn.json()) as { sessionId: string };
      expect(emulator.state.describe(sessionId) ?? {}).toMatchObject({ status: 'pending', externalId: 'dee' });
      expect((await fetch(`${origin}${PATH}`, { method: 'POST', headers: { origin } })).status).toBe(401);
      expect(await endpoint.logoutViewer('dee')).toEqual({ revoked: [sessionId], failed: [], pending: [], complete: true });
      expect(statusAt(sessionId)).toBe('revoked');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers a method the Fetch API cannot carry (TRACE) 405 with Allow, not 500', async () => {
    const served = await start(serveNodeHttp);
    try {
      const answer = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        request(`${served.origin}${PATH}`, { method: 'TRACE' }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
        }).on('error', reject).end();
      });
      expect(answer).toEqual({ status: 405, allow: 'POST' });
    } finally {
      await served.stop();
    }
  });

  it('answers 413 to a large streamed body on node:http without reading it all', async () => {
    const served = await start(serveNodeHttp, { limits: { bodyBytes: 16 } });
    try {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let index = 0; index < 64; index += 1) controller.enqueue(new Uint8Array(16 * 1024));
          controller.close();
        },
      });
      const response = await fetch(`${served.origin}${PATH}`, { method: 'POST', headers: { origin: served.origin, 'x-viewer': 'ada' }, body, duplex: 'half' } as RequestInit);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('body-too-large');
    } finally {
      await served.stop();
    }
  });

  it('a store failure after a real mint revokes that id at the emulator and answers 503', async () => {
    const store = { ...createMemoryStore(), add: () => Promise.reject(new Error('down')) };
    const served = await start(serveNodeHttp, { store });
    try {
      const before = emulator.state.mints.length;
      const response = await served.send('POST', PATH, { 'x-viewer': 'eve' });
      expect(response.status).toBe(503);
      const minted = emulator.state.mints.slice(before);
      expect(minted).toHaveLength(1);
      expect(statusAt(minted[0]?.sessionId ?? '')).toBe('revoked');
    } finally {
      await served.stop();
    }
  });
});

/** What a raw HTTP exchange gave: the status line's code and the headers, or `null` when nothing came within `waitMs`. */
interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  ms: number;
}

/**
 * Writes `head` (and `body`, if any) on a fresh socket to the server and reads the answer, without
 * ending the request: the client keeps the connection open as a slow or lying client would.
 * Resolves with `null` when no answer came within `waitMs`.
 */
function rawExchange(port: number, head: string, options: { body?: string; waitMs: number }): Promise<RawAnswer | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = (answer: RawAnswer | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), options.waitMs);
    socket.on('connect', () => socket.write(`${head.replace(/\n/g, '\r\n')}\r\n\r\n${options.body ?? ''}`));
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (text.length < end + 4 + length) return;
      done({ status: Number(text.slice(9, 12)), headers: text.slice(0, end), body: text.slice(end + 4, end + 4 + length), ms: Date.now() - started });
    });
    socket.on('error', () => done(null));
  });
}

const NODE_SERVERS = SERVERS.filter(([name]) => !name.startsWith('Hono'));

describe.each(NODE_SERVERS)('%s: checks before reading the body', (_, serveIt) => {
  let served: Awaited<ReturnType<typeof start>>;
  let port: number;
  let host: string;
  beforeAll(async () => {
    served = await start(serveIt, { limits: { bodyTimeoutMs: 300 } });
    port = Number(new URL(served.origin).port);
    host = new URL(served.origin).host;
  });
  afterAll(async () => {
    await served.stop();
  });
  const head = (requestLine: string, headers: Record<string, string>) =>
    [requestLine, `Host: ${host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\n');
  const sameSite = () => ({ Origin: served.origin, 'Sec-Fetch-Site': 'same-origin', 'x-viewer': 'ada' });

  it.each([
    ['a cross-site POST', `POST ${PATH} HTTP/1.1`, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['a POST over the body limit', `POST ${PATH} HTTP/1.1`, {}, 413],
    ['a GET', `GET ${PATH} HTTP/1.1`, {}, 405],
    ['a path below an id', `DELETE ${PATH}/ses_1/more HTTP/1.1`, {}, 404],
  ] as const)('answers %s declaring Content-Length: 1000000000 and sending nothing at once (%#), and closes', async (_, requestLine, headers, status) => {
    const before = emulator.state.mints.length;
    const answer = await rawExchange(port, head(requestLine, { ...sameSite(), ...headers, 'Content-Length': '1000000000' }), { waitMs: 2_000 });
    expect(answer, 'no answer within 2 s').not.toBeNull();
    expect(answer?.status).toBe(status);
    expect(answer?.headers).toMatch(/connection: close/i);
    expect(answer?.ms).toBeLessThan(1_000);
    expect(emulator.state.mints.length).toBe(before);
  });

  it('answers 408 body-timeout to a body that does not arrive within limits.bodyTimeoutMs, and mints nothing', async () => {
    const before = emulator.state.mints.length;
    const answer = await rawExchange(port, head(`POST ${PATH} HTTP/1.1`, { ...sameSite(), 'Content-Length': '10' }), { body: '{"a"', waitMs: 3_000 });
    expect(answer, 'no answer within 3 s').not.toBeNull();
    expect(answer?.status).toBe(408);
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({ error: { code: 'body-timeout', message: expect.stringContaining('300 ms') } });
    expect(answer?.headers, 'the rest of the body would be read as the next request').toMatch(/connection: close/i);
    expect(answer?.ms).toBeGreaterThanOrEqual(250);
    expect(emulator.state.mints.length).toBe(before);
  });

  it('keeps the connection of a served request open (no Connection: close)', async () => {
    const answer = await rawExchange(port, head(`POST ${PATH} HTTP/1.1`, { ...sameSite(), 'Content-Length': '0' }), { waitMs: 2_000 });
    expect(answer?.status).toBe(200);
    expect(answer?.headers).not.toMatch(/connection: close/i);
  });

  it('answers 413 to a chunked body that grows past limits.bodyBytes once read, and closes', async () => {
    const before = emulator.state.mints.length;
    const chunk = 'x'.repeat(DEFAULT_BODY_BYTES + 1);
    const answer = await rawExchange(port, head(`POST ${PATH} HTTP/1.1`, { ...sameSite(), 'Transfer-Encoding': 'chunked' }), { body: `${chunk.length.toString(16)}\r\n${chunk}\r\n`, waitMs: 2_000 });
    expect(answer, 'no answer within 2 s').not.toBeNull();
    expect(answer?.status).toBe(413);
    expect(answer?.headers, 'the rest of the body would be read as the next request').toMatch(/connection: close/i);
    expect(emulator.state.mints.length).toBe(before);
  });

  it.each([
    ['userinfo', 'user:secret@127.0.0.1'],
    ['a bare @', 'evil@app.example'],
    ['a path', 'app.example/other'],
    ['a backslash', 'app.example\\other'],
    ['a port that is no number', 'app.example:http'],
  ])('answers a Host header holding %s with a JSON 400 invalid-host, not a bare 500, and mints nothing', async (_, badHost) => {
    const before = emulator.state.mints.length;
    const request = [`POST ${PATH} HTTP/1.1`, `Host: ${badHost}`, ...Object.entries({ ...sameSite(), 'Content-Length': '0' }).map(([name, value]) => `${name}: ${value}`)].join('\n');
    const answer = await rawExchange(port, request, { waitMs: 2_000 });
    expect(answer, 'no answer within 2 s').not.toBeNull();
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({ error: { code: 'invalid-host', message: expect.stringContaining('app.example:8443') } });
    expect(emulator.state.mints.length).toBe(before);
  });

  it.each([
    `/x/..${PATH}/logout`,
    `/x/%2e%2e${PATH}/logout`,
    `${PATH}/./logout`,
    `${PATH}/x/%2E%2E/logout`,
    `${PATH}\\logout`,
  ])('refuses the dot-segment path %s with 404 before routing (the endpoint, or Express before it), and revokes nothing', async (path) => {
    const minted = await served.send('POST', PATH, { 'x-viewer': 'dot' });
    const { sessionId } = (await minted.json()) as { sessionId: string };
    const answer = await rawExchange(port, head(`POST ${path} HTTP/1.1`, { ...sameSite(), 'x-viewer': 'dot', 'Content-Length': '0' }), { waitMs: 2_000 });
    expect(answer?.status).toBe(404);
    if (/content-type: application\/json/i.test(answer?.headers ?? '')) expect(JSON.parse(answer?.body ?? '{}').error.code).toBe('not-found');
    expect(statusAt(sessionId)).toBe('pending');
    expect((await served.send('POST', `${PATH}/logout`, { 'x-viewer': 'dot' })).status).toBe(200);
  });
});

describe.each(NODE_SERVERS)('%s: a refusal made from the head alone does not wait for the body', (_, serveIt) => {
  // With limits.bodyTimeoutMs at its default (5000 ms), an adapter that read the body before its
  // checks would answer only once that deadline passed: the bound (500 ms) is a tenth of it.
  const BODY_TIMEOUT_MS = 5_000;
  const BOUND_MS = 500;
  let served: Awaited<ReturnType<typeof start>>;
  let port: number;
  let host: string;
  beforeAll(async () => {
    served = await start(serveIt, { limits: { bodyTimeoutMs: BODY_TIMEOUT_MS } });
    port = Number(new URL(served.origin).port);
    host = new URL(served.origin).host;
  });
  afterAll(async () => {
    await served.stop();
  });

  it.each([
    ['a cross-site POST', `POST ${PATH} HTTP/1.1`, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['a POST over the body limit', `POST ${PATH} HTTP/1.1`, {}, 413],
    ['a GET', `GET ${PATH} HTTP/1.1`, {}, 405],
    ['a path below an id', `DELETE ${PATH}/ses_1/more HTTP/1.1`, {}, 404],
    ['a dot-segment path', `POST ${PATH}/x/../logout HTTP/1.1`, {}, 404],
  ] as const)('answers %s in under 500 ms with bodyTimeoutMs: 5000, the body declared and never sent', async (_, requestLine, headers, status) => {
    const all = { Origin: served.origin, 'Sec-Fetch-Site': 'same-origin', 'x-viewer': 'ada', ...headers, 'Content-Length': '1000000000' };
    const head = [requestLine, `Host: ${host}`, ...Object.entries(all).map(([name, value]) => `${name}: ${value}`)].join('\n');
    const answer = await rawExchange(port, head, { waitMs: BODY_TIMEOUT_MS + 1_000 });
    expect(answer, 'no answer at all').not.toBeNull();
    expect(answer?.status).toBe(status);
    expect(answer?.ms, `answered in ${answer?.ms} ms, so after reading (or waiting for) the body`).toBeLessThan(BOUND_MS);
  });
});

describe('the Fetch handler and dot segments', () => {
  it('routes the path as the URL parser resolved it: a Request never holds dot segments', async () => {
    const request = new Request(`https://app.example/x/..${PATH}/logout`, { method: 'POST' });
    expect(new URL(request.url).pathname).toBe(`${PATH}/logout`);
  });
});
