// The replica acknowledgements' own logic (replica-acks.ts), on a fake primary whose WAIT answers
// when the test says: the group commit's batches (writes of one tick in one batch with one WAIT, a
// write asked while a batch is in flight in the next one), aborted writes, a WAIT past deadlineMs,
// the shortfall's message read from INFO replication, and a cluster's MOVED. What a real primary
// and replica do is tested in redis-replicas.node.test.ts (the primary stopped past deadlineMs too).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EndpointError } from '../../src/index.js';
import type { RedisConnection, RedisStoreClient, RoutedCommand } from '../../src/stores/redis-connection.js';
import { createReplicaAcks } from '../../src/stores/replica-acks.js';

const WAIT_TIMEOUT_MS = 100;

/** One command the fake primary was sent: its words, as one string, and its abort signal. */
interface Sent {
  line: string;
  abortSignal: AbortSignal | undefined;
}

/**
 * A fake primary's client: a write answers `OK <key>` (or `refuse(words)`'s rejection), `INFO`
 * answers `info()`, and a `WAIT` answers only when the test calls `answerWait(count)` (or fails, after `failNextWait`).
 */
function fakePrimary(options: { info?: () => Promise<unknown>; refuse?: (words: string[]) => Error | null; ready?: boolean } = {}) {
  const sent: Sent[] = [];
  const waits: ((count: number) => void)[] = [];
  const waitSentListeners: (() => void)[] = [];
  let waitFailure: Error | null = null;
  const node: RedisStoreClient = {
    isReady: options.ready ?? true,
    sendCommand(words, commandOptions) {
      sent.push({ line: words.join(' '), abortSignal: commandOptions?.abortSignal });
      if (words[0] === 'WAIT') {
        for (const listener of waitSentListeners.splice(0)) listener();
        const failure = waitFailure;
        waitFailure = null;
        if (failure) return Promise.reject(failure);
        return new Promise((resolve) => waits.push(resolve));
      }
      if (words[0] === 'INFO') return options.info ? options.info() : Promise.resolve('# Replication\r\nrole:master\r\nconnected_slaves:1\r\n');
      const refused = options.refuse?.(words) ?? null;
      return refused ? Promise.reject(refused) : Promise.resolve(`OK ${words[1] ?? ''}`);
    },
  };
  return {
    node,
    sent,
    lines: () => sent.map((command) => command.line),
    /** Resolves when the next WAIT goes out (fails after 2 s, so a write that never goes fails fast). */
    waitSent: () => new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no WAIT went out within 2 s; sent: ${JSON.stringify(sent.map((command) => command.line))}`)), 2_000);
      waitSentListeners.push(() => {
        clearTimeout(timer);
        resolve();
      });
    }),
    /** The next WAIT fails with `error` (as when the connection is lost) instead of waiting. */
    failNextWait: (error: Error) => {
      waitFailure = error;
    },
    answerWait: (count: number) => {
      const answer = waits.pop();
      if (!answer) throw new Error('no WAIT is waiting for its answer');
      answer(count);
    },
  };
}

/** A connection of `kind` whose `nodeFor` hands out `nodes` in turn (the last one from then on); `routed` records `send`. */
function connectionTo(nodes: RedisStoreClient[], kind: RedisConnection['kind'] = 'server') {
  const routed: RoutedCommand[] = [];
  let asked = 0;
  const connection: RedisConnection = {
    kind,
    isReady: () => true,
    send: async (command) => {
      routed.push(command);
      return 1_000;
    },
    nodeFor: async () => {
      const node = nodes[Math.min(asked, nodes.length - 1)];
      asked += 1;
      if (!node) throw new Error('connectionTo needs a node');
      return node;
    },
    primaries: async () => [],
    layout: () => '',
    reconnects: () => 0,
  };
  return { connection, routed, nodesAsked: () => asked };
}

function acksOn(primary: ReturnType<typeof fakePrimary>, options: { replicas?: number; deadlineMs?: number } = {}) {
  return createReplicaAcks({
    connection: connectionTo([primary.node]).connection,
    replicas: options.replicas ?? 1,
    timeoutMs: WAIT_TIMEOUT_MS,
    deadlineMs: options.deadlineMs ?? 5_000,
  });
}

const live = () => new AbortController().signal;
const set = (key: string, signal = live()): RoutedCommand => ({ key, words: ['SET', key, 'v'], signal });
/** Lets every queued microtask and the next macrotask run: what was going to be sent has been. */
const settleTick = () => new Promise<void>((resolve) => setImmediate(resolve));
/** `promise`, or a failure once `ms` have passed without it (a write that never settles fails the test fast). */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
/** `promise`'s outcome, as a value: `{ value }` or `{ error }`. */
const outcomeOf = (promise: Promise<unknown>) => promise.then((value) => ({ value, error: null }), (error: unknown) => ({ value: null, error }));

afterEach(() => {
  vi.useRealTimers();
});

describe('group commit', () => {
  it('sends the writes asked in one tick together, in order, then one WAIT; each resolves with its own reply', async () => {
    const primary = fakePrimary();
    const acks = acksOn(primary);
    const waitSent = primary.waitSent();
    const writes = [acks.write(set('a')), acks.write(set('b')), acks.write(set('c'))];
    await waitSent;
    expect(primary.lines()).toEqual(['SET a v', 'SET b v', 'SET c v', `WAIT 1 ${WAIT_TIMEOUT_MS}`]);
    primary.answerWait(1);
    expect(await Promise.all(writes)).toEqual(['OK a', 'OK b', 'OK c']);
  });

  it('holds a write asked while a batch waits for its WAIT, and sends it as the next batch once that WAIT answered', async () => {
    const primary = fakePrimary();
    const acks = acksOn(primary);
    let waitSent = primary.waitSent();
    const first = acks.write(set('a'));
    await waitSent;
    const second = acks.write(set('b'));
    const third = acks.write(set('c'));
    await settleTick();
    expect(primary.lines(), 'a write went out while the batch before it waited for its replicas').toEqual(['SET a v', 'WAIT 1 100']);
    waitSent = primary.waitSent();
    primary.answerWait(1);
    expect(await first).toBe('OK a');
    await waitSent;
    expect(primary.lines()).toEqual(['SET a v', 'WAIT 1 100', 'SET b v', 'SET c v', 'WAIT 1 100']);
    primary.answerWait(1);
    expect(await Promise.all([second, third])).toEqual(['OK b', 'OK c']);
  });

  it('sends the next write at once when no batch is in flight (the queue went back to idle)', async () => {
    const primary = fakePrimary();
    const acks = acksOn(primary);
    for (const key of ['a', 'b']) {
      const waitSent = primary.waitSent();
      const write = acks.write(set(key));
      await waitSent;
      primary.answerWait(1);
      expect(await write).toBe(`OK ${key}`);
    }
    expect(primary.lines()).toEqual(['SET a v', 'WAIT 1 100', 'SET b v', 'WAIT 1 100']);
  });

  it('sends each write with its own abort signal, so the client can withdraw it', async () => {
    const primary = fakePrimary();
    const acks = acksOn(primary);
    const signal = live();
    const waitSent = primary.waitSent();
    const write = acks.write(set('a', signal));
    await waitSent;
    expect(primary.sent[0]?.abortSignal).toBe(signal);
    primary.answerWait(1);
    await write;
  });

  it('fails a write Redis refused with its own error; the other writes of its batch resolve', async () => {
    const refusal = new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
    const primary = fakePrimary({ refuse: (words) => (words[1] === 'b' ? refusal : null) });
    const acks = acksOn(primary);
    const waitSent = primary.waitSent();
    const writes = ['a', 'b', 'c'].map((key) => outcomeOf(acks.write(set(key))));
    await waitSent;
    primary.answerWait(1);
    expect(await Promise.all(writes)).toEqual([{ value: 'OK a', error: null }, { value: null, error: refusal }, { value: 'OK c', error: null }]);
  });
  it('fails every write of its batch with the error of a WAIT that failed (a connection lost mid-batch); the next batch goes', async () => {
    const primary = fakePrimary();
    const lost = new Error('Socket closed unexpectedly');
    primary.failNextWait(lost);
    const acks = acksOn(primary);
    const writes = [outcomeOf(acks.write(set('a'))), outcomeOf(acks.write(set('b')))];
    expect((await within(1_000, Promise.all(writes))).map(({ error }) => error)).toEqual([lost, lost]);
    const waitSent = primary.waitSent();
    const next = acks.write(set('c'));
    await waitSent;
    primary.answerWait(1);
    expect(await next).toBe('OK c');
  });
});

describe('aborted writes', () => {
  it('leaves out of its batch a write whose signal was aborted before the batch went', async () => {
    const primary = fakePrimary();
    const acks = acksOn(primary);
    const aborted = new AbortController();
    aborted.abort();
    const waitSent = primary.waitSent();
    void acks.write(set('gone', aborted.signal));
    const kept = acks.write(set('kept'));
    await waitSent;
    expect(primary.lines()).toEqual(['SET kept v', 'WAIT 1 100']);
    primary.answerWait(1);
    expect(await kept).toBe('OK kept');
  });

  it('sends nothing, not even a WAIT, for a batch whose every write was aborted; the next write goes out', async () => {
    const primary = fakePrimary();
    const acks = acksOn(primary);
    const aborted = new AbortController();
    aborted.abort();
    void acks.write(set('gone', aborted.signal));
    await settleTick();
    expect(primary.lines()).toEqual([]);
    const waitSent = primary.waitSent();
    const next = acks.write(set('next'));
    await waitSent;
    primary.answerWait(1);
    expect(await next).toBe('OK next');
    expect(primary.lines()).toEqual(['SET next v', 'WAIT 1 100']);
  });
});

describe('deadlineMs', () => {
  it('refuses every write of a batch whose WAIT is not answered within deadlineMs, saying Redis did not answer; the next batch goes', async () => {
    const primary = fakePrimary();
    const acks = acksOn(primary, { deadlineMs: 50 });
    const writes = [outcomeOf(acks.write(set('a'))), outcomeOf(acks.write(set('b')))];
    for (const { error } of await within(1_000, Promise.all(writes))) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('Redis did not answer within 50 ms (a batch of writes and its WAIT, or INFO)');
    }
    const waitSent = primary.waitSent();
    const next = acks.write(set('c'));
    await waitSent;
    primary.answerWait(1);
    expect(await next).toBe('OK c');
  });

  it('leaves no timer behind once a batch is answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const primary = fakePrimary();
    const acks = acksOn(primary);
    const write = acks.write(set('a'));
    while (!primary.lines().includes('WAIT 1 100')) await settleTick();
    primary.answerWait(1);
    await write;
    expect(vi.getTimerCount(), 'the deadline timer of the answered batch is still set').toBe(0);
  });
});

describe('the shortfall', () => {
  it('says how many replicas the primary has connected, read from INFO replication (several digits), when fewer than asked', async () => {
    const primary = fakePrimary({ info: async () => '# Replication\r\nrole:master\r\nconnected_slaves:12\r\nslave0:ip=127.0.0.1,port=7001,state=online,offset=1,lag=0\r\n' });
    const acks = acksOn(primary, { replicas: 13 });
    const waitSent = primary.waitSent();
    const write = outcomeOf(acks.write(set('a')));
    await waitSent;
    primary.answerWait(12);
    const { error } = await write;
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).code).toBe('store-unavailable');
    expect((error as EndpointError).message).toBe(
      '12 of 13 replica(s) acknowledged the write within 100 ms: the primary has 12 replica(s) connected, fewer than the store waits for (replicas: 13); add replicas to every primary, or lower replicas',
    );
  });

  it('asks INFO with an abort signal of its own, so an INFO the primary does not answer is withdrawn', async () => {
    const primary = fakePrimary();
    const acks = acksOn(primary);
    const waitSent = primary.waitSent();
    const write = outcomeOf(acks.write(set('a')));
    await waitSent;
    primary.answerWait(0);
    await write;
    const info = primary.sent.find((command) => command.line === 'INFO replication');
    expect(info?.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it('says the replicas were too slow when INFO fails', async () => {
    const primary = fakePrimary({ info: () => Promise.reject(new Error('LOADING Redis is loading the dataset in memory')) });
    const acks = acksOn(primary);
    const waitSent = primary.waitSent();
    const write = outcomeOf(acks.write(set('a')));
    await waitSent;
    primary.answerWait(0);
    expect(((await write).error as Error).message).toBe(
      "0 of 1 replica(s) acknowledged the write within 100 ms (replicas: 1); check the replicas' link to their primary and their lag (INFO replication), or raise replicaTimeoutMs",
    );
  });
});

describe('where a write goes', () => {
  it("refuses at once, sending nothing, when the connection to the key's primary is down", async () => {
    const primary = fakePrimary({ ready: false });
    const acks = acksOn(primary);
    await expect(acks.write(set('a'))).rejects.toThrow(/^the connection to the primary that owns this viewer's keys is down$/);
    expect(primary.lines()).toEqual([]);
  });

  it("on a cluster, follows a MOVED: a routed PTTL of the key lets the client learn the slot's new primary, and the write goes there", async () => {
    const moved = new Error('MOVED 15495 127.0.0.1:7002');
    const old = fakePrimary({ refuse: () => moved });
    const owner = fakePrimary();
    const { connection, routed } = connectionTo([old.node, owner.node], 'cluster');
    const acks = createReplicaAcks({ connection, replicas: 1, timeoutMs: WAIT_TIMEOUT_MS, deadlineMs: 5_000 });
    let waitSent = old.waitSent();
    const signal = live();
    const write = acks.write(set('a', signal));
    await waitSent;
    waitSent = owner.waitSent();
    old.answerWait(1);
    await waitSent;
    expect(routed).toEqual([{ key: 'a', words: ['PTTL', 'a'], signal }]);
    expect(routed[0]?.signal).toBe(signal);
    owner.answerWait(1);
    expect(await write).toBe('OK a');
    expect(owner.lines()).toEqual(['SET a v', 'WAIT 1 100']);
  });

  it.each([
    ['on a cluster, an error other than MOVED', 'cluster', new Error('ERR something else')],
    ['on a single server, a MOVED', 'server', new Error('MOVED 15495 127.0.0.1:7002')],
  ] as const)('%s fails the write, without a retry', async (_, kind, refusal) => {
    const primary = fakePrimary({ refuse: () => refusal });
    const other = fakePrimary();
    const { connection, routed, nodesAsked } = connectionTo([primary.node, other.node], kind);
    const acks = createReplicaAcks({ connection, replicas: 1, timeoutMs: WAIT_TIMEOUT_MS, deadlineMs: 5_000 });
    const waitSent = primary.waitSent();
    const write = outcomeOf(acks.write(set('a')));
    await waitSent;
    primary.answerWait(1);
    expect((await write).error).toBe(refusal);
    expect(routed).toEqual([]);
    expect(nodesAsked()).toBe(1);
    expect(other.lines()).toEqual([]);
  });
});
