import { afterEach } from 'vitest';
import { createEmulator, createManualClock } from '../src/index.js';

export const KEY = 'test-key-0123456789';
export const SCOPED_KEY = 'scoped-key-0123456789';
export const HOST = 'http://127.0.0.1:4300';

type Options = Parameters<typeof createEmulator>[0];
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((emulator) => emulator.close()));
});

/** A fresh emulator on a free loopback port with a manual clock; closed after each test. */
export async function startEmulator(options: Options = {}) {
  const clock = createManualClock(Date.UTC(2026, 0, 15, 12));
  const emulator = await createEmulator({
    apiKeys: [KEY, { key: SCOPED_KEY, deployments: [7] }],
    hostOrigins: [HOST],
    clock,
    aiLatencyMs: 0,
    ...options,
  });
  open.push(emulator);
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    return fetch(`${emulator.url}${path}`, json === undefined ? rest : { ...rest, body: JSON.stringify(json) });
  };
  const mint = async (body: unknown = { deploymentId: 42, externalId: 'ada' }, key = KEY) => {
    const response = await call('/api/v1/embed/generate-session', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, json: body });
    if (response.status !== 200) throw new Error(`mint failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { sessionId: string }).sessionId;
  };
  const exchange = (sessionId: unknown) => call('/api/v1/embed/session/token', { method: 'POST', json: { sessionId } });
  return { emulator, clock, call, mint, exchange };
}
