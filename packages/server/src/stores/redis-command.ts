/**
 * Runs the store's scripts on the customer's client, and never waits long: a client that is not
 * connected refuses at once (nothing queued for later), and a command Redis has not answered within
 * `timeoutMs` is withdrawn from the client's queue (its abort signal) and refused.
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

/** Options of {@link createScriptRunner}. */
export interface ScriptRunnerOptions {
  client: RedisStoreClient;
  /** How long a script may take from the moment it is queued, ms. */
  timeoutMs: number;
}

/** Runs `script` on one key with its arguments; resolves with Redis' reply. */
export type RunScript = (script: RedisScript, key: string, args: string[]) => Promise<unknown>;

/** Makes the function the store runs its scripts with. */
export function createScriptRunner(options: ScriptRunnerOptions): RunScript {
  return (script, key, args) => runScript(options, script, key, args);
}

async function runScript(options: ScriptRunnerOptions, script: RedisScript, key: string, args: string[]): Promise<unknown> {
  if (!options.client.isReady) {
    throw new EndpointError(
      'store-unavailable',
      `The Redis store's client is not connected, so ${script.name} was not sent; connect it (await client.connect()) and check that Redis runs at its URL`,
    );
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const reply = evalScript(options.client, script, [key, ...args], controller.signal);
    return await Promise.race([reply, rejectOnAbort(controller.signal)]);
  } catch (error) {
    throw storeError(error, { script, timedOut: controller.signal.aborted, timeoutMs: options.timeoutMs });
  } finally {
    clearTimeout(timer);
  }
}

/** EVALSHA, then EVAL with the source when the server does not have the script (a fresh or restarted Redis). */
async function evalScript(client: RedisStoreClient, script: RedisScript, keyAndArgs: string[], abortSignal: AbortSignal): Promise<unknown> {
  try {
    return await client.sendCommand(['EVALSHA', script.sha, '1', ...keyAndArgs], { abortSignal });
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return client.sendCommand(['EVAL', script.source, '1', ...keyAndArgs], { abortSignal });
  }
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The store's rejections are `EndpointError`s coded `store-unavailable`; the message says why and what to check. */
function storeError(error: unknown, context: { script: RedisScript; timedOut: boolean; timeoutMs: number }): EndpointError {
  if (error instanceof EndpointError) return error;
  if (context.timedOut) {
    return new EndpointError(
      'store-unavailable',
      `Redis did not answer the store's ${context.script.name} within ${context.timeoutMs} ms; check the server and the network, or raise the store's timeoutMs`,
      { cause: error },
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new EndpointError(
    'store-unavailable',
    `The Redis store's ${context.script.name} failed (${reason}); check that Redis runs and that the client can reach it`,
    { cause: error },
  );
}
