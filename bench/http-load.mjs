// HTTP plumbing of the server benchmarks (bench:server, bench:faults, bench:cluster): a node:http
// server on a free loopback port with a keep-alive agent for the load generator, and one request as a
// browser on the allowed origin sends it.
import { createServer, Agent, request as httpRequest } from 'node:http';

/** Serves `handler` on 127.0.0.1 (on `port`, or a free one); resolves with `{ port, agent, close() }`. */
export async function listen(handler, { port = 0 } = {}) {
  const server = createServer((req, res) => void handler(req, res));
  server.keepAliveTimeout = 60_000; // longer than a round, so no idle socket is closed under the client
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const close = () => {
    agent.destroy();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { port: server.address().port, agent, close };
}

/** One request from the "browser" on `origin` as `viewer`; resolves with `{ status, body, ms }` (body parsed JSON, or null). */
export function send(target, { method, path, viewer, origin }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest({ host: '127.0.0.1', port: target.port, agent: target.agent, method, path, headers: { origin, 'x-viewer': viewer } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null, ms: performance.now() - started });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
