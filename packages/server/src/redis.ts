export { createRedisStore } from './stores/redis-store.js';
export type { RedisStore } from './stores/redis-store.js';
export { DEFAULT_REDIS_PREFIX, DEFAULT_REDIS_TIMEOUT_MS, DEFAULT_REPLICA_TIMEOUT_MS } from './stores/redis-store-options.js';
export type { RedisClientOption, RedisClusterOption, RedisStoreOptions, RedisStoreSettings } from './stores/redis-store-options.js';
export type { RedisStoreClient, RedisStoreCluster } from './stores/redis-connection.js';
