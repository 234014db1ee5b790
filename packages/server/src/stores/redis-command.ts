/**
 * Sends the store's scripts and commands on the customer's client, and never waits long: a client
 * that is not connected refuses at once (nothing queued for later), and a command Redis has not
 * answered within `timeoutMs` is withdrawn from the client's queue (its abort signal) and refused.
 * A command withdrawn after Redis received it may still run: every operation of the store is
 * written so that running it with its answer lost loses nothing (claims lease, they never delete).
 */
import type { RedisScript } from './redis-scripts.js';
import { EndpointError } from '../errors.js';

/**
 * What the Redis store needs of a client: a connected client from `createClient(...)` of the official
 * `redis` package (v5 or v6) has both.
 */
export interface RedisStoreClient {
  /** True while the client is connected and ready; the store refuses at once when it is not. */
  readonly isReady: boolean;
  /** Sends one raw command. */
  sendCommand(args: string[], options?: { abortSignal?: AbortSignal }): Promise<unknown>;
}

/** Options of {@link createRedisRunner}. */
export interface RedisRunnerOptions {
  client: RedisStoreClient;
  /** How long a command may take from the moment it is queued, ms. */
  timeoutMs: number;
}

/** Runs the store's scripts and plain commands, each within the timeout. */
export interface RedisRunner {
  /** Runs `script` on `keys` with `args`; resolves with Redis' reply. */
  script(script: RedisScript, keys: readonly string[], args: readonly string[]): Promise<unknown>;
  /** Sends one plain command (`name` for messages, then its words); resolves with Redis' reply. */
  command(name: string, words: readonly string[]): Promise<unknown>;
}

/** Makes the runner the store sends everything with. */
export function createRedisRunner(options: RedisRunnerOptions): RedisRunner {
  return {
    script: (script, keys, args) => withinTimeout(options, script.name, (signal) => evalScript({ client: options.client, script, words: [String(keys.length), ...keys, ...args], signal })),
    command: (name, words) => withinTimeout(options, name, (signal) => options.client.sendCommand([...words], { abortSignal: signal })),
  };
}

async function withinTimeout(options: RedisRunnerOptions, name: string, send: (signal: AbortSignal) => Promise<unknown>): Promise<unknown> {
  if (!options.client.isReady) {
    throw new EndpointError(
      'store-unavailable',
      `The Redis store's client is not connected, so ${name} was not sent; connect it (await client.connect()) and check that Redis runs at its URL`,
    );
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    return await Promise.race([send(controller.signal), rejectOnAbort(controller.signal)]);
  } catch (error) {
    throw storeError(error, { name, timedOut: controller.signal.aborted, timeoutMs: options.timeoutMs });
  } finally {
    clearTimeout(timer);
  }
}

/** EVALSHA, then EVAL with the source when the server does not have the script (a fresh or restarted Redis). */
async function evalScript(call: { client: RedisStoreClient; script: RedisScript; words: string[]; signal: AbortSignal }): Promise<unknown> {
  try {
    return await call.client.sendCommand(['EVALSHA', call.script.sha, ...call.words], { abortSignal: call.signal });
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return call.client.sendCommand(['EVAL', call.script.source, ...call.words], { abortSignal: call.signal });
  }
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The store's rejections are `EndpointError`s coded `store-unavailable`; the message says why and what to check. */
function storeError(error: unknown, context: { name: string; timedOut: boolean; timeoutMs: number }): EndpointError {
  if (error instanceof EndpointError) return error;
  if (context.timedOut) {
    return new EndpointError(
      'store-unavailable',
      `Redis did not answer the store's ${context.name} within ${context.timeoutMs} ms; check the server and the network, or raise the store's timeoutMs`,
      { cause: error },
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new EndpointError(
    'store-unavailable',
    `The Redis store's ${context.name} failed (${reason}); check that Redis runs and that the client can reach it`,
    { cause: error },
  );
}
