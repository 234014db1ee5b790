/**
 * The Redis store: every viewer's ledger in one Redis (a single server, or a Redis Cluster), shared
 * by all the endpoint's instances. The key layout is in redis-keys.ts, the scripts in
 * redis-scripts.ts, the clients in redis-connection.ts; this file turns the store's operations into
 * them and reads their replies. With `replicas`, the writes the endpoint relies on after a failover
 * (a recorded id, a sign-out, the sweep's hint) wait for the replicas (replica-acks.ts).
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import { randomUUID } from 'node:crypto';
import { EndpointError } from '../errors.js';
import { createRedisRunner } from './redis-command.js';
import { hintsKey, viewerKeys } from './redis-keys.js';
import {
  ADD_SCRIPT, CLAIM_PENDING_SCRIPT, CLAIM_SCRIPT, COUNT_MINT_SCRIPT, DROP_HINT_SCRIPT, SETTLE_SCRIPT, SIGN_OUT_SCRIPT,
} from './redis-scripts.js';
import { resolveRedisOptions, type RedisStoreOptions } from './redis-store-options.js';
import { createReplicaAcks } from './replica-acks.js';
import type { AddOutcome, ClaimedIds, ClaimOutcome, MintCount, PendingHint, SessionStore } from './session-store.js';

/** The Redis store: a {@link SessionStore}, and its eviction check. */
export interface RedisStore extends SessionStore {
  /**
   * Resolves once every primary's `maxmemory-policy` is read and is `noeviction` (or `allowEviction`
   * is set); rejects with the `EndpointError` every operation would reject with (`store-unavailable`,
   * naming the setting and the fix). Await it before your server listens to refuse to start on a
   * Redis that may evict.
   */
  ready(): Promise<void>;
  /**
   * Where the store's reports go (with `allowEviction`, one per connection to a Redis that may
   * evict): `createSessionEndpoint` passes its `onError` here. Reports made before wait for it.
   */
  reportTo(reporter: (error: EndpointError) => void): void;
}

/**
 * A {@link SessionStore} in Redis, for an endpoint that runs on several instances (or restarts):
 * every instance sharing the Redis sees every id minted for a viewer. Each operation is atomic, on
 * one viewer's keys (one hash slot: one primary of a cluster). An operation rejects, and never
 * hangs, when Redis is down or slow: with an `EndpointError` coded `store-unavailable` whose
 * message says why (not connected, no answer within `timeoutMs`, too few replicas, an error, a
 * `maxmemory-policy` that may evict the ledger's keys: see `allowEviction`).
 * @throws {EndpointError} `invalid-options` for a prefix with `{` or `}`, a cluster client given as
 *   `client` (or a single server's as `cluster`), or `replicas`/`replicaTimeoutMs` out of range
 * @example
 * const endpoint = createSessionEndpoint({ ...options, store: createRedisStore({ client }) });
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const { connection, eviction, prefix, timeoutMs, replicaWait, now: clock } = resolveRedisOptions(options);
  const now = () => String(clock());
  const replicaAcks = replicaWait.kind === 'replicas'
    ? createReplicaAcks({ connection, replicas: replicaWait.replicas, timeoutMs: replicaWait.timeoutMs, deadlineMs: timeoutMs })
    : null;
  const run = createRedisRunner({ connection, timeoutMs, replicaAcks });
  const ledger = (viewerId: string) => {
    const keys = viewerKeys(prefix, viewerId);
    return { keys, pair: [keys.ids, keys.revoking], withSignOuts: [keys.ids, keys.revoking, keys.signOuts] };
  };
  const hints = hintsKey(prefix);
  return {
    ready: () => eviction.ready(),
    reportTo: (reporter) => eviction.reportTo(reporter),
    countMint: async ({ viewerId, now: at, windowMs }) => {
      const { keys } = ledger(viewerId);
      return readMintCount(await run.script({ script: COUNT_MINT_SCRIPT, keys: [keys.mints, keys.signOuts], args: [String(at), String(windowMs)], ack: 'primary' }));
    },
    add: async ({ viewerId, sessionId, expiresAt, signOutsSeen, leaseUntil }) => {
      const args = [now(), sessionId, String(expiresAt), String(signOutsSeen), String(leaseUntil)];
      return readWord(await run.script({ script: ADD_SCRIPT, keys: ledger(viewerId).withSignOuts, args, ack: 'replicas' }), ['recorded', 'signed-out'], 'add');
    },
    claim: async ({ viewerId, sessionId, leaseUntil }) =>
      readWord(await run.script({ script: CLAIM_SCRIPT, keys: ledger(viewerId).pair, args: [now(), sessionId, String(leaseUntil)], ack: 'primary' }), ['claimed', 'reclaimed', 'absent'], 'claim'),
    signOut: async ({ viewerId, leaseUntil, rememberUntil }) =>
      readClaimed(await run.script({ script: SIGN_OUT_SCRIPT, keys: ledger(viewerId).withSignOuts, args: [now(), String(leaseUntil), String(rememberUntil)], ack: 'replicas' })),
    claimPending: async ({ viewerId, leaseUntil }) => {
      const ids = readIds(await run.script({ script: CLAIM_PENDING_SCRIPT, keys: ledger(viewerId).pair, args: [now(), String(leaseUntil)], ack: 'primary' }), 'claimPending');
      return { ids, reclaimed: [...ids] };
    },
    settle: async ({ viewerId, revoked, failed }) =>
      readIds(await run.script({ script: SETTLE_SCRIPT, keys: ledger(viewerId).pair, args: [now(), String(revoked.length), ...revoked, ...failed], ack: 'primary' }), 'settle'),
    hint: async (viewerId) => {
      const token = randomUUID();
      await run.command({ name: 'hint', key: hints, words: ['HSET', hints, viewerId, token], ack: 'replicas' });
      return token;
    },
    dropHint: async ({ viewerId, token }) => {
      await run.script({ script: DROP_HINT_SCRIPT, keys: [hints], args: [viewerId, token], ack: 'primary' });
    },
    listHints: async ({ cursor, count }) =>
      readHints(await run.command({ name: 'listHints', key: hints, words: ['HSCAN', hints, cursor, 'COUNT', String(count)], ack: 'primary' })),
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
    ENDPOINT_CODES.storeUnavailable,
    `The Redis store's ${operation} got a reply of an unexpected shape (${typeof reply}); is a key under the store's prefix used by something else?`,
  );
}
