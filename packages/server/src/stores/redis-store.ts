/**
 * The Redis store: every viewer's ledger in one Redis (a single server, or a Redis Cluster), shared
 * by all the endpoint's instances. The key layout is in redis-keys.ts, the scripts in
 * redis-scripts/ (one file per script: keys, arguments, Lua and reply parser together), the clients
 * in redis-connection.ts; this file runs them. Every expiry and lease is on Redis' clock (`TIME`,
 * inside the scripts). With `replicas`, the writes the endpoint relies on after a failover (a
 * recorded id, a sign-out, the sweep's hint) wait for the replicas (replica-acks.ts).
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import { randomUUID } from 'node:crypto';
import { EndpointError } from '../errors.js';
import { createRedisRunner } from './redis-command.js';
import { hintsKey, keyOf } from './redis-keys.js';
import { ADD } from './redis-scripts/add.js';
import { CLAIM_PENDING } from './redis-scripts/claim-pending.js';
import { CLAIM } from './redis-scripts/claim.js';
import { COUNT_MINT } from './redis-scripts/count-mint.js';
import { COUNT_PENDING } from './redis-scripts/count-pending.js';
import type { RedisScript } from './redis-scripts/define-script.js';
import { DROP_HINT } from './redis-scripts/drop-hint.js';
import { HORIZON } from './redis-scripts/horizon.js';
import { SETTLE } from './redis-scripts/settle.js';
import { SIGN_OUT } from './redis-scripts/sign-out.js';
import { resolveRedisOptions, type RedisStoreOptions } from './redis-store-options.js';
import { createReplicaAcks } from './replica-acks.js';
import type { LedgerHorizon, PendingCount, PendingHint, SessionStore } from './session-store.js';

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
  const { connection, eviction, prefix, timeoutMs, replicaWait } = resolveRedisOptions(options);
  const replicaAcks = replicaWait.kind === 'replicas'
    ? createReplicaAcks({ connection, replicas: replicaWait.replicas, timeoutMs: replicaWait.timeoutMs, deadlineMs: timeoutMs })
    : null;
  const run = createRedisRunner({ connection, timeoutMs, replicaAcks });
  const runScript = async <I extends { viewerId?: string }, R>(script: RedisScript<I, R>, input: I): Promise<R> => {
    const keys = script.keys.map((name) => keyOf(prefix, input.viewerId ?? '', name));
    const reply = await run.script({ script, keys, args: script.args(input).map(String), ack: script.ack });
    const parsed = script.parse(reply);
    if (parsed === undefined) throw unexpectedReply(script.name, reply);
    return parsed;
  };
  const hints = hintsKey(prefix);
  const listHints: SessionStore['listHints'] = async ({ cursor, count }) => {
    const reply = await run.command({ name: 'listHints', key: hints, words: ['HSCAN', hints, cursor, 'COUNT', String(count)], ack: 'primary' });
    const page = hintsPageOf(reply);
    if (page === undefined) throw unexpectedReply('listHints', reply);
    return page;
  };
  const horizon = createHorizonMark(() => runScript(HORIZON, {}));
  return {
    ready: () => eviction.ready(),
    reportTo: (reporter) => eviction.reportTo(reporter),
    countMint: (attempt) => runScript(COUNT_MINT, attempt),
    add: async (entry) => {
      await horizon.markOnce();
      return runScript(ADD, entry);
    },
    claim: (claim) => runScript(CLAIM, claim),
    signOut: (signOut) => runScript(SIGN_OUT, signOut),
    claimPending: (claim) => runScript(CLAIM_PENDING, claim),
    settle: (settlement) => runScript(SETTLE, settlement),
    hint: async (viewerId) => {
      const token = randomUUID();
      await run.command({ name: 'hint', key: hints, words: ['HSET', hints, viewerId, token], ack: 'replicas' });
      return token;
    },
    dropHint: async (hint) => {
      await runScript(DROP_HINT, hint);
    },
    listHints,
    countPending: () => countHintedPending({ listHints, countViewer: (viewerId) => runScript(COUNT_PENDING, { viewerId }) }),
    horizon: async () => wholeUnlessEvicting({ read: await horizon.read(), mayEvict: eviction.mayEvict() }),
  };
}

/**
 * The horizon as read, or now when Redis may evict (run with `allowEviction`): an evicted ledger key
 * leaves no trace, so such a ledger is never whole and a sign-out never answers complete.
 */
function wholeUnlessEvicting({ read, mayEvict }: { read: LedgerHorizon; mayEvict: boolean }): LedgerHorizon {
  return mayEvict ? { since: read.now, now: read.now } : read;
}

/**
 * The ledger's horizon key, read (and written when missing) by each sign-out, and written once
 * before this instance's first recorded id, so a ledger's horizon starts with its first mint rather
 * than its first sign-out. A flush later is found by the next sign-out, which writes it anew.
 */
function createHorizonMark(read: () => Promise<LedgerHorizon>) {
  let marked = false;
  return {
    read,
    markOnce: async () => {
      if (marked) return;
      await read();
      marked = true;
    },
  };
}

/** Viewers counted at once by `countPending`. */
const COUNT_CONCURRENCY = 8;

/**
 * `countPending` of the Redis store: every hinted viewer (a viewer with pending ids is hinted before
 * its ids are claimed) counted on its own node, the figures summed. Reads one script per hinted viewer.
 */
async function countHintedPending(reads: { listHints: SessionStore['listHints']; countViewer: (viewerId: string) => Promise<PendingCount> }): Promise<PendingCount> {
  const total: PendingCount = { ids: 0, oldestAgeMs: null };
  const seen = new Set<string>();
  let cursor = '0';
  do {
    const page = await reads.listHints({ cursor, count: 100 });
    const viewers = page.hints.map((hint) => hint.viewerId).filter((viewerId) => !seen.has(viewerId));
    for (const viewerId of viewers) seen.add(viewerId);
    for (let start = 0; start < viewers.length; start += COUNT_CONCURRENCY) {
      const counts = await Promise.all(viewers.slice(start, start + COUNT_CONCURRENCY).map(reads.countViewer));
      for (const count of counts) addCount(total, count);
    }
    cursor = page.cursor;
  } while (cursor !== '0');
  return total;
}

function addCount(total: PendingCount, count: PendingCount): void {
  total.ids += count.ids;
  if (count.oldestAgeMs !== null) total.oldestAgeMs = Math.max(total.oldestAgeMs ?? 0, count.oldestAgeMs);
}

function hintsPageOf(reply: unknown): { hints: PendingHint[]; cursor: string } | undefined {
  if (!Array.isArray(reply) || reply.length !== 2 || !Array.isArray(reply[1])) return undefined;
  const [cursor, words] = reply as [unknown, unknown[]];
  const hints: PendingHint[] = [];
  for (let index = 0; index + 1 < words.length; index += 2) hints.push({ viewerId: String(words[index]), token: String(words[index + 1]) });
  return { hints, cursor: String(cursor) };
}

function unexpectedReply(operation: string, reply: unknown): EndpointError {
  return new EndpointError(
    ENDPOINT_CODES.storeUnavailable,
    `The Redis store's ${operation} got a reply of an unexpected shape (${typeof reply}); is a key under the store's prefix used by something else?`,
  );
}
