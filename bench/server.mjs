// Loopback server of the benchmark: the host page on http://127.0.0.1:<port> and the frame page on
// http://localhost:<port> (one server, two origins), both cross-origin isolated (COOP/COEP, and the
// iframe gets `allow="cross-origin-isolated"`) so performance.now() has 5 µs resolution instead of
// 100 µs in both processes.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');

const FILES = {
  '/host.html': [join(HERE, 'pages', 'host.html'), 'text/html; charset=utf-8'],
  // An embed path: createEmbed's `src` must be under {baseUrl}/embed/.
  '/embed/frame.html': [join(HERE, 'pages', 'frame.html'), 'text/html; charset=utf-8'],
  '/bench-host.js': [join(HERE, 'pages', 'bench-host.js'), 'text/javascript'],
  '/bench-frame.js': [join(HERE, 'pages', 'bench-frame.js'), 'text/javascript'],
  '/svc-embed.min.js': [join(ROOT, 'packages', 'host', 'dist', 'iife', 'svc-embed.min.js'), 'text/javascript'],
  '/svc-embed-frame.min.js': [join(ROOT, 'packages', 'frame', 'dist', 'iife', 'svc-embed-frame.min.js'), 'text/javascript'],
};

const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'no-store',
};

/** Starts the server on 127.0.0.1, port 0; `scripts` may replace the two bundles (profiling builds). */
export async function startBenchServer({ scripts = {} } = {}) {
  const body = Object.fromEntries(Object.entries(FILES).map((entry) => [entry[0], [scripts[entry[0]] ?? readFileSync(entry[1][0]), entry[1][1]]]));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const found = body[path];
    if (!found) return void response.writeHead(404, ISOLATION).end();
    response.writeHead(200, { ...ISOLATION, 'Content-Type': found[1] }).end(found[0]);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    hostOrigin: `http://127.0.0.1:${port}`,
    frameOrigin: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
