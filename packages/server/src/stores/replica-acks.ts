/**
 * Writes that resolve only once enough replicas hold them. Redis replicates asynchronously: a
 * primary answers a write before any replica has it, and a failover to a replica that never got it
 * loses it. `WAIT numreplicas timeout` blocks until that many replicas have acknowledged every
 * write made earlier on the same connection; so each write goes out on the connection of the
 * primary that owns its key (a cluster's node client), followed on that connection by a `WAIT`.
 *
 * Group commit: one batch per primary at a time. The writes asked for while a batch waits for its
 * replicas go out together as the next batch, all in one tick (so in one write to the socket, in
 * order), then one `WAIT` for all of them. A connection lost mid-batch fails the whole batch: a
 * `WAIT` never speaks for writes sent on another connection.
 */
import { ENDPOINT_CODES } from '@svc-embed/protocol/session-endpoint';
import { EndpointError } from '../errors.js';
import type { RedisConnection, RedisStoreClient, RoutedCommand } from './redis-connection.js';

/** Options of {@link createReplicaAcks}. */
interface ReplicaAckOptions {
  connection: RedisConnection;
  /** How many replicas must hold a write before it resolves. */
  replicas: number;
  /** How long a `WAIT` may block for them, ms. */
  timeoutMs: number;
  /**
   * How long a batch may take in all, ms (the store's `timeoutMs`): past it, every write of the
   * batch is refused and the next batch may go, even if Redis never answers.
   */
  deadlineMs: number;
}

/** Sends writes that resolve with Redis' reply once `replicas` replicas have acknowledged them. */
export interface ReplicaAcks {
  /**
   * Sends `words` to the primary owning `key`'s slot and waits for the replicas.
   * @throws {EndpointError} `store-unavailable` when too few replicas acknowledged in time
   */
  write(command: RoutedCommand): Promise<unknown>;
}

/** One write waiting for its batch. */
interface Queued {
  words: string[];
  signal: AbortSignal;
  resolve(reply: unknown): void;
  reject(error: unknown): void;
}

/** A primary's batches: `idle`, a batch `scheduled` for the end of this tick, or one `in-flight` (sent, its WAIT not answered). */
type BatchPhase = 'idle' | 'scheduled' | 'in-flight';

interface NodeBatches {
  node: RedisStoreClient;
  phase: BatchPhase;
  queue: Queued[];
}

/** Makes the writer of acknowledged writes; it keeps one batch queue per primary's client. */
export function createReplicaAcks(options: ReplicaAckOptions): ReplicaAcks {
  const byNode = new WeakMap<RedisStoreClient, NodeBatches>();
  const batchesOf = (node: RedisStoreClient): NodeBatches => {
    const known = byNode.get(node);
    if (known) return known;
    const made: NodeBatches = { node, phase: 'idle', queue: [] };
    byNode.set(node, made);
    return made;
  };
  const writeOnce = async (command: RoutedCommand) => {
    const node = await options.connection.nodeFor(command.key);
    if (!node.isReady) throw new Error('the connection to the primary that owns this viewer\'s keys is down');
    return enqueue(options, batchesOf(node), command);
  };
  return {
    write: async (command) => {
      try {
        return await writeOnce(command);
      } catch (error) {
        if (!isMoved(error) || options.connection.kind !== 'cluster') throw error;
        // The slot has moved: a routed read follows the redirection and lets the client learn the new layout.
        await options.connection.send({ key: command.key, words: ['PTTL', command.key], signal: command.signal });
        return writeOnce(command);
      }
    },
  };
}

function isMoved(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('MOVED');
}

function enqueue(options: ReplicaAckOptions, batches: NodeBatches, command: RoutedCommand): Promise<unknown> {
  return new Promise((resolve, reject) => {
    batches.queue.push({ words: command.words, signal: command.signal, resolve, reject });
    if (batches.phase !== 'idle') return;
    batches.phase = 'scheduled';
    queueMicrotask(() => void sendBatch(options, batches));
  });
}

/** Sends every queued write and one WAIT behind them, in one tick; settles each write; then the next batch, if any. */
async function sendBatch(options: ReplicaAckOptions, batches: NodeBatches): Promise<void> {
  const batch = batches.queue.splice(0).filter((queued) => !queued.signal.aborted);
  if (batch.length === 0) {
    batches.phase = 'idle';
    return;
  }
  batches.phase = 'in-flight';
  try {
    const replies = batch.map((queued) => batches.node.sendCommand(queued.words, { abortSignal: queued.signal }));
    const waited = batches.node.sendCommand(['WAIT', String(options.replicas), String(options.timeoutMs)]);
    const [settled, acknowledged] = await withDeadline(Promise.all([Promise.allSettled(replies), waited.then(Number)]), options.deadlineMs);
    const shortfall = acknowledged >= options.replicas ? null : await shortfallError(options, batches.node, acknowledged);
    batch.forEach((queued, index) => settle(queued, { outcome: settled[index], shortfall }));
  } catch (error) {
    for (const queued of batch) queued.reject(error);
  }
  if (batches.queue.length > 0) {
    void sendBatch(options, batches);
    return;
  }
  batches.phase = 'idle';
}

/** A write fails with its own error, or with the batch's shortfall; else it resolves with its reply. */
function settle(queued: Queued, result: { outcome: PromiseSettledResult<unknown> | undefined; shortfall: EndpointError | null }): void {
  if (result.outcome?.status === 'rejected') {
    queued.reject(result.outcome.reason);
    return;
  }
  if (result.shortfall) {
    queued.reject(result.shortfall);
    return;
  }
  queued.resolve(result.outcome?.value);
}

/** `work`, or a rejection once `ms` have passed without its answer. */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms (a batch of writes and its WAIT, or INFO)`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why the replicas did not acknowledge: fewer replicas than asked are connected, or they were too slow. */
async function shortfallError(options: ReplicaAckOptions, node: RedisStoreClient, acknowledged: number): Promise<EndpointError> {
  const connected = await connectedReplicas(node);
  const asked = `replicas: ${options.replicas}`;
  const seen = `${acknowledged} of ${options.replicas} replica(s) acknowledged the write within ${options.timeoutMs} ms`;
  if (connected !== null && connected < options.replicas) {
    return new EndpointError(
      ENDPOINT_CODES.storeUnavailable,
      `${seen}: the primary has ${connected} replica(s) connected, fewer than the store waits for (${asked}); add replicas to every primary, or lower replicas`,
    );
  }
  return new EndpointError(
    ENDPOINT_CODES.storeUnavailable,
    `${seen} (${asked}); check the replicas' link to their primary and their lag (INFO replication), or raise replicaTimeoutMs`,
  );
}

/** How long the primary's `INFO replication` may take, when a shortfall is explained, ms. */
const INFO_TIMEOUT_MS = 200;

/** `connected_slaves` of the primary's `INFO replication`, or `null` when it cannot be read in time. */
async function connectedReplicas(node: RedisStoreClient): Promise<number | null> {
  try {
    const info = String(await withDeadline(node.sendCommand(['INFO', 'replication'], { abortSignal: AbortSignal.timeout(INFO_TIMEOUT_MS) }), INFO_TIMEOUT_MS));
    const found = /^connected_slaves:(\d+)/m.exec(info);
    return found ? Number(found[1]) : null;
  } catch {
    return null;
  }
}
