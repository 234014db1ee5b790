import { createDelays } from './delays.js';
import { createServiceSessions } from './embed/service-sessions.js';
import { closeServers, listenOnHost } from './listen.js';
import { normalizeOptions, normalizeOrigin } from './options.js';
import { createPlatformState, PLATFORM_STATE } from './platform/state.js';
import { createRouter } from './router.js';
import { ROUTE_MODULES } from './route-modules.js';

/**
 * @typedef {object} EmulatorHandle
 * @property {string} url Base URL, e.g. `http://localhost:4400` (no trailing slash).
 * @property {number} port
 * @property {{ now(): number }} clock The clock every expiry rule reads.
 * @property {import('./embed/service-sessions.js').ServiceSessions} state Session ids, tokens and the logs of
 *   mints, exchanges and revocations, for tests and tools.
 * @property {import('./options.js').ResolvedOptions} options
 * @property {(origins: string[]) => void} setHostOrigins Replaces the origins allowed to frame embeds.
 * @property {() => Promise<void>} close Stops listening and closes every open connection.
 */

/**
 * The running emulator: the handle above, and the platform half's state, which
 * `platformState(emulator)` from `@svc-embed/emulator/platform` reads.
 * @typedef {EmulatorHandle & { [PLATFORM_STATE]: import('./platform/state.js').PlatformState }} Emulator
 */

/**
 * The request listener: resolves the URL against the emulator's base, logs the answer, routes.
 * @param {{ options: import('./options.js').ResolvedOptions, route: ReturnType<typeof createRouter>, context: import('./emulator-context.js').EmulatorContext, base: () => string }} parts
 * @returns {import('node:http').RequestListener}
 */
function requestListener({ options, route, context, base }) {
  return (req, res) => {
    const started = performance.now();
    let url;
    try {
      url = new URL(req.url ?? '/', base());
    } catch {
      res.writeHead(400).end();
      return;
    }
    res.on('finish', () => options.log(`${req.method} ${url.pathname} ${res.statusCode} ${Math.round(performance.now() - started)}ms`));
    void route({ req, res, url, emulator: context });
  };
}

/**
 * Starts the emulator: a local stand-in for the service's embed endpoints on `node:http`. It makes
 * the two halves' state (the embed half's service sessions, the platform half's account), the router
 * over their routes, and the servers.
 * @param {import('./options.js').EmulatorOptions & { routes?: import('./router.js').RouteModule[] }} [input]
 * @returns {Promise<Emulator>}
 * @example
 * const emulator = await createEmulator({ hostOrigins: ['http://127.0.0.1:4300'], sessionLifetimeMs: 180_000 });
 * console.log(emulator.url); // http://127.0.0.1:<port>
 * await emulator.close();
 */
export async function createEmulator(input = {}) {
  const options = normalizeOptions(input);
  const sessions = createServiceSessions(options);
  const platform = createPlatformState(options.clock);
  const delays = createDelays();
  /** @type {import('./emulator-context.js').EmulatorContext} */
  const context = { options, clock: options.clock, sessions, delay: delays.delay, [PLATFORM_STATE]: platform };
  const route = createRouter(input.routes ?? ROUTE_MODULES);
  let base = '';
  const onRequest = requestListener({ options, route, context, base: () => base });
  const { servers, port } = await listenOnHost({ hostname: options.hostname, port: options.port, onRequest });
  base = `http://${options.hostname}:${port}`;

  /** @type {Promise<void> | undefined} */
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
        delays.cutShort();
        await closeServers(servers);
      })();
      return closing;
    },
    [PLATFORM_STATE]: platform,
  };
}
