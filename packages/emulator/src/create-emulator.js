import { createServer } from 'node:http';
import { normalizeOptions, normalizeOrigin } from './options.js';
import { createRouter } from './router.js';
import { ROUTE_MODULES } from './routes/index.js';
import { createSessionStore } from './session-store.js';

/**
 * What route handlers receive as `emulator`.
 * @typedef {object} EmulatorContext
 * @property {import('./options.js').ResolvedOptions} options
 * @property {{ now(): number }} clock
 * @property {import('./session-store.js').SessionStore} sessions
 * @property {(ms: number) => Promise<void>} delay A wait that `close()` cuts short.
 */

/**
 * @typedef {object} Emulator
 * @property {string} url Base URL, e.g. `http://localhost:4400` (no trailing slash).
 * @property {number} port
 * @property {{ now(): number }} clock The clock every expiry rule reads.
 * @property {import('./session-store.js').SessionStore} state Session ids, tokens and the logs of
 *   mints, exchanges and revocations, for tests and tools.
 * @property {import('./options.js').ResolvedOptions} options
 * @property {(origins: string[]) => void} setHostOrigins Replaces the origins allowed to frame embeds.
 * @property {() => Promise<void>} close Stops listening and closes every open connection.
 */

const LOOPBACK_V4 = '127.0.0.1';

/** Where to listen for a URL host name: `localhost` answers on both loopback addresses. */
function listenAddresses(/** @type {string} */ hostname) {
  if (hostname === 'localhost') return [LOOPBACK_V4, '::1'];
  if (hostname.startsWith('[')) return [hostname.slice(1, -1)];
  return [hostname];
}

/**
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} address
 * @returns {Promise<number>}
 */
function listen(server, port, address) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: address }, () => {
      server.off('error', reject);
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port);
    });
  });
}

/**
 * Starts the emulator: a local stand-in for the service's embed endpoints on `node:http`.
 * @param {import('./options.js').EmulatorOptions & { routes?: import('./router.js').RouteModule[] }} [input]
 * @returns {Promise<Emulator>}
 * @example
 * const emulator = await createEmulator({ hostOrigins: ['http://127.0.0.1:4300'], sessionLifetimeMs: 180_000 });
 * console.log(emulator.url); // http://127.0.0.1:<port>
 * await emulator.close();
 */
export async function createEmulator(input = {}) {
  const options = normalizeOptions(input);
  const sessions = createSessionStore(options);
  /** @type {Set<{ timer: NodeJS.Timeout, resolve: () => void }>} */
  const waits = new Set();
  /** @type {EmulatorContext} */
  const context = {
    options,
    clock: options.clock,
    sessions,
    delay: (ms) =>
      new Promise((resolve) => {
        const wait = { timer: setTimeout(() => (waits.delete(wait), resolve()), ms), resolve };
        waits.add(wait);
      }),
  };
  const route = createRouter(input.routes ?? ROUTE_MODULES);
  let base = '';

  /** @type {import('node:http').RequestListener} */
  const onRequest = (req, res) => {
    const started = performance.now();
    let url;
    try {
      url = new URL(req.url ?? '/', base);
    } catch {
      res.writeHead(400).end();
      return;
    }
    res.on('finish', () => options.log(`${req.method} ${url.pathname} ${res.statusCode} ${Math.round(performance.now() - started)}ms`));
    void route({ req, res, url, emulator: context });
  };

  /** @type {import('node:http').Server[]} */
  const servers = [];
  let port = options.port;
  for (const [index, address] of listenAddresses(options.hostname).entries()) {
    const server = createServer(onRequest);
    try {
      port = await listen(server, port, address);
      servers.push(server);
    } catch (error) {
      // The second loopback address of `localhost` is optional (a machine without IPv6).
      if (index === 0) throw error;
    }
  }
  base = `http://${options.hostname}:${port}`;

  let closing;
  return {
    url: base,
    port,
    clock: options.clock,
    state: sessions,
    options,
    setHostOrigins(origins) {
      options.hostOrigins = origins.map(normalizeOrigin);
    },
    close() {
      closing ??= (async () => {
        for (const wait of waits) {
          clearTimeout(wait.timer);
          wait.resolve();
        }
        waits.clear();
        await Promise.all(
          servers.map(
            (server) =>
              new Promise((resolve) => {
                server.close(() => resolve(undefined));
                server.closeAllConnections();
              }),
          ),
        );
      })();
      return closing;
    },
  };
}
