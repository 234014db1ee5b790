/**
 * The Redis store: every viewer's ledger in one Redis, shared by all the endpoint's instances.
 *
 * Keys (with the `prefix` option, default `svc-embed:`):
 * - `<prefix>ledger:<viewerId>`: a sorted set of the viewer's session ids scored by their expiry;
 *   the key expires with its latest member.
 * - `<prefix>mints:<viewerId>`: a hash of the viewer's mint counters (this window and the one
 *   before); the key expires two windows after the latest attempt.
 *
 * Each operation is one Lua script (see redis-scripts.ts), so it is atomic. The store only imports
 * types from `redis`: the customer passes their own connected client.
 */
import type { MintCount, SessionStore } from './session-store.js';
import { createScriptRunner, type RedisStoreClient, type RunScript } from './redis-command.js';
import { ADD_SCRIPT, CLAIM_ALL_SCRIPT, CLAIM_SCRIPT, COUNT_MINT_SCRIPT } from './redis-scripts.js';
import { EndpointError } from '../errors.js';

/** The key prefix when none is given. */
export const DEFAULT_REDIS_PREFIX = 'svc-embed:';
/** How long an operation may wait for Redis before it is refused, when `timeoutMs` is not given. */
export const DEFAULT_REDIS_TIMEOUT_MS = 1000;

/**
 * Options of {@link createRedisStore}.
 * @example
 * import { createClient } from 'redis';
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = createRedisStore({ client, prefix: 'acme:embed:' });
 */
export interface RedisStoreOptions {
  /** A connected client from `createClient(...)` of the `redis` package; the store never connects or closes it. */
  client: RedisStoreClient;
  /** Prefix of every key the store writes. Default `svc-embed:`. Give each application sharing a Redis its own. */
  prefix?: string;
  /**
   * How long an operation may wait for Redis, ms; past it the operation rejects (and the endpoint
   * answers 503). A client that is not connected rejects at once. Default 1000.
   */
  timeoutMs?: number;
  /** Clock, epoch ms, for expiries and the mint window. Default `Date.now`. */
  now?: () => number;
}

/**
 * A {@link SessionStore} in Redis, for an endpoint that runs on several instances (or restarts):
 * every instance sharing the Redis sees every id minted for a viewer. Each operation is atomic.
 * An operation rejects, and never hangs, when Redis is down or slow: with an `EndpointError` coded
 * `store-unavailable` whose message says why (not connected, no answer within `timeoutMs`, an error).
 * @example
 * const endpoint = createSessionEndpoint({ ...options, store: createRedisStore({ client }) });
 */
export function createRedisStore(options: RedisStoreOptions): SessionStore {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const now = options.now ?? Date.now;
  const run = createScriptRunner({ client: options.client, timeoutMs: options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS });
  const keys = { ledger: (viewerId: string) => `${prefix}ledger:${viewerId}`, mints: (viewerId: string) => `${prefix}mints:${viewerId}` };
  return {
    add: async (viewerId, sessionId, expiresAt) => {
      await run(ADD_SCRIPT, keys.ledger(viewerId), [String(now()), sessionId, String(expiresAt)]);
    },
    claim: async (viewerId, sessionId) =>
      readClaimed(await run(CLAIM_SCRIPT, keys.ledger(viewerId), [String(now()), sessionId])),
    claimAll: async (viewerId) => readIds(await run(CLAIM_ALL_SCRIPT, keys.ledger(viewerId), [String(now())])),
    countMint: ({ viewerId, now: at, windowMs }) => countMint(run, { key: keys.mints(viewerId), at, windowMs }),
  };
}

async function countMint(run: RunScript, mint: { key: string; at: number; windowMs: number }): Promise<MintCount> {
  const reply = await run(COUNT_MINT_SCRIPT, mint.key, [String(mint.at), String(mint.windowMs)]);
  if (!Array.isArray(reply) || reply.length !== 3) throw unexpectedReply('countMint', reply);
  const [windowStart, current, previous] = reply.map(Number) as [number, number, number];
  if (![windowStart, current, previous].every(Number.isFinite)) throw unexpectedReply('countMint', reply);
  return { windowStart, current, previous };
}

function readClaimed(reply: unknown): boolean {
  if (reply !== 0 && reply !== 1) throw unexpectedReply('claim', reply);
  return reply === 1;
}

function readIds(reply: unknown): string[] {
  if (!Array.isArray(reply)) throw unexpectedReply('claimAll', reply);
  return reply.map((id) => String(id));
}

function unexpectedReply(operation: string, reply: unknown): EndpointError {
  return new EndpointError(
    'store-unavailable',
    `The Redis store's ${operation} got a reply of an unexpected shape (${typeof reply}); is the prefix's key used by something else?`,
  );
}
