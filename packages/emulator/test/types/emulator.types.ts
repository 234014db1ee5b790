// Type tests for @svc-embed/emulator, compiled against its published declarations: no `paths`, so
// the imports resolve as a user's do, through the package's `exports` to types/ (made from the
// JSDoc by `tsc -b`). Every line under @ts-expect-error must fail to compile, every other line must
// compile. Checked by ../types.node.test.ts, which builds types/ first.
import { createEmulator, createManualClock, ROUTE_MODULES, SESSION_LIFETIME_MS } from '@svc-embed/emulator';
import { PLATFORM_ROUTE_MODULES, platformState } from '@svc-embed/emulator/platform';

type EmulatorOptions = NonNullable<Parameters<typeof createEmulator>[0]>;

// Every option, each with its type: an option missing from the declarations is an excess property
// here, and a new option must be added here.
const every: Required<EmulatorOptions> = {
  port: 0,
  hostname: 'localhost',
  apiKeys: ['emulator-dev-key', { key: 'scoped-key-0123', deployments: [7] }],
  hostOrigins: ['http://127.0.0.1:4300'],
  sessionLifetimeMs: SESSION_LIFETIME_MS,
  trustMarginMs: 60_000,
  sessionWarningMs: 30_000,
  sessionIdLifetimeMs: 300_000,
  clock: createManualClock(0),
  allowPrivate: false,
  embedTenant: 'acme',
  frameScript: '/tmp/svc-embed-frame.min.js',
  aiLatencyMs: 0,
  log: (line: string) => console.log(line),
  routes: [...ROUTE_MODULES, ...PLATFORM_ROUTE_MODULES],
};
void createEmulator(every);
void createEmulator();
void createEmulator({ aiLatencyMs: 0, log: console.log });

// @ts-expect-error misspelt option
void createEmulator({ aiLatency: 0 });
// @ts-expect-error aiLatencyMs is a number of ms
void createEmulator({ aiLatencyMs: '300' });
// @ts-expect-error log receives a line of text
void createEmulator({ log: (line: number) => line });
// @ts-expect-error hostOrigins is a list
void createEmulator({ hostOrigins: 'http://127.0.0.1:4300' });
// @ts-expect-error an API key is a string or { key, deployments? }
void createEmulator({ apiKeys: [{ secret: 'emulator-dev-key' }] });

// The handle: resolved options with their defaults filled in, the session logs, platform state.
const emulator = await createEmulator({ hostOrigins: ['http://127.0.0.1:4300'] });
const url: string = emulator.url;
const latency: number = emulator.options.aiLatencyMs;
emulator.options.log(`${url} ${latency}`);
// @ts-expect-error log takes one string
emulator.options.log(1);
const minted: Array<{ sessionId: string; at: number; deploymentId: number }> = emulator.state.mints;
const reason: 'unknown' | 'redeemed' | 'expired' | 'revoked' | undefined = emulator.state.exchanges[0]?.reason;
emulator.setHostOrigins(['http://localhost:4300']);
platformState(emulator).settings.exportConcurrency = 1;
// @ts-expect-error settings are numbers
platformState(emulator).settings.exportConcurrency = '1';
await emulator.close();
void minted;
void reason;
