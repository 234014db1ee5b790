// The node adapter's own contract (src/http/node-adapter.ts), on real loopback servers (node:http,
// node:https, node:http2's compatibility API) with a fake service: the `Request` viewer() is given
// (its URL with the scheme, the Host and the query string, its method and headers), the one
// endpoint.mintForPage(req) gives it (Express's originalUrl, localhost for a malformed Host, / for a
// request-target that is not a path), the Host rules,
// the answers outside the path and to a malformed Host (closing the connection only when a body may
// follow), and a request stream that fails while its body is read (500, or Express's next(error)).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { connect as connectHttp2, createServer as createHttp2Server } from 'node:http2';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { headerViewer, makeEndpoint, ORIGIN, PATH } from '../support/endpoint-fixture.js';

const TLS = {
  key: readFileSync(new URL('../support/tls/loopback-key.pem', import.meta.url)),
  cert: readFileSync(new URL('../support/tls/loopback-cert.pem', import.meta.url)),
};
const SAME_ORIGIN = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'x-viewer': 'ada' };

/** An endpoint on a fake service whose viewer() keeps every `Request` it is given. */
function capturingEndpoint() {
  const seen: Request[] = [];
  const made = makeEndpoint({
    viewer: (request) => {
      seen.push(request);
      return headerViewer(request);
    },
  });
  return { ...made, seen };
}

let servers: { close(callback: () => void): void }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  servers = [];
});

/** `server` listening on a free loopback port, closed after the test; resolves with the port. */
function listen(server: Server | ReturnType<typeof createHttp2Server>): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A node:http server whose handler is `listener`; resolves with the port. */
const serveHttp = (listener: RequestListener) => listen(createServer(listener));

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/**
 * Writes `head` (its lines joined with CRLF) on a fresh socket and reads one answer; the request's
 * declared body is never sent. `null` when no answer came within 2 s.
 */
function rawExchange(port: number, lines: string[]): Promise<RawAnswer | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const done = (answer: RawAnswer | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), 2_000);
    socket.on('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (text.length < end + 4 + length) return;
      done({ status: Number(text.slice(9, 12)), headers: text.slice(0, end), body: text.slice(end + 4, end + 4 + length) });
    });
    socket.on('error', () => done(null));
  });
}

/** Header lines from a record. */
const headerLines = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => `${name}: ${value}`);

describe('the Request the node adapter gives viewer()', () => {
  it('has the URL the client asked for: http, the Host, the path and the query string (none when there is none), the method and the headers', async () => {
    const { endpoint, seen } = capturingEndpoint();
    const port = await serveHttp((req, res) => void endpoint.node(req, res));
    const host = `127.0.0.1:${port}`;
    const withQuery = await rawExchange(port, [`POST ${PATH}?tab=2&from=a%20b HTTP/1.1`, `Host: ${host}`, ...headerLines({ ...SAME_ORIGIN, 'X-Trace': 'one', 'Content-Length': '0' }), 'X-Trace: two']);
    expect(withQuery?.status).toBe(200);
    const plain = await rawExchange(port, [`POST ${PATH} HTTP/1.1`, `Host: ${host}`, ...headerLines({ ...SAME_ORIGIN, 'Content-Length': '0' })]);
    expect(plain?.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual([`http://${host}${PATH}?tab=2&from=a%20b`, `http://${host}${PATH}`]);
    expect(seen.map((request) => request.method)).toEqual(['POST', 'POST']);
    expect(seen[0]?.headers.get('x-trace')).toBe('one, two');
    expect(seen[0]?.headers.get('origin')).toBe(ORIGIN);
  });

  it('is https behind node:https', async () => {
    const { endpoint, seen } = capturingEndpoint();
    const port = await listen(createHttpsServer(TLS, (req, res) => void endpoint.node(req, res)));
    const status = await new Promise<number>((resolve, reject) => {
      httpsRequest({ host: '127.0.0.1', port, path: PATH, method: 'POST', ca: TLS.cert, headers: SAME_ORIGIN }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject).end();
    });
    expect(status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual([`https://127.0.0.1:${port}${PATH}`]);
  });

  it.each([
    ['without a Host (HTTP/1.0)', `POST ${PATH} HTTP/1.0`, []],
    ['with an empty Host', `POST ${PATH} HTTP/1.1`, ['Host: ']],
  ])('is for localhost %s', async (_, requestLine, host) => {
    const { endpoint, seen } = capturingEndpoint();
    const port = await serveHttp((req, res) => void endpoint.node(req, res));
    const answer = await rawExchange(port, [requestLine, ...host, ...headerLines({ ...SAME_ORIGIN, 'Content-Length': '0' })]);
    expect(answer?.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual([`http://localhost${PATH}`]);
  });

  it.each([
    ['[::1]:8443', `http://[::1]:8443${PATH}`],
    ['[::ffff:127.0.0.1]', `http://[::ffff:7f00:1]${PATH}`],
    ['[FE80::a]', `http://[fe80::a]${PATH}`],
  ])('is for the IPv6 literal of a Host %s', async (host, url) => {
    const { endpoint, seen } = capturingEndpoint();
    const port = await serveHttp((req, res) => void endpoint.node(req, res));
    const answer = await rawExchange(port, [`POST ${PATH} HTTP/1.1`, `Host: ${host}`, ...headerLines({ ...SAME_ORIGIN, 'Content-Length': '0' })]);
    expect(answer?.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual([url]);
  });

  it("leaves out HTTP/2's pseudo-headers (:method, :path...) under node:http2's compatibility API", async () => {
    const { endpoint, seen } = capturingEndpoint();
    const port = await listen(createHttp2Server((req, res) => void endpoint.node(req as unknown as IncomingMessage, res as unknown as ServerResponse)));
    const client = connectHttp2(`http://127.0.0.1:${port}`);
    try {
      const status = await new Promise<unknown>((resolve, reject) => {
        const stream = client.request({ ':method': 'POST', ':path': PATH, origin: ORIGIN, 'sec-fetch-site': 'same-origin', 'x-viewer': 'ada' });
        stream.on('response', (headers) => resolve(headers[':status'])).on('error', reject);
        stream.resume();
        stream.end();
      });
      expect(status).toBe(200);
      expect([...(seen[0]?.headers.keys() ?? [])].filter((name) => name.startsWith(':'))).toEqual([]);
      expect(seen[0]?.headers.get('x-viewer')).toBe('ada');
    } finally {
      client.close();
    }
  });
});

describe('the Request endpoint.mintForPage(req) gives viewer() for a node request', () => {
  /**
   * A node:http page that mints its first id with `endpoint.mintForPage(req)` and answers 200, or 500
   * when the call throws; resolves with the port and the `Request`s viewer() was given. With
   * `mountedAt`, `req` is as Express hands it to a router mounted there: `originalUrl` the whole
   * target, `url` the rest.
   */
  async function pageServer(mountedAt?: string) {
    const { endpoint, seen } = capturingEndpoint();
    const port = await serveHttp(async (req, res) => {
      if (mountedAt !== undefined) Object.assign(req, { originalUrl: req.url, url: req.url?.slice(mountedAt.length) });
      try {
        await endpoint.mintForPage(req);
        res.end();
      } catch {
        res.statusCode = 500;
        res.end();
      }
    });
    return { port, seen };
  }

  it('has the URL the page was asked for: http, the Host, the path and the query string', async () => {
    const { port, seen } = await pageServer();
    const answer = await rawExchange(port, ['GET /reports?tab=2 HTTP/1.1', `Host: 127.0.0.1:${port}`, 'x-viewer: ada']);
    expect(answer?.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual([`http://127.0.0.1:${port}/reports?tab=2`]);
  });

  it("takes the path from Express's req.originalUrl, not the mounted router's req.url", async () => {
    const { port, seen } = await pageServer('/app');
    const answer = await rawExchange(port, ['GET /app/reports?tab=2 HTTP/1.1', 'Host: app.example', 'x-viewer: ada']);
    expect(answer?.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual(['http://app.example/app/reports?tab=2']);
  });

  it('is for localhost when the Host is malformed (a page is still served; the endpoint refuses such a Host)', async () => {
    const { port, seen } = await pageServer();
    const answer = await rawExchange(port, ['GET /reports HTTP/1.1', 'Host: user@app.example', 'x-viewer: ada']);
    expect(answer?.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual(['http://localhost/reports']);
  });

  // An absolute-form target (as a proxy is sent) names another host; `//[x` starts with a slash but
  // is no URL's path (its `[` opens an IPv6 host that never closes). Both are read as `/`.
  it.each([
    ['an absolute URL', 'http://evil.example/admin?x=1'],
    ['a path no URL parser takes', '//[x'],
  ])('is for / on the Host when the request-target is %s', async (_, target) => {
    const { port, seen } = await pageServer();
    const answer = await rawExchange(port, [`GET ${target} HTTP/1.1`, 'Host: app.example', 'x-viewer: ada']);
    expect(answer?.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual(['http://app.example/']);
  });
});

describe('the checks the node adapter makes from the head', () => {
  it('serves a request with neither Origin nor Sec-Fetch-Site (no browser) under the default requestsWithoutOrigin: allow', async () => {
    const { endpoint, service } = makeEndpoint();
    const port = await serveHttp((req, res) => void endpoint.node(req, res));
    const answer = await rawExchange(port, [`POST ${PATH} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'x-viewer: ada', 'Content-Length: 0']);
    expect(answer?.status).toBe(200);
    expect(service.minted).toHaveLength(1);
  });
});

describe('the node adapter on node:http, with no next handler', () => {
  const body = { declared: { 'Content-Length': '10' }, none: { 'Content-Length': '0' } };

  it.each([
    ['with no body', body.none, false],
    ['with a body declared (and never sent)', body.declared, true],
  ])('answers a path outside the endpoint 404 not-found, %s, closing only when a body may follow', async (_, length, closes) => {
    const { endpoint } = makeEndpoint();
    const port = await serveHttp((req, res) => void endpoint.node(req, res));
    const answer = await rawExchange(port, [`POST /elsewhere HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...headerLines({ ...SAME_ORIGIN, ...length })]);
    expect(answer?.status).toBe(404);
    expect(JSON.parse(answer?.body ?? '{}').error.code).toBe('not-found');
    expect(/connection: close/i.test(answer?.headers ?? '')).toBe(closes);
  });

  it.each([
    ['with no body', body.none, false],
    ['with a body declared (and never sent)', body.declared, true],
  ])('answers a malformed Host 400 invalid-host, %s, closing only when a body may follow', async (_, length, closes) => {
    const { endpoint } = makeEndpoint();
    const port = await serveHttp((req, res) => void endpoint.node(req, res));
    const answer = await rawExchange(port, [`POST ${PATH} HTTP/1.1`, 'Host: user@app.example', ...headerLines({ ...SAME_ORIGIN, ...length })]);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.body ?? '{}').error.code).toBe('invalid-host');
    expect(/connection: close/i.test(answer?.headers ?? '')).toBe(closes);
  });
});

describe('a request stream that fails while the node adapter reads its body', () => {
  const failing = [`POST ${PATH} HTTP/1.1`, 'Host: app.example', ...headerLines({ ...SAME_ORIGIN, 'Content-Length': '10' })];

  it('is answered 500 with no body when there is no next handler, and mints nothing', async () => {
    const { endpoint, service } = makeEndpoint();
    const port = await serveHttp((req, res) => {
      void endpoint.node(req, res);
      req.emit('error', new Error('the connection broke'));
    });
    const answer = await rawExchange(port, failing);
    expect(answer).toMatchObject({ status: 500, body: '' });
    expect(service.mintCalls).toBe(0);
  });

  it("goes to Express's next(error), with the stream's error", async () => {
    const { endpoint, service } = makeEndpoint();
    const port = await serveHttp((req, res) => {
      void endpoint.node(req, res, (error) => {
        res.statusCode = 502;
        res.end(`next got: ${error instanceof Error ? error.message : String(error)}`);
      });
      req.emit('error', new Error('the connection broke'));
    });
    const answer = await rawExchange(port, failing);
    expect(answer).toMatchObject({ status: 502, body: 'next got: the connection broke' });
    expect(service.mintCalls).toBe(0);
  });
});
