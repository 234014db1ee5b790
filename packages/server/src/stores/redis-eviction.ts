/**
 * The Redis store's eviction check. Every ledger key has a TTL, so a Redis that evicts under memory
 * pressure (`volatile-*` policies evict exactly such keys first, `allkeys-*` any key) can drop ids
 * that still work, and a sign-out would then not revoke them. So the store reads each primary's
 * `maxmemory-policy` before its first command and again after every reconnect (and when a cluster's
 * primaries change): `CONFIG GET maxmemory-policy`, or, where a managed service disables `CONFIG`,
 * the `maxmemory_policy` line of `INFO memory`. Anything but `noeviction`, or a policy neither
 * shows, refuses every operation (`store-unavailable`, naming the setting and the fix); with
 * `allowEviction: true` the store runs and reports it once per connection, and its ledger is never
 * whole while the last check found a policy that may evict (`mayEvict()`): a sign-out then never
 * answers complete, for an evicted key leaves no trace a sign-out could find.
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import { EndpointError, ENDPOINT_ERROR_CODES } from '../errors.js';
import type { PrimaryClient, RedisConnection, RedisStoreClient } from './redis-connection.js';

/** The one policy under which Redis never evicts a key. */
const NO_EVICTION = 'noeviction';

/** Options of {@link guardEviction}. */
interface EvictionGuardOptions {
  connection: RedisConnection;
  /** Run on a Redis that may evict, reporting it, instead of refusing. */
  allowEviction: boolean;
  /** How long reading the policies may take, ms (the store's `timeoutMs`). */
  timeoutMs: number;
}

/** The connection with the check in front of it, and what the store offers of it. */
interface EvictionGuard {
  /** The same connection; every command waits for the check of the current connection(s). */
  connection: RedisConnection;
  /** Resolves once the policies are read and allowed; rejects as the operations would. */
  ready(): Promise<void>;
  /** Where the eviction reports go (the endpoint's `onError`); reports made before wait for it. */
  reportTo(reporter: (error: EndpointError) => void): void;
  /** Whether the last check found a primary that may evict (run anyway, with `allowEviction`). */
  mayEvict(): boolean;
}

/** One primary's policy as read: a policy name, or `unknown` when neither `CONFIG GET` nor `INFO` shows it. */
interface PolicyReading {
  where: string;
  policy: string;
}

/** Puts the eviction check in front of `connection`. */
export function guardEviction(options: EvictionGuardOptions): EvictionGuard {
  const { connection } = options;
  const reports = createReportQueue();
  let checked: Promise<void> | null = null;
  let evicting = false;
  let seen = { layout: connection.layout(), reconnects: connection.reconnects() };
  const markStale = () => {
    checked = null;
  };
  const ensure = (): Promise<void> => {
    const now = { layout: connection.layout(), reconnects: connection.reconnects() };
    if (now.layout !== seen.layout || now.reconnects !== seen.reconnects) markStale();
    seen = now;
    checked ??= checkPolicies(options, reports.report).then((found) => {
      evicting = found;
    });
    const current = checked;
    current.catch(() => {
      if (checked === current) markStale(); // a refusal or a failed read is read again next time: a fixed policy takes effect
    });
    return current;
  };
  if (connection.isReady()) ensure().catch(() => undefined);
  const guarded: RedisConnection = {
    ...connection,
    isReady: () => {
      const ready = connection.isReady();
      if (!ready) markStale(); // a client without `ready` events: down now means a new connection later
      return ready;
    },
    send: async (command) => {
      await ensure();
      return connection.send(command);
    },
    nodeFor: async (key) => {
      await ensure();
      return connection.nodeFor(key);
    },
  };
  return { connection: guarded, ready: ensure, reportTo: reports.attach, mayEvict: () => evicting };
}

/** Reports kept until the endpoint attaches its reporter, then passed on at once. */
function createReportQueue() {
  const waiting: EndpointError[] = [];
  let reporter: ((error: EndpointError) => void) | null = null;
  return {
    report: (error: EndpointError) => {
      if (reporter) reporter(error);
      else waiting.push(error);
    },
    attach: (given: (error: EndpointError) => void) => {
      reporter = given;
      for (const error of waiting.splice(0)) given(error);
    },
  };
}

/**
 * Reads every primary's policy: resolves when all are `noeviction` (false), or when one may evict and
 * eviction is allowed (true, reported); rejects otherwise.
 */
async function checkPolicies(options: EvictionGuardOptions, report: (error: EndpointError) => void): Promise<boolean> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let readings: PolicyReading[];
  try {
    readings = await Promise.all((await options.connection.primaries()).map((primary) => readPolicy(primary, signal)));
  } catch (error) {
    throw new EndpointError(
      ENDPOINT_CODES.storeUnavailable,
      `The Redis store could not read Redis' maxmemory-policy (${error instanceof Error ? error.message : String(error)}); check that Redis runs and that the client can reach it`,
      { cause: error },
    );
  }
  const evicting = readings.filter((reading) => reading.policy !== NO_EVICTION);
  if (evicting.length === 0) return false;
  if (!options.allowEviction) throw new EndpointError(ENDPOINT_CODES.storeUnavailable, refusal(evicting));
  report(new EndpointError(ENDPOINT_ERROR_CODES.storeMayEvict, warning(evicting)));
  return true;
}

/** What was read, for people: `allkeys-lru (the server)`, `could not be read (127.0.0.1:7001)`. */
function describe(evicting: PolicyReading[]): string {
  return evicting.map(({ where, policy }) => (policy === 'unknown' ? `could not be read: neither CONFIG GET nor INFO shows it (${where})` : `${policy} (${where})`)).join(', ');
}

function refusal(evicting: PolicyReading[]): string {
  return `The Redis store refuses to run: Redis' maxmemory-policy is ${describe(evicting)}, and a Redis that evicts can drop ledger keys, so a sign-out would not revoke ids that still work. `
    + 'Set maxmemory-policy to noeviction (in redis.conf, with CONFIG SET maxmemory-policy noeviction, or in your managed service\'s parameter group or settings), '
    + 'or pass allowEviction: true to createRedisStore to run anyway, reported through onError once per connection';
}

function warning(evicting: PolicyReading[]): string {
  return `The Redis store runs with allowEviction: Redis' maxmemory-policy is ${describe(evicting)}; evicted ledger keys mean ids a sign-out does not revoke, so no sign-out answers complete (ledger-incomplete). Set maxmemory-policy to noeviction`;
}

/** One primary's `maxmemory-policy`: `CONFIG GET`, else `INFO memory`, else `unknown`; a connection's failure rejects. */
async function readPolicy(primary: PrimaryClient, signal: AbortSignal): Promise<PolicyReading> {
  const fromConfig = await refusedAsNull(primary.client, ['CONFIG', 'GET', NAME], signal);
  const configured = fromConfig === null ? null : policyOfConfig(fromConfig);
  if (configured) return { where: primary.where, policy: configured };
  const info = await refusedAsNull(primary.client, ['INFO', 'memory'], signal);
  const line = /^maxmemory_policy:(\S+)/m.exec(String(info ?? ''));
  return { where: primary.where, policy: line?.[1] ?? 'unknown' };
}

const NAME = 'maxmemory-policy';

/** The reply, or `null` when Redis refused the command (an error reply: `ERR unknown command`, `NOPERM`); any other failure rejects. */
async function refusedAsNull(client: RedisStoreClient, words: string[], signal: AbortSignal): Promise<unknown> {
  try {
    return await client.sendCommand(words, { abortSignal: signal });
  } catch (error) {
    if (error instanceof Error && /^[A-Z]+ /.test(error.message) && !signal.aborted) return null;
    throw error;
  }
}

/** The policy in `CONFIG GET`'s reply: a flat array on RESP2, a map (an object or a `Map`) on RESP3. */
function policyOfConfig(reply: unknown): string | null {
  if (Array.isArray(reply)) return reply.length >= 2 && String(reply[0]) === NAME ? String(reply[1]) : null;
  if (reply instanceof Map) return reply.has(NAME) ? String(reply.get(NAME)) : null;
  if (typeof reply === 'object' && reply !== null && NAME in reply) return String((reply as Record<string, unknown>)[NAME]);
  return null;
}
