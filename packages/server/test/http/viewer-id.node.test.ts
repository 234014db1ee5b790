// Viewer ids the ledger cannot key by (issue 38, item 7), on a real redis-server and a real Redis
// Cluster (three primaries; both started for this file and stopped by their pids after it). A lone
// surrogate reaches Redis as U+FFFD, so before ids were checked two viewers whose ids differ only in
// one shared a ledger (the second viewer's DELETE of the first's id answered 204), and on a cluster
// the client and the server put such a key in different hash slots ("Too many Cluster
// redirections", 503). Now each such id is refused, 500 `invalid-viewer-id`, reported, and nothing
// is written to Redis.
import { createCluster } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionEndpoint, type SessionEndpointOptions } from '../../src/index.js';
import { createRedisStore, type RedisStoreOptions } from '../../src/redis.js';
import { startRedisCluster } from '../../../../bench/redis-cluster.mjs';
import { browserRequest, json, ORIGIN, PATH } from '../support/endpoint-fixture.js';
import { prefixMaker } from '../support/redis-ledger-state.js';
import { makeClient, startRedisServer, type RedisClient, type RedisServer } from '../support/redis-server.js';

const makeCluster = (rootNodes: { url: string }[]) => createCluster({ rootNodes });
type Cluster = ReturnType<typeof makeCluster>;
type LocalCluster = Awaited<ReturnType<typeof startRedisCluster>>;

let server: RedisServer | undefined;
let client: RedisClient | undefined;
let local: LocalCluster | undefined;
let cluster: Cluster | undefined;

beforeAll(async () => {
  server = await startRedisServer();
  client = await makeClient(server.url).connect();
  local = await startRedisCluster({ primaries: 3, replicasPerPrimary: 0 });
  cluster = await makeCluster(local.rootNodes).on('error', () => undefined).connect();
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([client?.close(), cluster?.close()]);
  await server?.stop();
  await local?.stop();
});

const freshPrefix = prefixMaker('viewer-id');

/** Every key under `prefix`, on the one server and on each primary of the cluster. */
async function keysUnder(prefix: string): Promise<string[]> {
  const found = await requireValue(client).keys(`${prefix}*`);
  for (const primary of requireValue(cluster).masters) found.push(...(await (await requireValue(cluster).nodeClient(primary)).keys(`${prefix}*`)));
  return found;
}

/** The viewer is named by `x-viewer`; `<name>~high` and `<name>~low` end in a lone high or low surrogate. */
const surrogateViewer: SessionEndpointOptions['viewer'] = (request) => {
  const name = request.headers.get('x-viewer');
  if (!name) return null;
  return { id: name.replace(/~high$/, '\uD800').replace(/~low$/, '\uDC00') };
};

function endpointOn(store: RedisStoreOptions) {
  const service = { minted: [] as string[], revoked: [] as string[] };
  const errors: string[] = [];
  const endpoint = createSessionEndpoint({
    path: PATH,
    allowedOrigins: [ORIGIN],
    viewer: surrogateViewer,
    mint: async () => {
      service.minted.push(`ses_${service.minted.length + 1}`);
      return `ses_${service.minted.length}`;
    },
    revoke: async (sessionId) => {
      service.revoked.push(sessionId);
    },
    store: createRedisStore(store),
    onError: (_error, report) => errors.push(report.code),
  });
  return { endpoint, service, errors };
}

const stores: [string, (prefix: string) => RedisStoreOptions][] = [
  ['one redis-server', (prefix) => ({ client: requireValue(client), prefix })],
  ['a Redis Cluster of three primaries', (prefix) => ({ cluster: requireValue(cluster), prefix })],
];

function requireValue<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Redis did not start: see beforeAll');
  return value;
}

describe.each(stores)('viewer ids with a lone surrogate, on %s', (_where, storeOptions) => {
  it('never share a ledger: the second viewer\'s DELETE of the first\'s id is refused, not 204, and nothing is written', async () => {
    const prefix = freshPrefix();
    const { endpoint, service, errors } = endpointOn(storeOptions(prefix));
    const minted = await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada~high' }));
    const sessionId = minted.status === 200 ? (await json(minted)).sessionId : 'ses_1';
    const deleted = await endpoint.fetch(browserRequest('DELETE', `${PATH}/${encodeURIComponent(sessionId)}`, { viewer: 'ada~low' }));
    expect([minted.status, deleted.status]).toEqual([500, 500]);
    expect((await json(deleted)).error.code).toBe('invalid-viewer-id');
    expect(service.minted).toEqual([]);
    expect(service.revoked).toEqual([]);
    expect(errors).toEqual(['invalid-viewer-id', 'invalid-viewer-id']);
    expect(await keysUnder(prefix)).toEqual([]);
  });

  it('answers every one of 24 such viewers 500 invalid-viewer-id (no 503 from cluster redirections), and writes nothing', async () => {
    const prefix = freshPrefix();
    const { endpoint, service } = endpointOn(storeOptions(prefix));
    const viewers = Array.from({ length: 24 }, (_, index) => `viewer-${index}~${index % 2 ? 'high' : 'low'}`);
    const answers = await Promise.all(viewers.map((viewer) => endpoint.fetch(browserRequest('POST', PATH, { viewer }))));
    const codes = await Promise.all(answers.map(async (answer) => `${answer.status} ${(await json(answer)).error?.code ?? ''}`));
    expect(codes).toEqual(viewers.map(() => '500 invalid-viewer-id'));
    expect(service.minted).toEqual([]);
    expect(await keysUnder(prefix)).toEqual([]);
  });
});
