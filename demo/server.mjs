// `npm run demo`: the host page and the service emulator on two origins, until stopped (Ctrl-C).
//   node demo/server.mjs [--host-port 4300] [--service-port 4400] [--lifetime 180] [--warning 60] [--redis <url>] [--verbose]
// --redis keeps the session endpoint's viewer ledgers in Redis (@svc-embed/server/redis) instead of memory.
// Environment: DEMO_HOST_PORT, DEMO_SERVICE_PORT, DEMO_SESSION_LIFETIME, DEMO_SESSION_WARNING (seconds).
import { parseArgs } from 'node:util';
import { startDemo } from './demo-server.mjs';

const { values } = parseArgs({
  options: {
    'host-port': { type: 'string' },
    'service-port': { type: 'string' },
    lifetime: { type: 'string' },
    warning: { type: 'string' },
    redis: { type: 'string' },
    verbose: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('Usage: node demo/server.mjs [--host-port 4300] [--service-port 4400] [--lifetime <s>] [--warning <s>] [--redis <url>] [--verbose]');
  process.exit(0);
}

/** @param {string | undefined} text @param {string} name @param {number} fallback */
function number(text, name, fallback) {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number (got ${text})`);
    process.exit(2);
  }
  return value;
}

/** The Redis store of `--redis <url>`, connected; undefined without the flag. */
async function redisStore(url) {
  if (!url) return undefined;
  const { createClient } = await import('redis');
  const { createRedisStore } = await import('@svc-embed/server/redis');
  const client = createClient({ url });
  client.on('error', (error) => console.error(`redis: ${error.message}`));
  await client.connect();
  return { store: createRedisStore({ client }), close: () => client.quit() };
}

try {
  const redis = await redisStore(values.redis);
  const demo = await startDemo({
    store: redis?.store,
    hostPort: number(values['host-port'] ?? process.env.DEMO_HOST_PORT, 'host port', 4300),
    servicePort: number(values['service-port'] ?? process.env.DEMO_SERVICE_PORT, 'service port', 4400),
    sessionLifetimeMs: number(values.lifetime ?? process.env.DEMO_SESSION_LIFETIME, 'lifetime', 180) * 1000,
    sessionWarningMs: number(values.warning ?? process.env.DEMO_SESSION_WARNING, 'warning', 60) * 1000,
    log: values.verbose ? (line) => console.log(`[service] ${line}`) : undefined,
  });
  const usable = Math.round((demo.emulator.options.sessionLifetimeMs - demo.emulator.options.trustMarginMs) / 1000);
  console.log(`svc-embed demo
  host page (script tag): ${demo.hostUrl}/
  host page (ESM):        ${demo.hostUrl}/esm.html
  host page (element):    ${demo.hostUrl}/element.html
  host page (React):      ${demo.hostUrl}/react.html
  session endpoint:       ${demo.hostUrl}/api/embed-session (@svc-embed/server, ${values.redis ? `Redis at ${values.redis}` : 'in memory'}); open the element page in two tabs and log out in one
  service emulator:       ${demo.serviceUrl}
  sessions last ${usable} s (session-expiring ${Math.round(demo.emulator.options.sessionWarningMs / 1000)} s before), so renewals happen while you watch.
Press Ctrl-C to stop.`);
  const stop = () => {
    console.log('\nstopping…');
    void demo.close().then(() => redis?.close()).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`demo: could not start: ${message}${/EADDRINUSE/.test(message) ? '\n  a port is taken: pass --host-port / --service-port (or DEMO_HOST_PORT / DEMO_SERVICE_PORT)' : ''}`);
  process.exit(1);
}
