export { createRedisStore, DEFAULT_REDIS_PREFIX, DEFAULT_REDIS_TIMEOUT_MS } from './stores/redis-store.js';
export type { RedisStoreOptions } from './stores/redis-store.js';
export type { RedisStoreClient } from './stores/redis-command.js';
