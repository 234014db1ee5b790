// The restart run of `npm run bench:faults` (fault-ledger.mjs): the endpoint as the quick start
// writes it (the default store, the memory store, no option for it) in a process of its own, which
// the run kills (SIGKILL) and starts again on the same port between the mints and the sign-outs.
// Run as a script (`node fault-restart-child.mjs <port> <emulator url>`) it is that process; imported,
// it gives the run `restartableEndpoint`.
import { Agent } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createPlatformClient } from '@svc-embed/platform';
import { createSessionEndpoint } from '@svc-embed/server';
import { spawnServer } from './child-servers.mjs';
import { ORIGIN, PATH } from './endpoint-rounds.mjs';
import { listen } from './http-load.mjs';

const API_KEY = 'emulator-dev-key';
const READY_TIMEOUT_MS = 15_000;
const SELF = fileURLToPath(import.meta.url);
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The child: the endpoint on the memory store, minting and revoking at the emulator, on `port`. */
async function serveEndpoint(port, emulatorUrl) {
  const client = createPlatformClient({ baseUrl: emulatorUrl, apiKey: API_KEY });
  const endpoint = createSessionEndpoint({
    path: PATH, allowedOrigins: [ORIGIN],
    viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'nobody' }),
    mint: (viewer) => client.generateEmbedSessionId({ deploymentId: 42, externalId: viewer.id }),
    revoke: async (sessionId, { signal }) => {
      const url = `${emulatorUrl}/api/v1/embed/sessions/${encodeURIComponent(sessionId)}`;
      const response = await fetch(url, { method: 'DELETE', headers: { Authorization: `Bearer ${API_KEY}` }, signal });
      if (!response.ok) throw new Error(`revocation answered HTTP ${response.status}`);
    },
  });
  await listen(endpoint.node, { port });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const accepts = (port) => new Promise((resolve) => {
  const socket = createConnection({ port, host: '127.0.0.1' });
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
});

/** Starts the child on `port` and resolves with its exit promise once it accepts connections. */
async function startChild(port, emulatorUrl) {
  const child = spawnServer({ binary: process.execPath, args: [SELF, String(port), emulatorUrl], name: `endpoint-${port}` });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await accepts(port))) {
    if (Date.now() > deadline) throw new Error(`the endpoint's process did not listen on port ${port} within ${READY_TIMEOUT_MS} ms`);
    await delay(20);
  }
  return child;
}

/**
 * The endpoint's process, started; `target` (`{ port, agent }`, for `send`) stays the same across
 * `restart()`, which kills it (SIGKILL) and starts it again, resolving with `{ from, to }`: when it
 * was killed and when the new one listened (epoch ms). `stop()` kills it.
 */
export async function restartableEndpoint({ emulatorUrl }) {
  const port = await freePort();
  let child = await startChild(port, emulatorUrl);
  const target = { port, agent: new Agent({ keepAlive: true, maxSockets: 64 }) };
  const kill = async () => {
    process.kill(child.pid, 'SIGKILL');
    await child.exited;
    target.agent.destroy();
  };
  return {
    target,
    restart: async () => {
      const from = Date.now();
      await kill();
      child = await startChild(port, emulatorUrl);
      target.agent = new Agent({ keepAlive: true, maxSockets: 64 });
      return { from, to: Date.now() };
    },
    stop: kill,
  };
}

if (process.argv[1] === SELF) await serveEndpoint(Number(process.argv[2]), process.argv[3]);
