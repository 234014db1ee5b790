/**
 * The Redis store's options, checked, with their defaults: which client (a single server's or a
 * cluster's), the key prefix, the timeout, and how many replicas must hold a write before the
 * endpoint relies on it.
 */
import { EndpointError } from '../errors.js';
import { redisConnection, type RedisConnection, type RedisStoreClient, type RedisStoreCluster } from './redis-connection.js';
import { guardEviction } from './redis-eviction.js';
import { checkPrefix } from './redis-keys.js';

/** The key prefix when none is given. */
export const DEFAULT_REDIS_PREFIX = 'svc-embed:';
/** How long an operation may wait for Redis before it is refused, when `timeoutMs` is not given. */
export const DEFAULT_REDIS_TIMEOUT_MS = 1000;
/** How long a write may wait for its replicas' acknowledgement, when `replicaTimeoutMs` is not given. */
export const DEFAULT_REPLICA_TIMEOUT_MS = 250;

/** The store on one Redis server (or a primary with replicas): give `client`. */
export interface RedisClientOption {
  /**
   * A connected client from `createClient(...)` of the `redis` package; the store never connects
   * or closes it.
   */
  client: RedisStoreClient;
  /** Not with `client`. */
  cluster?: never;
}

/** The store on a Redis Cluster: give `cluster`. */
export interface RedisClusterOption {
  /**
   * A connected client from `createCluster(...)` of the `redis` package; the store never connects
   * or closes it. Each viewer's keys share one hash slot, so each operation runs on the one
   * primary that owns it.
   */
  cluster: RedisStoreCluster;
  /** Not with `cluster`. */
  client?: never;
}

/** The Redis store's settings, the same for a single server and a cluster. */
export interface RedisStoreSettings {
  /**
   * Prefix of every key the store writes. Default `svc-embed:`. Give each application sharing a
   * Redis its own. It may not hold `{` or `}`: the store puts each viewer's id in braces (a hash tag).
   */
  prefix?: string;
  /**
   * How long an operation may wait for Redis, ms; past it the operation rejects (and the endpoint
   * answers 503). A client that is not connected rejects at once. Default 1000.
   */
  timeoutMs?: number;
  /**
   * How many replicas of the primary must hold a recorded id (and a sign-out, and the sweep's
   * hint) before the store resolves: the store sends `WAIT <replicas> <replicaTimeoutMs>` after the
   * write, on the same connection. Without that many acknowledgements in time, the operation
   * rejects: the endpoint revokes the new id and answers 503, as when Redis is down. Default 0
   * (the primary's answer is enough; a failover may lose what the primary had not yet passed on).
   */
  replicas?: number;
  /** How long a write may wait for its replicas, ms; at most half of `timeoutMs`. Default 250. */
  replicaTimeoutMs?: number;
  /**
   * Run on a Redis whose `maxmemory-policy` is not `noeviction` (or cannot be read). By default the
   * store reads each primary's policy before its first command and after each reconnect, and
   * refuses every operation (`store-unavailable`, 503) on a Redis that may evict: an evicted ledger
   * key is an id a sign-out does not revoke. `true` runs anyway and reports it through the
   * endpoint's `onError` (code `store-may-evict`) once per connection; its ledger is then never
   * whole (an evicted key leaves no trace), so no sign-out answers complete: each says
   * `ledger-incomplete`. Default false.
   */
  allowEviction?: boolean;
}

/**
 * Options of `createRedisStore`: `client` (a single server, or a primary with replicas) or
 * `cluster` (a Redis Cluster), exactly one, and the settings.
 * @example
 * import { createClient } from 'redis';
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = createRedisStore({ client, prefix: 'acme:embed:', replicas: 1 });
 * @example
 * import { createCluster } from 'redis';
 * const cluster = await createCluster({ rootNodes: [{ url: process.env.REDIS_CLUSTER_URL }] }).connect();
 * const store = createRedisStore({ cluster, replicas: 1 });
 */
export type RedisStoreOptions = (RedisClientOption | RedisClusterOption) & RedisStoreSettings;

/** How many replicas must hold a write: none (the primary's answer is enough), or some, within a time. */
type ReplicaWait = { kind: 'primary-only' } | { kind: 'replicas'; replicas: number; timeoutMs: number };

/** The options checked, with every default filled in. */
interface ResolvedRedisOptions {
  connection: RedisConnection;
  /** The eviction check in front of `connection`: `ready()` and `reportTo()` of the store. */
  eviction: Pick<ReturnType<typeof guardEviction>, 'ready' | 'reportTo' | 'mayEvict'>;
  prefix: string;
  timeoutMs: number;
  replicaWait: ReplicaWait;
}

const invalid = (message: string) => new EndpointError('invalid-options', message);

/**
 * Checks `createRedisStore`'s options and fills in the defaults.
 * @throws {EndpointError} `invalid-options`, naming the option and what to write
 */
export function resolveRedisOptions(options: RedisStoreOptions): ResolvedRedisOptions {
  if (!options || typeof options !== 'object') throw invalid('createRedisStore needs an options object: { client } or { cluster }, and prefix, timeoutMs, replicas');
  const timeoutMs = positiveInteger('timeoutMs', options.timeoutMs, DEFAULT_REDIS_TIMEOUT_MS);
  const replicaWait = checkReplicaWait(options, timeoutMs);
  if ('now' in options) throw invalid('now is no longer an option of the Redis store: it reads Redis\' own clock (TIME) for every expiry and lease; leave it out');
  const allowEviction = options.allowEviction ?? false;
  if (typeof allowEviction !== 'boolean') throw invalid(`allowEviction must be true or false (got ${JSON.stringify(allowEviction)}); leave it out to refuse a Redis that may evict`);
  const client = redisConnection({ client: options.client, cluster: options.cluster, waitsForReplicas: replicaWait.kind === 'replicas' });
  const { connection, ...eviction } = guardEviction({ connection: client, allowEviction, timeoutMs });
  return {
    connection,
    eviction,
    prefix: checkPrefix(options.prefix ?? DEFAULT_REDIS_PREFIX),
    timeoutMs,
    replicaWait,
  };
}

function positiveInteger(name: string, given: unknown, fallback: number): number {
  const value = given ?? fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw invalid(`the Redis store's ${name} must be a positive integer of ms (got ${String(value)}); leave it out for the default ${fallback}`);
  }
  return value;
}

function checkReplicaWait(options: RedisStoreOptions, timeoutMs: number): ReplicaWait {
  const replicas = options.replicas ?? 0;
  if (typeof replicas !== 'number' || !Number.isSafeInteger(replicas) || replicas < 0) {
    throw invalid(`the Redis store's replicas must be a whole number of replicas, 0 or more (got ${String(replicas)}); 1 waits for one replica of each primary`);
  }
  const replicaTimeoutMs = positiveInteger('replicaTimeoutMs', options.replicaTimeoutMs, DEFAULT_REPLICA_TIMEOUT_MS);
  if (replicas === 0) return { kind: 'primary-only' };
  if (replicaTimeoutMs * 2 > timeoutMs) {
    throw invalid(`the Redis store's replicaTimeoutMs (${replicaTimeoutMs}) must be at most half of its timeoutMs (${timeoutMs}): a write may wait for the batch before it, then for its own replicas`);
  }
  return { kind: 'replicas', replicas, timeoutMs: replicaTimeoutMs };
}
