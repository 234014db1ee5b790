export { createRedisStore, DEFAULT_REDIS_PREFIX, DEFAULT_REDIS_TIMEOUT_MS } from './redis-store.js';
export type { RedisStoreOptions } from './redis-store.js';
export type { RedisStoreClient } from './redis-command.js';
