/**
 * The Redis store: every viewer's ledger in one Redis, shared by all the endpoint's instances. The
 * key layout is in redis-keys.ts, the scripts in redis-scripts.ts; this file turns the store's
 * operations into them and reads their replies. The store only imports types from `redis`: the
 * customer passes their own connected client.
 */
import { randomUUID } from 'node:crypto';
import { EndpointError } from '../errors.js';
import { createRedisRunner, type RedisStoreClient } from './redis-command.js';
import { checkPrefix, hintsKey, viewerKeys } from './redis-keys.js';
import {
  ADD_SCRIPT, CLAIM_PENDING_SCRIPT, CLAIM_SCRIPT, COUNT_MINT_SCRIPT, DROP_HINT_SCRIPT, SETTLE_SCRIPT, SIGN_OUT_SCRIPT,
} from './redis-scripts.js';
import type { AddOutcome, ClaimedIds, ClaimOutcome, MintCount, PendingHint, SessionStore } from './session-store.js';

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
  /** Clock, epoch ms, for expiries and leases. Default `Date.now`. */
  now?: () => number;
}

/**
 * A {@link SessionStore} in Redis, for an endpoint that runs on several instances (or restarts):
 * every instance sharing the Redis sees every id minted for a viewer. Each operation is atomic.
 * An operation rejects, and never hangs, when Redis is down or slow: with an `EndpointError` coded
 * `store-unavailable` whose message says why (not connected, no answer within `timeoutMs`, an error).
 * @throws {EndpointError} `invalid-options` for a prefix with `{` or `}`
 * @example
 * const endpoint = createSessionEndpoint({ ...options, store: createRedisStore({ client }) });
 */
export function createRedisStore(options: RedisStoreOptions): SessionStore {
  const prefix = checkPrefix(options.prefix ?? DEFAULT_REDIS_PREFIX);
  const now = () => String((options.now ?? Date.now)());
  const run = createRedisRunner({ client: options.client, timeoutMs: options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS });
  const ledger = (viewerId: string) => {
    const keys = viewerKeys(prefix, viewerId);
    return { keys, pair: [keys.ids, keys.revoking], withSignOuts: [keys.ids, keys.revoking, keys.signOuts] };
  };
  return {
    countMint: async ({ viewerId, now: at, windowMs }) => {
      const { keys } = ledger(viewerId);
      return readMintCount(await run.script(COUNT_MINT_SCRIPT, [keys.mints, keys.signOuts], [String(at), String(windowMs)]));
    },
    add: async ({ viewerId, sessionId, expiresAt, signOutsSeen, leaseUntil }) =>
      readWord(await run.script(ADD_SCRIPT, ledger(viewerId).withSignOuts, [now(), sessionId, String(expiresAt), String(signOutsSeen), String(leaseUntil)]), ['recorded', 'signed-out'], 'add'),
    claim: async ({ viewerId, sessionId, leaseUntil }) =>
      readWord(await run.script(CLAIM_SCRIPT, ledger(viewerId).pair, [now(), sessionId, String(leaseUntil)]), ['claimed', 'reclaimed', 'absent'], 'claim'),
    signOut: async ({ viewerId, leaseUntil, rememberUntil }) =>
      readClaimed(await run.script(SIGN_OUT_SCRIPT, ledger(viewerId).withSignOuts, [now(), String(leaseUntil), String(rememberUntil)])),
    claimPending: async ({ viewerId, leaseUntil }) => {
      const ids = readIds(await run.script(CLAIM_PENDING_SCRIPT, ledger(viewerId).pair, [now(), String(leaseUntil)]), 'claimPending');
      return { ids, reclaimed: [...ids] };
    },
    settle: async ({ viewerId, revoked, failed }) =>
      readIds(await run.script(SETTLE_SCRIPT, ledger(viewerId).pair, [now(), String(revoked.length), ...revoked, ...failed]), 'settle'),
    hint: async (viewerId) => {
      const token = randomUUID();
      await run.command('hint', ['HSET', hintsKey(prefix), viewerId, token]);
      return token;
    },
    dropHint: async ({ viewerId, token }) => {
      await run.script(DROP_HINT_SCRIPT, [hintsKey(prefix)], [viewerId, token]);
    },
    listHints: async ({ cursor, count }) => readHints(await run.command('listHints', ['HSCAN', hintsKey(prefix), cursor, 'COUNT', String(count)])),
  };
}

function readMintCount(reply: unknown): MintCount {
  if (!Array.isArray(reply) || reply.length !== 4) throw unexpectedReply('countMint', reply);
  const [windowStart, current, previous, signOuts] = reply.map(Number) as [number, number, number, number];
  if (![windowStart, current, previous, signOuts].every(Number.isFinite)) throw unexpectedReply('countMint', reply);
  return { windowStart, current, previous, signOuts };
}

function readWord<W extends AddOutcome | ClaimOutcome>(reply: unknown, words: readonly W[], operation: string): W {
  const word = words.find((candidate) => candidate === String(reply));
  if (word === undefined) throw unexpectedReply(operation, reply);
  return word;
}

function readIds(reply: unknown, operation: string): string[] {
  if (!Array.isArray(reply)) throw unexpectedReply(operation, reply);
  return reply.map((id) => String(id));
}

function readClaimed(reply: unknown): ClaimedIds {
  if (!Array.isArray(reply) || reply.length !== 2) throw unexpectedReply('signOut', reply);
  return { ids: readIds(reply[0], 'signOut'), reclaimed: readIds(reply[1], 'signOut') };
}

function readHints(reply: unknown): { hints: PendingHint[]; cursor: string } {
  if (!Array.isArray(reply) || reply.length !== 2 || !Array.isArray(reply[1])) throw unexpectedReply('listHints', reply);
  const words = reply[1].map((word) => String(word));
  const hints: PendingHint[] = [];
  for (let index = 0; index + 1 < words.length; index += 2) hints.push({ viewerId: words[index] ?? '', token: words[index + 1] ?? '' });
  return { hints, cursor: String(reply[0]) };
}

function unexpectedReply(operation: string, reply: unknown): EndpointError {
  return new EndpointError(
    'store-unavailable',
    `The Redis store's ${operation} got a reply of an unexpected shape (${typeof reply}); is a key under the store's prefix used by something else?`,
  );
}
