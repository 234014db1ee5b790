/**
 * The two clients the Redis store takes, and how a command reaches Redis through each: a single
 * server's client (`createClient`) sends everything on its one connection; a cluster client
 * (`createCluster`) routes each command by its key to the primary that owns the key's hash slot.
 * The store only imports types from `redis`: the customer passes their own connected client.
 */
import { EndpointError } from '../errors.js';

/**
 * What the Redis store needs of a single server's client: a connected client from `createClient(...)`
 * of the official `redis` package (v5 or v6) has both.
 */
export interface RedisStoreClient {
  /** True while the client is connected and ready; the store refuses at once when it is not. */
  readonly isReady: boolean;
  /** Sends one raw command. */
  sendCommand(args: string[], options?: { abortSignal?: AbortSignal }): Promise<unknown>;
  /** Listens for `ready`, emitted on each (re)connect: the store then reads `maxmemory-policy` again. */
  on?(event: 'ready', listener: () => void): unknown;
}

/**
 * What the Redis store needs of a Redis Cluster client: a connected client from `createCluster(...)`
 * of the official `redis` package has it (v5 or v6; with `replicas`, 6.1 or later, for
 * `getNodeClientForKey`).
 */
export interface RedisStoreCluster {
  /** True once the client has learnt the cluster's layout; the store refuses at once before. */
  readonly isReady: boolean;
  /** Sends one raw command to the primary that owns `firstKey`'s hash slot. */
  sendCommand(firstKey: string | undefined, isReadonly: boolean | undefined, args: string[], options?: { abortSignal?: AbortSignal }): Promise<unknown>;
  /** The client of the primary that owns `key`'s hash slot (redis 6.1 and later). */
  getNodeClientForKey?(key: string): Promise<RedisStoreClient>;
  /** The primaries the client knows now (each has its `address`); the store reads each one's `maxmemory-policy`. */
  readonly masters?: readonly { readonly address: string }[];
  /** The client of one of {@link masters}. */
  nodeClient?(node: { readonly address: string }): Promise<RedisStoreClient>;
  /** Listens for `node-ready`, emitted when a node's client (re)connects: the store then reads the policies again. */
  on?(event: 'node-ready', listener: () => void): unknown;
}

/** How the store reaches Redis, whichever the client. */
export interface RedisConnection {
  /** `server`: one connection to one Redis; `cluster`: a connection per primary, by hash slot. */
  readonly kind: 'server' | 'cluster';
  /** Whether commands can be sent now. */
  isReady(): boolean;
  /** Sends one command, routed by `key` (the first key it touches). */
  send(command: RoutedCommand): Promise<unknown>;
  /**
   * The client of the one connection that reaches the primary owning `key`'s slot: a write and
   * the `WAIT` that follows it must share it. A single server's client is its own.
   */
  nodeFor(key: string): Promise<RedisStoreClient>;
  /** Each primary's client, with where it is for messages: the one server, or every primary of a cluster. */
  primaries(): Promise<PrimaryClient[]>;
  /** The primaries' addresses as one string, which changes when the cluster's layout does (`''` for one server). */
  layout(): string;
  /**
   * How many times a connection (to the server, or to a node of a cluster) got ready since the
   * store first asked; it grows on each reconnect. Always 0 for a client without `ready` events.
   */
  reconnects(): number;
}

/** One primary's client, and where it is (for messages). */
export interface PrimaryClient {
  /** `host:port` of a cluster's node, `the server` for a single server's client. */
  where: string;
  client: RedisStoreClient;
}

/** One command and where it goes. */
export interface RoutedCommand {
  /** The first key it touches; on a cluster, the command goes to the primary owning its slot. */
  key: string;
  words: string[];
  signal: AbortSignal;
}

/** The store's `client` and `cluster` options, as given. */
interface RedisClientOptions {
  client?: RedisStoreClient;
  cluster?: RedisStoreCluster;
  /** Whether the store will wait for replicas (it then needs a cluster's node clients). */
  waitsForReplicas: boolean;
}

const invalid = (message: string) => new EndpointError('invalid-options', message);

/**
 * The connection over the client given: `client` (from `createClient`) or `cluster` (from
 * `createCluster`), exactly one of them, each of its kind.
 * @throws {EndpointError} `invalid-options`, saying which client was given where and what to write
 */
export function redisConnection(options: RedisClientOptions): RedisConnection {
  const { client, cluster } = options;
  if (client !== undefined && cluster !== undefined) {
    throw invalid('createRedisStore takes either client (from createClient) or cluster (from createCluster), not both');
  }
  if (cluster !== undefined) return clusterConnection(checkCluster(cluster, options.waitsForReplicas));
  if (client !== undefined) return serverConnection(checkClient(client));
  throw invalid('createRedisStore needs a connected client of the redis package: { client } from createClient(...), or { cluster } from createCluster(...)');
}

/** A cluster client knows the cluster's layout (`masters`, `getSlotMaster` in redis v5 and v6); a single server's client does not. */
function isClusterClient(value: object): boolean {
  return 'masters' in value || typeof (value as { getSlotMaster?: unknown }).getSlotMaster === 'function';
}

function hasSendCommand(value: unknown): value is object {
  return typeof value === 'object' && value !== null && typeof (value as { sendCommand?: unknown }).sendCommand === 'function';
}

function checkClient(client: RedisStoreClient): RedisStoreClient {
  if (!hasSendCommand(client)) throw invalid('client must be a client from createClient(...) of the redis package (it has no sendCommand)');
  if (isClusterClient(client)) {
    throw invalid('client is a Redis Cluster client (from createCluster); pass it as cluster instead: createRedisStore({ cluster })');
  }
  return client;
}

function checkCluster(cluster: RedisStoreCluster, waitsForReplicas: boolean): RedisStoreCluster {
  if (!hasSendCommand(cluster)) throw invalid('cluster must be a client from createCluster(...) of the redis package (it has no sendCommand)');
  if (!isClusterClient(cluster)) {
    throw invalid('cluster is a single-server client (from createClient); pass it as client instead, or connect to the cluster with createCluster({ rootNodes })');
  }
  if (waitsForReplicas && typeof cluster.getNodeClientForKey !== 'function') {
    throw invalid('replicas on a Redis Cluster needs the redis package 6.1 or later (its cluster client\'s getNodeClientForKey); upgrade redis, or leave replicas out');
  }
  return cluster;
}

function serverConnection(client: RedisStoreClient): RedisConnection {
  return {
    kind: 'server',
    isReady: () => client.isReady,
    send: ({ words, signal }) => client.sendCommand(words, { abortSignal: signal }),
    nodeFor: async () => client,
    primaries: async () => [{ where: 'the server', client }],
    layout: () => '',
    reconnects: reconnectCounter(client, 'ready'),
  };
}

function clusterConnection(cluster: RedisStoreCluster): RedisConnection {
  return {
    kind: 'cluster',
    isReady: () => cluster.isReady,
    send: ({ key, words, signal }) => cluster.sendCommand(key, false, words, { abortSignal: signal }),
    nodeFor: async (key) => {
      if (!cluster.getNodeClientForKey) throw new Error('this cluster client has no getNodeClientForKey (redis 6.1 and later)');
      return cluster.getNodeClientForKey(key);
    },
    primaries: () => clusterPrimaries(cluster),
    layout: () => cluster.masters?.map((master) => master.address).join(' ') ?? '',
    reconnects: reconnectCounter(cluster, 'node-ready'),
  };
}

/** Each client's count of `ready` events: one listener per client, however many stores share it. */
const readyCounts = new WeakMap<object, { count: number }>();

/** A reader of `emitter`'s count of `event`s, listening once per client. */
function reconnectCounter(emitter: { on?(event: never, listener: () => void): unknown }, event: 'ready' | 'node-ready'): () => number {
  let counted = readyCounts.get(emitter);
  if (!counted) {
    const made = { count: 0 };
    (emitter.on as ((name: string, listener: () => void) => unknown) | undefined)?.call(emitter, event, () => {
      made.count += 1;
    });
    readyCounts.set(emitter, made);
    counted = made;
  }
  const found = counted;
  return () => found.count;
}

/**
 * Every primary of the cluster with its client; a cluster client without `masters` (not the
 * `redis` package's) is read through one node it picks, as `a node of the cluster`.
 */
async function clusterPrimaries(cluster: RedisStoreCluster): Promise<PrimaryClient[]> {
  const { masters, nodeClient } = cluster;
  if (!masters || typeof nodeClient !== 'function') {
    return [{ where: 'a node of the cluster', client: { isReady: cluster.isReady, sendCommand: (args, options) => cluster.sendCommand(undefined, false, args, options) } }];
  }
  return Promise.all(masters.map(async (master) => ({ where: master.address, client: await nodeClient.call(cluster, master) })));
}
