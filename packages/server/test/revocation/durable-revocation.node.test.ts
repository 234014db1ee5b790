// Revocation as a durable process, on a real redis-server started (and stopped by its pid) by this
// file: a claim whose answer is lost (Redis paused with SIGSTOP past the store's timeoutMs while it
// holds the claim's script, or killed after running it and started again from its append-only file)
// loses no id: the endpoint answers 503; a retry while the lost claim's lease holds answers pending
// and calls no one (the lease is the record of a call that may be in flight), and once it lapsed the
// retry revokes every id. A revocation that fails stays pending, is named in the logout answer, and
// is retried, after its backoff, by the next sign-out and by the sweep.
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionEndpoint, type RevocationReport, type SessionEndpoint } from '../../src/index.js';
import { createRedisStore, type RedisStoreClient } from '../../src/redis.js';
import { ORIGIN, PATH, sorted } from '../support/endpoint-fixture.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { makeRedisLedgerWhole } from '../support/whole-ledger.js';

const TIMEOUT_MS = 300;
const PAUSE_MS = 800;

type Client = ReturnType<typeof createClient>;
let server: RedisServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  if (server) process.kill(server.pid, 'SIGCONT');
  await server?.stop();
  server = undefined;
});

/**
 * The customer's client, with a trap: once armed, the next script sent (EVALSHA or EVAL) finds
 * Redis stopped (SIGSTOP) and waits in its socket; Redis runs it when it is continued, PAUSE_MS
 * later, long after the store's timeoutMs has given up on the answer.
 */
function pausingClient(client: Client, running: RedisServer) {
  let armed = false;
  const resumed: Promise<void>[] = [];
  const wrapped: RedisStoreClient = {
    get isReady() {
      return client.isReady;
    },
    sendCommand(args, options) {
      if (armed && (args[0] === 'EVALSHA' || args[0] === 'EVAL')) {
        armed = false;
        process.kill(running.pid, 'SIGSTOP');
        resumed.push(new Promise((resolve) => setTimeout(() => {
          process.kill(running.pid, 'SIGCONT');
          resolve();
        }, PAUSE_MS)));
      }
      return client.sendCommand(args, options);
    },
  };
  return { client: wrapped, arm: () => void (armed = true), resumed: () => Promise.all(resumed) };
}

/** A service that records every call of revoke, each of which can be made to fail. */
function recordingService() {
  const service = { minted: [] as string[], calls: [] as string[], failing: new Set<string>() };
  return {
    service,
    mint: async () => {
      const id = `ses_${service.minted.length + 1}`;
      service.minted.push(id);
      return id;
    },
    revoke: async (sessionId: string) => {
      service.calls.push(sessionId);
      if (service.failing.has(sessionId)) throw new Error('the service answered 503');
    },
  };
}

/** A lease short enough to wait out (Redis' clock runs on its own), long enough for a sweep to run within it. */
const LEASE_MS = 1_500;

/** An endpoint on a Redis of its own; leases (on Redis' clock) of `leaseMs`, a minute unless given. */
async function endpointOnRedis(options: { persistent?: boolean; leaseMs?: number; retryMs?: number } = {}) {
  server = await startRedisServer({ persistent: options.persistent ?? false });
  const client = createClient({ url: server.url });
  client.on('error', () => undefined);
  clients.push(await client.connect());
  await makeRedisLedgerWhole(client, 'durable:');
  const trap = pausingClient(client, server);
  const { service, mint, revoke } = recordingService();
  const revocations: RevocationReport[] = [];
  const endpoint = createSessionEndpoint({
    path: PATH,
    limits: { revocationLeaseMs: options.leaseMs ?? 60_000, revokeTimeoutMs: 1_000, revokeRetryMs: options.retryMs ?? 5_000 },
    allowedOrigins: [ORIGIN],
    viewer: (request) => ({ id: request.headers.get('x-viewer') ?? 'nobody' }),
    mint,
    revoke,
    onRevoke: (report) => revocations.push(report),
    store: createRedisStore({ client: trap.client, prefix: 'durable:', timeoutMs: TIMEOUT_MS }),
  });
  return { endpoint, service, trap, revocations, client };
}

const call = (endpoint: SessionEndpoint, method: string, path = PATH, viewer = 'ada') =>
  endpoint.fetch(new Request(`http://backend.example${path}`, { method, headers: { origin: ORIGIN, 'x-viewer': viewer } }));

/**
 * The same request once for another viewer, so Redis has the script cached: the trapped EVALSHA
 * then runs when Redis continues (an uncached one would answer NOSCRIPT and never run).
 */
const warmUp = (endpoint: SessionEndpoint, method: string, path: string) => call(endpoint, method, path, 'warm-up');

async function mintIds(endpoint: SessionEndpoint, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await call(endpoint, 'POST');
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { sessionId: string }).sessionId);
  }
  return ids;
}

describe('a claim whose answer is lost loses nothing', () => {
  it('a sign-out whose claim Redis runs after the store gave up (paused past timeoutMs): 503; a retry inside its lease answers pending and calls no one; after it, the retry revokes every id', async () => {
    const { endpoint, service, trap } = await endpointOnRedis({ leaseMs: LEASE_MS });
    const ids = await mintIds(endpoint, 3);
    await warmUp(endpoint, 'POST', `${PATH}/logout`);
    trap.arm();
    const lost = await call(endpoint, 'POST', `${PATH}/logout`);
    expect(lost.status).toBe(503);
    await trap.resumed();
    const early = (await (await call(endpoint, 'POST', `${PATH}/logout`)).json()) as { pending: string[]; complete: boolean; reason: string };
    expect(early).toMatchObject({ complete: false, reason: 'sign-out-in-progress' });
    expect(sorted(early.pending)).toEqual(sorted(ids));
    expect(service.calls).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 200));
    const retry = await call(endpoint, 'POST', `${PATH}/logout`);
    expect(retry.status).toBe(200);
    const answer = (await retry.json()) as { revoked: string[] };
    expect(sorted(answer.revoked)).toEqual(sorted(ids));
    expect(sorted(new Set(service.calls))).toEqual(sorted(ids));
  });

  it('a DELETE whose claim Redis runs after the store gave up: 503; a retry inside its lease 502 without a call; after it, the retry revokes the id', async () => {
    const { endpoint, service, trap } = await endpointOnRedis({ leaseMs: LEASE_MS });
    const [id] = await mintIds(endpoint, 1);
    await warmUp(endpoint, 'DELETE', `${PATH}/ses_unknown`);
    trap.arm();
    expect((await call(endpoint, 'DELETE', `${PATH}/${id}`)).status).toBe(503);
    await trap.resumed();
    expect((await call(endpoint, 'DELETE', `${PATH}/${id}`)).status).toBe(502);
    expect(service.calls).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 200));
    expect((await call(endpoint, 'DELETE', `${PATH}/${id}`)).status).toBe(204);
    expect(service.calls).toEqual([id]);
  });

  it('Redis killed after running a sign-out whose answer was lost, and started again from its append-only file: the retry once the lease lapsed revokes every id', async () => {
    const { endpoint, service, trap } = await endpointOnRedis({ persistent: true, leaseMs: LEASE_MS });
    const ids = await mintIds(endpoint, 3);
    await warmUp(endpoint, 'POST', `${PATH}/logout`);
    trap.arm();
    expect((await call(endpoint, 'POST', `${PATH}/logout`)).status).toBe(503);
    await trap.resumed();
    const running = server;
    if (!running) throw new Error('no redis-server');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await running.stop({ abruptly: true, keepDir: true });
    server = await startRedisServer({ port: running.port, dir: running.dir, persistent: true });
    await expect.poll(() => clients[0]?.isReady, { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 200));
    const retry = await call(endpoint, 'POST', `${PATH}/logout`);
    expect(retry.status).toBe(200);
    expect(sorted(((await retry.json()) as { revoked: string[] }).revoked)).toEqual(sorted(ids));
    expect(sorted(new Set(service.calls))).toEqual(sorted(ids));
  });
});

describe('a failed revocation stays pending and is retried', () => {
  it('the logout answer names it failed and pending; a sign-out during its backoff leaves it; the next one after revokes it, and onRevoke counts the retry', async () => {
    const { endpoint, service, revocations } = await endpointOnRedis({ retryMs: 400 });
    const ids = await mintIds(endpoint, 3);
    service.failing.add(ids[1] ?? '');
    const first = (await (await call(endpoint, 'POST', `${PATH}/logout`)).json()) as { revoked: string[]; failed: { sessionId: string }[]; pending: string[]; complete: boolean };
    expect(sorted(first.revoked)).toEqual(sorted([ids[0] ?? '', ids[2] ?? '']));
    expect(first.failed.map(({ sessionId }) => sessionId)).toEqual([ids[1]]);
    expect(first.pending).toEqual([ids[1]]);
    expect(first.complete).toBe(false);
    service.failing.clear();
    expect(await endpoint.logoutViewer('ada'), 'a failed id was retried during its backoff').toMatchObject({ revoked: [], pending: [ids[1]], complete: false, reason: 'sign-out-in-progress' });
    await new Promise((resolve) => setTimeout(resolve, 450));
    const second = await endpoint.logoutViewer('ada');
    expect(second).toEqual({ revoked: [ids[1]], failed: [], pending: [], complete: true });
    expect(revocations.filter((report) => report.retry).map(({ sessionId, outcome }) => ({ sessionId, outcome }))).toEqual([{ sessionId: ids[1], outcome: 'revoked' }]);
  });

  it('the sweep (revokePending) revokes a failed id, and a claim whose answer was lost once its lease lapsed, then drops the hints', async () => {
    const { endpoint, service, trap, client } = await endpointOnRedis({ leaseMs: LEASE_MS, retryMs: 1 });
    const ids = await mintIds(endpoint, 2);
    service.failing.add(ids[0] ?? '');
    expect((await call(endpoint, 'DELETE', `${PATH}/${ids[0]}`)).status).toBe(502);
    await warmUp(endpoint, 'DELETE', `${PATH}/ses_unknown`);
    trap.arm();
    expect((await call(endpoint, 'DELETE', `${PATH}/${ids[1]}`)).status).toBe(503);
    await trap.resumed();
    service.failing.clear();
    expect(await endpoint.revokePending()).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 1 });
    expect(service.calls).toEqual([ids[0], ids[0]]);
    expect(await client.hLen('durable:pending')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 200));
    expect(await endpoint.revokePending()).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(service.calls).toEqual([ids[0], ids[0], ids[1]]);
    expect(await client.hLen('durable:pending')).toBe(0);
  });
});
