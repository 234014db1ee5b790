/**
 * Sends the store's scripts and commands on the customer's client, and never waits long: a client
 * that is not connected refuses at once (nothing queued for later), and a command Redis has not
 * answered within `timeoutMs` is withdrawn from the client's queue (its abort signal) and refused.
 * A command withdrawn after Redis received it may still run: every operation of the store is
 * written so that running it with its answer lost loses nothing (claims lease, they never delete).
 * A write that must survive a failover goes through the replica acknowledgements (replica-acks.ts).
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import type { Acknowledgement, RedisScript } from './redis-scripts/define-script.js';
import { EndpointError } from '../errors.js';
import type { RedisConnection } from './redis-connection.js';
import type { ReplicaAcks } from './replica-acks.js';

/** Options of {@link createRedisRunner}. */
interface RedisRunnerOptions {
  connection: RedisConnection;
  /** How long a command may take from the moment it is queued, ms. */
  timeoutMs: number;
  /** The writer that waits for replicas; `null` when the store does not wait for them. */
  replicaAcks: ReplicaAcks | null;
}

/** One script to run. */
interface ScriptCall {
  script: Pick<RedisScript<{ viewerId?: string }, unknown>, 'name' | 'lua' | 'sha'>;
  /** The keys it touches, all of one viewer (one hash slot); the first one routes it. */
  keys: readonly string[];
  args: readonly string[];
  ack: Acknowledgement;
}

/** One plain command to send. */
interface CommandCall {
  /** What it is, for messages. */
  name: string;
  /** The one key it touches, which routes it. */
  key: string;
  /** The command and its arguments. */
  words: readonly string[];
  ack: Acknowledgement;
}

/** Runs the store's scripts and plain commands, each within the timeout. */
interface RedisRunner {
  /** Runs a script; resolves with Redis' reply. */
  script(call: ScriptCall): Promise<unknown>;
  /** Sends one plain command; resolves with Redis' reply. */
  command(call: CommandCall): Promise<unknown>;
}

/** Makes the runner the store sends everything with. */
export function createRedisRunner(options: RedisRunnerOptions): RedisRunner {
  const sender = (key: string, ack: Acknowledgement, signal: AbortSignal) => (words: string[]) => {
    const command = { key, words, signal };
    return ack === 'replicas' && options.replicaAcks ? options.replicaAcks.write(command) : options.connection.send(command);
  };
  return {
    script: ({ script, keys, args, ack }) => withinTimeout(options, script.name, (signal) =>
      evalScript({ send: sender(keys[0] ?? '', ack, signal), script, words: [String(keys.length), ...keys, ...args] })),
    command: ({ name, key, words, ack }) => withinTimeout(options, name, (signal) => sender(key, ack, signal)([...words])),
  };
}

async function withinTimeout(options: RedisRunnerOptions, name: string, send: (signal: AbortSignal) => Promise<unknown>): Promise<unknown> {
  if (!options.connection.isReady()) {
    throw new EndpointError(
      ENDPOINT_CODES.storeUnavailable,
      `The Redis store's client is not connected, so ${name} was not sent; connect it (await client.connect()) and check that Redis runs at its URL`,
    );
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    return await Promise.race([send(controller.signal), rejectOnAbort(controller.signal)]);
  } catch (error) {
    throw storeError(error, { name, timedOut: controller.signal.aborted, timeoutMs: options.timeoutMs, kind: options.connection.kind });
  } finally {
    clearTimeout(timer);
  }
}

/** EVALSHA, then EVAL with the source when the server does not have the script (a fresh or restarted Redis). */
async function evalScript(call: { send: (words: string[]) => Promise<unknown>; script: ScriptCall['script']; words: string[] }): Promise<unknown> {
  try {
    return await call.send(['EVALSHA', call.script.sha, ...call.words]);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return call.send(['EVAL', call.script.lua, ...call.words]);
  }
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The store's rejections are `EndpointError`s coded `store-unavailable`; the message says why and what to check. */
function storeError(error: unknown, context: { name: string; timedOut: boolean; timeoutMs: number; kind: RedisConnection['kind'] }): EndpointError {
  if (error instanceof EndpointError) return error;
  if (context.timedOut) {
    return new EndpointError(
      ENDPOINT_CODES.storeUnavailable,
      `Redis did not answer the store's ${context.name} within ${context.timeoutMs} ms; check the server and the network, or raise the store's timeoutMs`,
      { cause: error },
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (context.kind === 'server' && reason.startsWith('MOVED')) {
    return new EndpointError(
      ENDPOINT_CODES.storeUnavailable,
      `Redis answered the store's ${context.name} with MOVED: the server is one node of a Redis Cluster; connect with createCluster({ rootNodes }) and give it to the store as cluster instead of client`,
      { cause: error },
    );
  }
  return new EndpointError(
    ENDPOINT_CODES.storeUnavailable,
    `The Redis store's ${context.name} failed (${reason}); check that Redis runs and that the client can reach it`,
    { cause: error },
  );
}
