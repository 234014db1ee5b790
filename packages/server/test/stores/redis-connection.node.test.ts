// How the Redis store tells the two clients apart and reaches Redis through each, on objects shaped
// as the `redis` package's clients are. No Redis: what is read here is only the shape of the client
// given and what the store passes on to it (the suites in redis-store and redis-cluster run the same
// paths on real clients).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { redisConnection, type RedisStoreClient, type RedisStoreCluster } from '../../src/stores/redis-connection.js';

/** One call to a client's `sendCommand`, as received. */
type Sent = unknown[];

/** A single server's client: `sendCommand(args, options)`, `isReady`, `ready` events. */
function fakeClient(sent: Sent[] = []) {
  return Object.assign(new EventEmitter(), {
    isReady: true,
    sendCommand: async (...call: unknown[]) => {
      sent.push(call);
      return 'OK';
    },
  });
}

/** A cluster client: `sendCommand(firstKey, isReadonly, args, options)`, and as much of its layout as given. */
function fakeCluster(sent: Sent[] = [], layout: Partial<Pick<RedisStoreCluster, 'masters' | 'nodeClient' | 'getNodeClientForKey'>> = {}) {
  return Object.assign(new EventEmitter(), {
    isReady: true,
    sendCommand: async (...call: unknown[]) => {
      sent.push(call);
      return 'OK';
    },
    getSlotMaster: () => undefined,
    ...layout,
  });
}

const asClient = (value: unknown) => value as RedisStoreClient;
const asCluster = (value: unknown) => value as RedisStoreCluster;
const command = (key: string) => ({ key, words: ['GET', key], signal: new AbortController().signal });

describe('telling a cluster client from a single server\'s', () => {
  it('takes a client with masters, or with getSlotMaster, as a cluster client (refused as client)', () => {
    const withMasters = { isReady: true, sendCommand: async () => 'OK', masters: [] };
    const withSlotMaster = { isReady: true, sendCommand: async () => 'OK', getSlotMaster: () => undefined };
    for (const given of [withMasters, withSlotMaster]) {
      expect(() => redisConnection({ client: asClient(given), waitsForReplicas: false })).toThrow(expect.objectContaining({
        code: 'invalid-options',
        message: expect.stringContaining('client is a Redis Cluster client (from createCluster); pass it as cluster instead'),
      }));
      expect(redisConnection({ cluster: asCluster(given), waitsForReplicas: false }).kind).toBe('cluster');
    }
  });

  it('refuses null, and a function, as client: a client is an object with sendCommand', () => {
    const functionWithSendCommand = Object.assign(() => undefined, { isReady: true, sendCommand: async () => 'OK' });
    for (const given of [null, functionWithSendCommand]) {
      expect(() => redisConnection({ client: asClient(given), waitsForReplicas: false })).toThrow(expect.objectContaining({
        code: 'invalid-options',
        message: expect.stringContaining('client must be a client from createClient(...) of the redis package (it has no sendCommand)'),
      }));
    }
  });

  it('refuses a cluster without sendCommand, saying where it comes from', () => {
    expect(() => redisConnection({ cluster: asCluster({ masters: [] }), waitsForReplicas: false })).toThrow(expect.objectContaining({
      code: 'invalid-options',
      message: expect.stringContaining('cluster must be a client from createCluster(...) of the redis package (it has no sendCommand)'),
    }));
  });
});

describe("a single server's connection", () => {
  it('sends each command with its abort signal, so a command past the timeout leaves the queue', async () => {
    const sent: Sent[] = [];
    const connection = redisConnection({ client: asClient(fakeClient(sent)), waitsForReplicas: false });
    const given = command('svc:{ada}:ids');
    await connection.send(given);
    expect(sent).toEqual([[['GET', 'svc:{ada}:ids'], { abortSignal: given.signal }]]);
  });

  it("has the empty layout, which never changes, and counts the client's ready events", () => {
    const client = fakeClient();
    const connection = redisConnection({ client: asClient(client), waitsForReplicas: false });
    expect(connection.layout()).toBe('');
    expect(connection.reconnects()).toBe(0);
    client.emit('ready');
    client.emit('ready');
    expect(connection.reconnects()).toBe(2);
  });
});

describe("a cluster's connection", () => {
  it('routes each command by its key as a write, with its abort signal', async () => {
    const sent: Sent[] = [];
    const connection = redisConnection({ cluster: asCluster(fakeCluster(sent)), waitsForReplicas: false });
    const given = command('svc:{ada}:ids');
    await connection.send(given);
    expect(sent).toEqual([['svc:{ada}:ids', false, ['GET', 'svc:{ada}:ids'], { abortSignal: given.signal }]]);
  });

  it('says which redis version it needs when asked for a key\'s node without getNodeClientForKey', async () => {
    const connection = redisConnection({ cluster: asCluster(fakeCluster()), waitsForReplicas: false });
    await expect(connection.nodeFor('svc:{ada}:ids')).rejects.toThrow('this cluster client has no getNodeClientForKey (redis 6.1 and later)');
  });

  it("hands out the key's node from getNodeClientForKey", async () => {
    const node = fakeClient();
    const asked: string[] = [];
    const getNodeClientForKey = async (key: string) => {
      asked.push(key);
      return asClient(node);
    };
    const connection = redisConnection({ cluster: asCluster(fakeCluster([], { getNodeClientForKey })), waitsForReplicas: true });
    expect(await connection.nodeFor('svc:{ada}:ids')).toBe(node);
    expect(asked).toEqual(['svc:{ada}:ids']);
  });

  it("lays out as its primaries' addresses, and as nothing before it knows them", () => {
    expect(redisConnection({ cluster: asCluster(fakeCluster()), waitsForReplicas: false }).layout()).toBe('');
    const masters = [{ address: '10.0.0.1:7000' }, { address: '10.0.0.2:7000' }];
    expect(redisConnection({ cluster: asCluster(fakeCluster([], { masters })), waitsForReplicas: false }).layout()).toBe('10.0.0.1:7000 10.0.0.2:7000');
  });

  it("counts node-ready events, not ready ones", () => {
    const cluster = fakeCluster();
    const connection = redisConnection({ cluster: asCluster(cluster), waitsForReplicas: false });
    cluster.emit('ready');
    cluster.emit('node-ready');
    expect(connection.reconnects()).toBe(1);
  });

  it('reads a cluster client without masters and nodeClient through one node it picks, as a write with the signal', async () => {
    const sent: Sent[] = [];
    const connection = redisConnection({ cluster: asCluster(fakeCluster(sent)), waitsForReplicas: false });
    const primaries = await connection.primaries();
    expect(primaries).toHaveLength(1);
    const [only] = primaries;
    expect(only?.where).toBe('a node of the cluster');
    expect(only?.client.isReady).toBe(true);
    const signal = new AbortController().signal;
    expect(await only?.client.sendCommand(['CONFIG', 'GET', 'maxmemory-policy'], { abortSignal: signal })).toBe('OK');
    expect(sent).toEqual([[undefined, false, ['CONFIG', 'GET', 'maxmemory-policy'], { abortSignal: signal }]]);
  });

  // A cluster client with masters but no nodeClient (not the redis package's) is read through one node, never called as one.
  it('reads a cluster client with masters but without nodeClient through one node it picks', async () => {
    const sent: Sent[] = [];
    const masters = [{ address: '10.0.0.1:7000' }, { address: '10.0.0.2:7000' }];
    const connection = redisConnection({ cluster: asCluster(fakeCluster(sent, { masters })), waitsForReplicas: false });
    const primaries = await connection.primaries();
    expect(primaries.map((primary) => primary.where)).toEqual(['a node of the cluster']);
    expect(await primaries[0]?.client.sendCommand(['CONFIG', 'GET', 'maxmemory-policy'])).toBe('OK');
    expect(sent).toEqual([[undefined, false, ['CONFIG', 'GET', 'maxmemory-policy'], undefined]]);
  });

  it("reads every primary through its own node client when the cluster client has masters and nodeClient", async () => {
    const masters = [{ address: '10.0.0.1:7000' }, { address: '10.0.0.2:7000' }];
    const nodes = new Map(masters.map((master) => [master.address, fakeClient()]));
    const cluster = fakeCluster([], { masters });
    const connection = redisConnection({
      cluster: asCluster(Object.assign(cluster, {
        nodeClient(this: unknown, master: { address: string }) {
          expect(this).toBe(cluster);
          return Promise.resolve(asClient(nodes.get(master.address)));
        },
      })),
      waitsForReplicas: false,
    });
    const primaries = await connection.primaries();
    expect(primaries.map((primary) => primary.where)).toEqual(['10.0.0.1:7000', '10.0.0.2:7000']);
    expect(primaries.map((primary) => primary.client)).toEqual([...nodes.values()]);
  });
});
