// Loopback server of the hostile-surface benchmark and browser tests: the host page on
// http://127.0.0.1:<port> and a hostile surface at http://localhost:<other port>/embed/dashboard/<mode>. `root` says whose built script file the host page loads, so a checkout
// of an older commit can be measured with the same pages.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Starts both origins on free loopback ports. */
export async function startHostileSite({ root = join(HERE, '..') } = {}) {
  const page = (name, type) => [readFileSync(join(HERE, 'pages', name)), type];
  const files = {
    '/': page('hostile-host.html', 'text/html; charset=utf-8'),
    '/hostile-host.js': page('hostile-host.js', 'text/javascript'),
    '/hostile-surface.js': page('hostile-surface.js', 'text/javascript'),
    '/svc-embed.min.js': [readFileSync(join(root, 'packages', 'host', 'dist', 'iife', 'svc-embed.min.js')), 'text/javascript'],
  };
  const surface = page('hostile-surface.html', 'text/html; charset=utf-8');
  const handle = (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const found = path.startsWith('/embed/dashboard/') ? surface : files[path];
    if (!found) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': found[1], 'Cache-Control': 'no-store' }).end(found[0]);
  };
  // The host page on 127.0.0.1, the surface on localhost: two sites, as a customer's page and the service.
  const servers = [createServer(handle), createServer(handle)];
  const ports = [];
  for (const [index, host] of ['127.0.0.1', 'localhost'].entries()) {
    await new Promise((resolve, reject) => {
      servers[index].once('error', reject);
      servers[index].listen(0, host, resolve);
    });
    ports.push(servers[index].address().port);
  }
  return {
    hostUrl: `http://127.0.0.1:${ports[0]}/`,
    tenant: `http://localhost:${ports[1]}`,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      ),
  };
}
