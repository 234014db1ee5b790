#!/usr/bin/env node
// svc-embed-emulator: run the local stand-in for the service until stopped (Ctrl-C).
import { parseArgs } from 'node:util';
import { createEmulator } from '../src/index.js';

const USAGE = `Usage: svc-embed-emulator [options]

  --port <n>              port (default 4400; env SVC_EMULATOR_PORT)
  --hostname <name>       127.0.0.1 | localhost | [::1] (default localhost)
  --api-key <key>         accepted API key, repeatable (default emulator-dev-key; env SVC_EMULATOR_API_KEY)
  --host-origin <origin>  origin allowed to frame embeds, repeatable (e.g. http://127.0.0.1:4300)
  --session-lifetime <s>  nominal session lifetime in seconds (default 86400)
  --warning <s>           session-expiring lead in seconds (default 1800)
  --no-private            refuse private-mode embeds (URLs without ?session=)
  --quiet                 no request log
  -h, --help`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    hostname: { type: 'string' },
    'api-key': { type: 'string', multiple: true },
    'host-origin': { type: 'string', multiple: true },
    'session-lifetime': { type: 'string' },
    warning: { type: 'string' },
    'no-private': { type: 'boolean' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const seconds = (/** @type {string | undefined} */ text, /** @type {string} */ name) => {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} takes a positive number of seconds (got ${text})\n\n${USAGE}`);
    process.exit(2);
  }
  return value * 1000;
};

try {
  const emulator = await createEmulator({
    port: Number(values.port ?? process.env.SVC_EMULATOR_PORT ?? 4400),
    hostname: values.hostname ?? 'localhost',
    apiKeys: values['api-key'] ?? (process.env.SVC_EMULATOR_API_KEY ? [process.env.SVC_EMULATOR_API_KEY] : undefined),
    hostOrigins: values['host-origin'] ?? [],
    sessionLifetimeMs: seconds(values['session-lifetime'], 'session-lifetime'),
    sessionWarningMs: seconds(values.warning, 'warning'),
    allowPrivate: !values['no-private'],
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  console.log(`svc-embed emulator on ${emulator.url}`);
  console.log(`  frame-ancestors: ${emulator.options.hostOrigins.join(' ') || "'none' (pass --host-origin to allow a host page)"}`);
  console.log(`  dashboards: ${emulator.url}/embed/dashboard/sales-overview, ${emulator.url}/embed/dashboard/support-ops`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`svc-embed-emulator: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
