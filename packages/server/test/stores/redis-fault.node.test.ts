// Redis killed (SIGKILL) while mints are in flight, then started again on the same port with its
// append-only file. Through the store, and through the endpoint: every id the mint function produced
// is either handed out and recorded (and revoked by the viewer's logout after the restart) or refused
// and revoked at once (503); none is handed out unrecorded, none is lost, nothing hangs while Redis
// is gone.
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionEndpoint } from '../../src/index.js';
import { createRedisStore } from '../../src/redis.js';
import type { SessionStore } from '../../src/index.js';
import { HOUR } from '../support/clock.js';
import { ORIGIN, PATH, sorted } from '../support/endpoint-fixture.js';
import { startRedisServer, type RedisClient as Client, type RedisServer } from '../support/redis-server.js';

/** A client as `createClient({ url })` makes it (RESP3 by default in redis 6). */
const TIMEOUT_MS = 300;
const VIEWERS = 20;
const WORKERS = 16;

let server: RedisServer | undefined;
let killed = false;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  killed = false;
});

/** Kills Redis at once (SIGKILL to its pid), from wherever the run is; later calls do nothing. */
function killRedisNow(): void {
  if (killed || !server) return;
  killed = true;
  process.kill(server.pid, 'SIGKILL');
}

/** What became of every id the mint function produced, and how long refusals took. */
interface Outcomes {
  minted: string[];
  handedOut: string[];
  revokedAtOnce: string[];
  refused: number;
  slowestRefusalMs: number;
}

const newOutcomes = (): Outcomes => ({ minted: [], handedOut: [], revokedAtOnce: [], refused: 0, slowestRefusalMs: 0 });

/** `WORKERS` concurrent loops of `mintOnce` over the viewers, until `stop()`. */
function startMinting(mintOnce: (viewerId: string) => Promise<void>): { stop(): Promise<void> } {
  let running = true;
  const worker = async (index: number) => {
    for (let turn = index; running; turn += WORKERS) {
      await mintOnce(`viewer-${turn % VIEWERS}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A client on the running server whose outage errors are collected (an unheard 'error' would crash the process). */
async function connectedClient(running: RedisServer): Promise<{ client: Client; errors: unknown[] }> {
  const errors: unknown[] = [];
  const client = createClient({ url: running.url });
  client.on('error', (error: unknown) => errors.push(error));
  await client.connect();
  return { client, errors };
}

/**
 * Mints until 300 are recorded (or until a mint calls `killRedisNow`), kills Redis, keeps minting for
 * 500 ms and 100 refusals, starts Redis again on its port with its data, and mints until 300 more are
 * recorded.
 */
async function killAndRestartWhileMinting(client: Client, outcomes: Outcomes, mintOnce: (viewerId: string) => Promise<void>): Promise<void> {
  const minting = startMinting(mintOnce);
  try {
    await until(() => killed || outcomes.handedOut.length >= 300, '300 mints are recorded');
    killRedisNow();
    const running = requireServer();
    await running.stop({ abruptly: true, keepDir: true });
    const refusedBefore = outcomes.refused;
    const downSince = Date.now();
    await until(() => outcomes.refused >= refusedBefore + 100 && Date.now() - downSince >= 500, 'Redis has been down 500 ms and 100 mints were refused');
    server = await startRedisServer({ port: running.port, dir: running.dir, persistent: true });
    await until(() => client.isReady, 'the client has reconnected');
    const recordedBefore = outcomes.handedOut.length;
    await until(() => outcomes.handedOut.length >= recordedBefore + 300, '300 more mints are recorded after the restart');
  } finally {
    await minting.stop();
  }
}

function requireServer(): RedisServer {
  if (!server) throw new Error('redis-server is not running');
  return server;
}

/** The promises of the run: accounted for at once, every handed-out id revoked at logout, nothing foreign or twice. */
function expectNothingLost(outcomes: Outcomes, revokedOnLogout: string[]): void {
  expect(sorted([...outcomes.handedOut, ...outcomes.revokedAtOnce])).toEqual(sorted(outcomes.minted));
  const onLogout = new Set(revokedOnLogout);
  expect(outcomes.handedOut.filter((id) => !onLogout.has(id))).toEqual([]);
  const minted = new Set(outcomes.minted);
  expect(revokedOnLogout.filter((id) => !minted.has(id))).toEqual([]);
  expect(onLogout.size).toBe(revokedOnLogout.length);
  // Refused but recorded: Redis wrote the id and the kill lost its reply. Revoked at once and again at logout (harmless), at most one per mint in flight.
  expect(outcomes.revokedAtOnce.filter((id) => onLogout.has(id)).length).toBeLessThanOrEqual(WORKERS);
  expect(outcomes.slowestRefusalMs, "no refusal waits much past the store's timeoutMs").toBeLessThan(TIMEOUT_MS + 700);
}

function summary(label: string, outcomes: Outcomes, revokedOnLogout: string[]): string {
  const twice = outcomes.revokedAtOnce.filter((id) => revokedOnLogout.includes(id)).length;
  return `${label}: ${outcomes.minted.length} minted, ${outcomes.handedOut.length} handed out, ${outcomes.refused} refused (${outcomes.revokedAtOnce.length} of them after a mint, revoked at once; ${twice} also recorded), ${revokedOnLogout.length} revoked on logout, slowest refusal ${outcomes.slowestRefusalMs} ms`;
}

/** The store alone, with the endpoint's rule kept in view: record before answering, else revoke at once. */
async function storeThroughKill(): Promise<void> {
  server = await startRedisServer({ persistent: true });
  const { client, errors } = await connectedClient(server);
  const store: SessionStore = createRedisStore({ client, prefix: 'fault-store:', timeoutMs: TIMEOUT_MS });
  const outcomes = newOutcomes();
  await killAndRestartWhileMinting(client, outcomes, async (viewerId) => {
    const id = `ses_${outcomes.minted.length}_${viewerId}`;
    outcomes.minted.push(id);
    const started = Date.now();
    try {
      await store.add({ viewerId, sessionId: id, lifetimeMs: HOUR, signOutsSeen: 0, leaseMs: HOUR });
      outcomes.handedOut.push(id);
    } catch {
      outcomes.refused += 1;
      outcomes.revokedAtOnce.push(id);
      outcomes.slowestRefusalMs = Math.max(outcomes.slowestRefusalMs, Date.now() - started);
    }
  });
  const signOut = (index: number) => store.signOut({ viewerId: `viewer-${index}`, leaseMs: HOUR, rememberMs: HOUR });
  const revokedOnLogout = (await Promise.all(Array.from({ length: VIEWERS }, async (_, index) => (await signOut(index)).ids))).flat();
  await client.close();
  console.info(summary('store', outcomes, revokedOnLogout));
  expectNothingLost(outcomes, revokedOnLogout);
  expect(errors.length).toBeGreaterThan(0);
}

/** The endpoint on the Redis store, minting through its Fetch API handler; Redis is killed during a mint. */
async function endpointThroughKill(): Promise<void> {
  server = await startRedisServer({ persistent: true });
  const { client } = await connectedClient(server);
  const outcomes = newOutcomes();
  const revokedOnLogout: string[] = [];
  let phase: 'minting' | 'logout' = 'minting';
  const endpoint = createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'nobody' }),
    // A mint takes a moment, as a call to the service does; Redis is killed during the 300th, so
    // that mint (and the others then in the service) ends with nothing to record it in.
    mint: async (viewer) => {
      const id = `ses_${outcomes.minted.length}_${viewer.id}`;
      outcomes.minted.push(id);
      if (outcomes.minted.length === 300) killRedisNow();
      await new Promise((resolve) => setTimeout(resolve, 2));
      return id;
    },
    revoke: (sessionId) => {
      (phase === 'minting' ? outcomes.revokedAtOnce : revokedOnLogout).push(sessionId);
    },
    limits: { mintsPerWindow: 1_000_000 },
    store: createRedisStore({ client, prefix: 'fault-endpoint:', timeoutMs: TIMEOUT_MS }),
  });
  const statuses = new Map<number, number>();
  await killAndRestartWhileMinting(client, outcomes, async (viewerId) => {
    const started = Date.now();
    const response = await endpoint.fetch(new Request(`http://backend.example${PATH}`, { method: 'POST', headers: { origin: ORIGIN, 'x-viewer': viewerId } }));
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status === 200) {
      outcomes.handedOut.push(((await response.json()) as { sessionId: string }).sessionId);
      return;
    }
    expect(response.status).toBe(503);
    outcomes.refused += 1;
    outcomes.slowestRefusalMs = Math.max(outcomes.slowestRefusalMs, Date.now() - started);
  });
  phase = 'logout';
  for (let index = 0; index < VIEWERS; index += 1) expect((await endpoint.logoutViewer(`viewer-${index}`)).failed).toEqual([]);
  await client.close();
  console.info(summary('endpoint', outcomes, revokedOnLogout), Object.fromEntries(statuses));
  expectNothingLost(outcomes, revokedOnLogout);
  expect(outcomes.revokedAtOnce.length, 'the mints in the service when Redis was killed were revoked at once').toBeGreaterThan(0);
}

describe('Redis killed mid-run and started again', () => {
  it('the store: records every id it accepts, refuses the others promptly, and the ledger survives the restart', storeThroughKill);
  it('the endpoint: answers 200 only with recorded ids, 503 otherwise (revoking a fresh id at once), and logout revokes every id handed out', endpointThroughKill);
});
