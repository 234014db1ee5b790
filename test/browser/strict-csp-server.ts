// Two origins that both serve the strict Content Security Policy a security-minded customer uses:
// a host page on 127.0.0.1 (with the `frame-src` it needs for the surface) and an embedded surface on
// localhost (with `frame-ancestors` for the host). Both load only files: the watcher first, then an
// SDK build, then the page's script. The host page's header is the host README's, as written there
// (only the tenant's origin in its `frame-src` is the surface's here).
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runBlock } from '../docs/readme-blocks.js';
import { ROOT } from './harness.js';

/** The host README's header for the host page: its policy, whose `frame-src` names the tenant. */
const README_HEADER = /^Content-Security-Policy: (.*); frame-src https:\/\/tenant\.example$/.exec(runBlock('hostStrictCsp').code.trim());
if (!README_HEADER?.[1]) throw new Error("the host README's strict-CSP block is no longer one header line ending with frame-src https://tenant.example");

/** The policy of the issue, word for word, as the host README gives it; each page adds only what it needs to frame or be framed. */
export const STRICT_POLICY = README_HEADER[1];

const FIXTURES = join(ROOT, 'test', 'browser', 'fixtures', 'strict-csp');
const FILES: Record<string, string> = {
  '/csp-watch.js': join(FIXTURES, 'csp-watch.js'),
  '/fixture.css': join(FIXTURES, 'fixture.css'),
  '/host-page.js': join(FIXTURES, 'host-page.js'),
  '/surface-page.js': join(FIXTURES, 'surface-page.js'),
  '/lab-page.js': join(FIXTURES, 'lab-page.js'),
  '/svc-embed.min.js': join(ROOT, 'packages', 'host', 'dist', 'iife', 'svc-embed.min.js'),
  '/svc-embed-frame.min.js': join(ROOT, 'packages', 'frame', 'dist', 'iife', 'svc-embed-frame.min.js'),
};
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export interface StrictCspSite {
  hostUrl: string;
  serviceUrl: string;
  close(): Promise<void>;
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host }, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts both origins on free loopback ports. */
export async function startStrictCspSite(): Promise<StrictCspSite> {
  const hostServer = createServer();
  const serviceServer = createServer();
  const hostUrl = `http://127.0.0.1:${await listen(hostServer, '127.0.0.1')}`;
  const serviceUrl = `http://localhost:${await listen(serviceServer, 'localhost')}`;
  const config = JSON.stringify({ hostOrigin: hostUrl, serviceUrl }).replace(/</g, '\\u003c');

  async function page(res: ServerResponse, name: string, policy: string) {
    const html = (await readFile(join(FIXTURES, name), 'utf8')).replace('FIXTURE_CONFIG', config);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': policy }).end(html);
  }

  async function file(res: ServerResponse, path: string) {
    const found = FILES[path];
    if (!found) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`not found: ${path}`);
    const type = TYPES[found.slice(found.lastIndexOf('.'))] ?? 'application/octet-stream';
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(await readFile(found));
  }

  const handle = (route: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>) => (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    route(req, res, path).catch((error) => res.writeHead(500).end(String(error)));
  };
  hostServer.on('request', handle((_req, res, path) =>
    path === '/' || path === '/lab.html'
      ? page(res, path === '/' ? 'host.html' : 'lab.html', `${STRICT_POLICY}; frame-src ${serviceUrl}`)
      : file(res, path),
  ));
  serviceServer.on('request', handle((_req, res, path) =>
    path.startsWith('/embed/dashboard/') ? page(res, 'surface.html', `${STRICT_POLICY}; frame-ancestors ${hostUrl}`) : file(res, path),
  ));

  return {
    hostUrl,
    serviceUrl,
    async close() {
      for (const server of [hostServer, serviceServer]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
