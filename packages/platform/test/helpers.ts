import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createEmulator, createManualClock } from '@svc-embed/emulator';
import { platformState } from '@svc-embed/emulator/platform';
import { createPlatformClient, type PlatformClientOptions } from '../src/index.js';

/** Keys of the test emulator, one per role. */
export const KEYS = {
  /** Unscoped, acts as the owner: administrator with AuditLogManage. */
  owner: 'owner-key-0123456789',
  /** Acts as analyst@acme.example: no admin, edit on Sales, view on Finance, manage on Support operations. */
  analyst: 'analyst-key-0123456789',
  /** Acts as auditor@acme.example: AuditLogManage without being an administrator. */
  auditor: 'auditor-key-0123456789',
  /** Owner, scoped to deployment 7 only. */
  scoped: 'scoped-key-0123456789',
  /** Expired a minute before the test clock starts. */
  expired: 'expired-key-0123456789',
};

/** Where the manual clock of every test emulator starts. */
export const START = Date.UTC(2026, 0, 15, 12, 0, 0);

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A request the client sent, as seen by its fetch. */
export interface SentLog {
  method: string;
  path: string;
  at: number;
}

/**
 * A fresh emulator on a free loopback port (closed after the test) with a manual clock, and a
 * client factory whose waits advance that clock instead of sleeping.
 */
export async function startEmulator(options: { start?: number } = {}) {
  const start = options.start ?? START;
  const clock = createManualClock(start);
  const emulator = await createEmulator({
    clock,
    apiKeys: [
      KEYS.owner,
      { key: KEYS.analyst, user: 'analyst@acme.example' },
      { key: KEYS.auditor, user: 'auditor@acme.example' },
      { key: KEYS.scoped, deployments: [7] },
      { key: KEYS.expired, expiresAt: start - 60_000 },
    ],
  });
  closers.push(() => emulator.close());
  const state = platformState(emulator);
  /** Every wait a client asked for, in ms. */
  const sleeps: number[] = [];
  /** Every request a client sent. */
  const sent: SentLog[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    sent.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, at: clock.now() });
    return fetch(input, init);
  };
  const client = (apiKey = KEYS.owner, options: Partial<PlatformClientOptions> = {}) =>
    createPlatformClient({
      baseUrl: emulator.url,
      apiKey,
      fetch: recordingFetch,
      clock: {
        now: () => clock.now(),
        sleep: async (ms) => {
          sleeps.push(ms);
          clock.advance(ms);
        },
      },
      ...options,
    });
  /** A raw request, for what the client refuses to send. */
  const raw = (path: string, init: { method?: string; key?: string | null; json?: unknown } = {}) =>
    fetch(`${emulator.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.key === null ? {} : { Authorization: `Bearer ${init.key ?? KEYS.owner}` }),
        ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  return { emulator, clock, state, client, raw, sleeps, sent, fetch: recordingFetch };
}

/**
 * A loopback server with a hand-written handler, for failures the emulator never produces
 * (dropped connections, bodies cut off, malformed JSON). Closed after the test.
 */
export async function startRawServer(handler: (req: IncomingMessage, res: ServerResponse, hit: number) => void) {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits += 1;
    handler(req, res, hits);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

/** A client for a raw server; waits are recorded, not slept. */
export function rawClient(baseUrl: string, options: Partial<PlatformClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createPlatformClient({
    baseUrl,
    apiKey: 'raw-key-0123456789',
    clock: { now: () => Date.now(), sleep: async (ms) => void sleeps.push(ms) },
    ...options,
  });
  return { client, sleeps };
}

/** Rejection of `promise`, failing the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, got a resolution');
}
