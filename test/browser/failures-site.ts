// The site of the failure suite (issue 30): a host page on 127.0.0.1 with a backend on
// @svc-embed/server, the emulator as the tenant on localhost (behind a proxy that notes every status it
// answers), and two more "tenants" on localhost that serve a page which is not the service's (it never
// sends ready), one of them refusing to be framed. The backend has one endpoint per way a first setup goes wrong: the viewer not signed
// in (401), the page's origin not allowed (403 forbidden-origin), a wrong path (404). Every answer's
// status is noted, so a test can say that nothing failed.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { requiredCsp } from '@svc-embed/host';
import { createSessionEndpoint, mergeCsp } from '@svc-embed/server';
import { createEmulator } from '../../packages/emulator/src/index.js';
import { ROOT } from './harness.js';
import { listen, STRICT_POLICY } from './strict-csp-server.js';
import { startTenantProxy } from './tenant-proxy.js';

const FIXTURES = join(ROOT, 'test', 'browser', 'fixtures', 'failures');
const FILES: Record<string, string> = {
  '/record.js': join(FIXTURES, 'record.js'),
  '/page.js': join(FIXTURES, 'page.js'),
  // The development files: the console lines checked here are their sentences.
  '/svc-embed.js': join(ROOT, 'packages', 'host', 'dist', 'iife', 'svc-embed.js'),
  '/svc-embed-element.js': join(ROOT, 'packages', 'host', 'dist', 'iife', 'svc-embed-element.js'),
};

/** The endpoint paths of the backend, by what they answer a mint. */
export const ENDPOINTS = {
  /** The viewer is signed in, the page's origin allowed: `{ sessionId }`. */
  ok: '/api/embed-session',
  /** 401: no viewer signed in. */
  signedOut: '/api/signed-out/embed-session',
  /** 403 `forbidden-origin`: `allowedOrigins` names the Vite dev server, not this page. */
  otherOrigin: '/api/vite-only/embed-session',
  /** 404: no route there. */
  wrongPath: '/api/embed-sesion',
  /** 403 with the backend's own JSON error (a custom backend's rule): `{ error: { code: 'no-seat', message } }`. */
  refused: '/api/refuse',
  /** A bare 502, `text/plain`, as Vite's dev proxy answers when the backend it forwards to is down. */
  proxyDown: '/api/proxied/embed-session',
  /** Never answers (a backend that hangs). */
  hanging: '/api/hanging/embed-session',
} as const;

/** The backend's message of {@link ENDPOINTS.refused}. */
export const REFUSAL_MESSAGE = 'this account has no analytics seat';

/** What one failure page does. */
export interface PageCase {
  /**
   * The tenant: the emulator (`service`), a page that is not the service's (`silent`), or one that
   * refuses to be framed by anyone (`refusing`: `frame-ancestors 'none'`).
   */
  tenant: 'service' | 'silent' | 'refusing';
  /** The endpoint it mints through. */
  endpoint: string;
  /** Its policy leaves the tenant out of `frame-src`. */
  blockFrame?: boolean;
  /** Its policy says `connect-src 'none'`: the session endpoint cannot be fetched. */
  blockConnect?: boolean;
  /** The dashboard's public id (default `sales-overview`, which the emulator has). */
  publicId?: string;
  /** `mintTimeoutMs` and `maxAttempts` of the embed (default the SDK's). */
  mintTimeoutMs?: number;
  maxAttempts?: number;
  /** `<svc-embed>` instead of `createEmbed`. */
  element?: boolean;
  /** `readyTimeoutMs` of the embed (default the SDK's). */
  readyTimeoutMs?: number;
}

export interface FailureSite {
  hostUrl: string;
  serviceUrl: string;
  silentUrl: string;
  /** Serves `page` at a path of its own on the host origin; returns its URL. */
  addPage(page: PageCase): string;
  /** Every answer so far: `<status> <METHOD> <url>` (the host origin), `<status> silent <url>`. */
  statuses: string[];
  /** The status of every answer of the service (behind its proxy). */
  serviceStatuses: number[];
  close(): Promise<void>;
}

/** Starts the host, the service behind its proxy and the silent tenant, on free loopback ports. */
export async function startFailureSite(): Promise<FailureSite> {
  const statuses: string[] = [];
  const hostServer = createServer();
  const silentServer = createServer();
  const hostUrl = `http://127.0.0.1:${await listen(hostServer, '127.0.0.1')}`;
  const silentUrl = `http://localhost:${await listen(silentServer, 'localhost')}`;
  const refusingServer = createServer();
  const refusingUrl = `http://localhost:${await listen(refusingServer, 'localhost')}`;
  const emulator = await createEmulator({ port: 0, hostname: '127.0.0.1', hostOrigins: [hostUrl] });
  const service = await startTenantProxy(Number(new URL(emulator.url).port));

  const mint = async () => {
    const response = await fetch(`${emulator.url}/api/v1/embed/generate-session`, {
      method: 'POST', headers: { Authorization: 'Bearer emulator-dev-key', 'Content-Type': 'application/json' }, body: JSON.stringify({ deploymentId: 42, externalId: 'ada' }),
    });
    return ((await response.json()) as { sessionId: string }).sessionId;
  };
  const endpointAt = (path: string, options: { signedIn: boolean; allowedOrigins: string[] }) =>
    createSessionEndpoint({ path, allowedOrigins: options.allowedOrigins, viewer: () => (options.signedIn ? { id: 'ada' } : null), mint, revoke: async () => undefined });
  const endpoints = [
    endpointAt(ENDPOINTS.ok, { signedIn: true, allowedOrigins: [hostUrl] }),
    endpointAt(ENDPOINTS.signedOut, { signedIn: false, allowedOrigins: [hostUrl] }),
    endpointAt(ENDPOINTS.otherOrigin, { signedIn: true, allowedOrigins: ['http://localhost:5173'] }),
  ];
  const paths = [ENDPOINTS.ok, ENDPOINTS.signedOut, ENDPOINTS.otherOrigin];

  const pages = new Map<string, PageCase>();
  const tenantOf = (page: PageCase) => ({ service: service.url, silent: silentUrl, refusing: refusingUrl })[page.tenant];

  /** The page's policy: the strict one with what requiredCsp says it needs, or one that leaves the tenant out of frame-src. */
  function policyOf(page: PageCase): string {
    if (page.blockFrame) return `${STRICT_POLICY}; frame-src 'self'`;
    if (page.blockConnect) return `${mergeCsp(STRICT_POLICY, { 'frame-src': [tenantOf(page)] })}; connect-src 'none'`;
    return mergeCsp(STRICT_POLICY, requiredCsp({ baseUrl: tenantOf(page), sessionEndpoint: page.endpoint }).directives);
  }

  async function servePage(res: ServerResponse, page: PageCase) {
    const { readyTimeoutMs, mintTimeoutMs, maxAttempts } = page;
    const config = JSON.stringify({ tenant: tenantOf(page), endpoint: page.endpoint, element: page.element ?? false, publicId: page.publicId ?? 'sales-overview', readyTimeoutMs, mintTimeoutMs, maxAttempts }).replace(/</g, '\\u003c');
    const script = page.element ? '/svc-embed-element.js' : '/svc-embed.js';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Failures</title>
<script src="/record.js"></script><script src="${script}"></script>
<script id="config" type="application/json">${config}</script></head>
<body><div id="slot"></div><script src="/page.js"></script></body></html>`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': policyOf(page) }).end(html);
  }

  async function handleHost(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', hostUrl).pathname;
    res.on('finish', () => statuses.push(`${res.statusCode} ${req.method} ${req.url}`));
    const endpoint = endpoints[paths.findIndex((prefix) => path === prefix || path.startsWith(`${prefix}/`))];
    if (endpoint) return endpoint.node(req, res);
    if (path === ENDPOINTS.refused) return void res.writeHead(403, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code: 'no-seat', message: REFUSAL_MESSAGE } }));
    if (path === ENDPOINTS.proxyDown) return void res.writeHead(502, { 'Content-Type': 'text/plain' }).end();
    // Held until the site closes (closeAllConnections ends it).
    if (path === ENDPOINTS.hanging) return;
    const page = pages.get(path);
    if (page) return servePage(res, page);
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const file = FILES[path];
    if (!file) return void res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: `no route ${path}` }));
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(await readFile(file));
  }

  hostServer.on('request', (req, res) => {
    handleHost(req, res).catch((error) => res.writeHead(500).end(String(error)));
  });
  // Not the service: a page at the embed URL that never sends ready (a wrong baseUrl); and the same
  // page from a tenant that lets no page frame it.
  const anotherSite = (name: string, headers: Record<string, string>) => (req: IncomingMessage, res: ServerResponse) => {
    res.on('finish', () => statuses.push(`${res.statusCode} ${name} ${req.url}`));
    if (!(req.url ?? '').startsWith('/embed/')) return void res.writeHead(204).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers }).end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head><body><p>Not the service.</p></body></html>');
  };
  silentServer.on('request', anotherSite('silent', {}));
  refusingServer.on('request', anotherSite('refusing', { 'Content-Security-Policy': "frame-ancestors 'none'" }));

  let count = 0;
  return {
    hostUrl,
    serviceUrl: service.url,
    silentUrl,
    statuses,
    serviceStatuses: service.statuses,
    addPage(page) {
      count += 1;
      const path = `/page-${count}.html`;
      pages.set(path, page);
      return `${hostUrl}${path}`;
    },
    async close() {
      await service.close();
      await emulator.close();
      for (const server of [hostServer, silentServer, refusingServer]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
