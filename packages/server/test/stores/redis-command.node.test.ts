// How the Redis store's runner names what went wrong: a timeout, a single server's client on a
// node of a cluster (MOVED), any other error, each a `store-unavailable` EndpointError that keeps
// the client's error as its cause for the app's logs. The connection is a stand-in: what is read
// here is the runner's wording and routing, which the Redis suites run against real servers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EndpointError } from '../../src/errors.js';
import { createRedisRunner } from '../../src/stores/redis-command.js';
import type { RedisConnection, RoutedCommand } from '../../src/stores/redis-connection.js';
import type { ReplicaAcks } from '../../src/stores/replica-acks.js';

/** A connection of `kind` that answers every command with `answer`, keeping what it was sent. */
function fakeConnection(kind: RedisConnection['kind'], answer: (command: RoutedCommand) => Promise<unknown>) {
  const sent: RoutedCommand[] = [];
  const connection: RedisConnection = {
    kind,
    isReady: () => true,
    send: (command) => {
      sent.push(command);
      return answer(command);
    },
    nodeFor: async () => {
      throw new Error('not used by these tests');
    },
    primaries: async () => [],
    layout: () => '',
    reconnects: () => 0,
  };
  return { connection, sent };
}

const SCRIPT = { name: 'countPending', lua: 'return 1', sha: 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db' };

async function rejectionOf(promise: Promise<unknown>): Promise<EndpointError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  if (!(error instanceof EndpointError)) throw new Error(`expected an EndpointError, got ${String(error)}`);
  return error;
}

describe("the Redis runner's errors", () => {
  it('refuses a command Redis has not answered within timeoutMs, keeping the abort as its cause', async () => {
    const { connection } = fakeConnection('server', () => new Promise(() => undefined));
    const runner = createRedisRunner({ connection, timeoutMs: 20, replicaAcks: null });
    const error = await rejectionOf(runner.command({ name: 'hint', key: 'svc:hints', words: ['HSET', 'svc:hints', 'ada', 't'], ack: 'primary' }));
    expect(error.code).toBe('store-unavailable');
    expect(error.message).toBe("Redis did not answer the store's hint within 20 ms; check the server and the network, or raise the store's timeoutMs");
    expect(error.cause).toBeInstanceOf(DOMException);
    expect((error.cause as DOMException).name).toBe('AbortError');
  });

  it("says that a single server's client reached a node of a cluster on MOVED, keeping Redis' error as its cause", async () => {
    const moved = new Error('MOVED 7638 127.0.0.1:7001');
    const { connection } = fakeConnection('server', () => Promise.reject(moved));
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks: null });
    const error = await rejectionOf(runner.command({ name: 'hint', key: 'svc:hints', words: ['HSET'], ack: 'primary' }));
    expect(error.message).toContain("Redis answered the store's hint with MOVED: the server is one node of a Redis Cluster");
    expect(error.cause).toBe(moved);
  });

  it('names a MOVED a cluster client passed on as a failure, not as a client of the wrong kind', async () => {
    const moved = new Error('MOVED 7638 127.0.0.1:7001');
    const { connection } = fakeConnection('cluster', () => Promise.reject(moved));
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks: null });
    const error = await rejectionOf(runner.command({ name: 'hint', key: 'svc:hints', words: ['HSET'], ack: 'primary' }));
    expect(error.message).toBe("The Redis store's hint failed (MOVED 7638 127.0.0.1:7001); check that Redis runs and that the client can reach it");
    expect(error.cause).toBe(moved);
  });

  it("names any other failure with Redis' words, keeping the error as its cause", async () => {
    const wrongType = new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
    const { connection } = fakeConnection('server', () => Promise.reject(wrongType));
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks: null });
    const error = await rejectionOf(runner.script({ script: SCRIPT, keys: ['svc:{ada}:ids'], args: [], ack: 'primary' }));
    expect(error.message).toBe("The Redis store's countPending failed (WRONGTYPE Operation against a key holding the wrong kind of value); check that Redis runs and that the client can reach it");
    expect(error.cause).toBe(wrongType);
  });

  // An EndpointError from below (the replica acknowledgements' own) reaches the store unchanged, not re-wrapped.
  it('passes an EndpointError on as it is, with its code and message', async () => {
    const tooFew = new EndpointError('store-unavailable', '0 of 1 replica(s) acknowledged the write within 150 ms (replicas: 1)');
    const { connection } = fakeConnection('server', () => Promise.reject(tooFew));
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks: null });
    const error = await rejectionOf(runner.command({ name: 'hint', key: 'svc:hints', words: ['HSET'], ack: 'primary' }));
    expect(error).toBe(tooFew);
    expect(error.message).toBe('0 of 1 replica(s) acknowledged the write within 150 ms (replicas: 1)');
  });
});

describe("the Redis runner's scripts", () => {
  // A server without the script (NOSCRIPT) gets its source once, by EVAL, and the script's reply is the answer.
  it('loads the script with EVAL once when EVALSHA answers NOSCRIPT', async () => {
    const { connection, sent } = fakeConnection('server', async (command) => {
      if (command.words[0] === 'EVALSHA') throw new Error('NOSCRIPT No matching script. Please use EVAL.');
      return 7;
    });
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks: null });
    expect(await runner.script({ script: SCRIPT, keys: ['svc:{ada}:ids'], args: [], ack: 'primary' })).toBe(7);
    expect(sent.map((command) => command.words)).toEqual([
      ['EVALSHA', SCRIPT.sha, '1', 'svc:{ada}:ids'],
      ['EVAL', SCRIPT.lua, '1', 'svc:{ada}:ids'],
    ]);
  });

  // Any other error of EVALSHA is the script's failure: nothing is sent again.
  it('sends no EVAL after an error other than NOSCRIPT', async () => {
    const { connection, sent } = fakeConnection('server', () => Promise.reject(new Error('WRONGTYPE Operation against a key holding the wrong kind of value')));
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks: null });
    const error = await rejectionOf(runner.script({ script: SCRIPT, keys: ['svc:{ada}:ids'], args: [], ack: 'primary' }));
    expect(error.message).toContain('WRONGTYPE');
    expect(sent.map((command) => command.words[0])).toEqual(['EVALSHA']);
  });

  // A client rejecting with something that is not an Error is named by it, and kept as the cause.
  it('passes on a rejection that is not an Error, with it as the cause and no EVAL', async () => {
    const { connection, sent } = fakeConnection('server', () => Promise.reject('connection reset'));
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks: null });
    const error = await rejectionOf(runner.script({ script: SCRIPT, keys: ['svc:{ada}:ids'], args: [], ack: 'primary' }));
    expect(error.message).toBe("The Redis store's countPending failed (connection reset); check that Redis runs and that the client can reach it");
    expect(error.cause).toBe('connection reset');
    expect(sent).toHaveLength(1);
  });
});

describe("the Redis runner's timer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // Once Redis answered, the timeout is cleared: the command's signal is never aborted afterwards.
  it('clears the timeout of an answered command, leaving its signal alone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { connection, sent } = fakeConnection('server', async () => 'OK');
    const runner = createRedisRunner({ connection, timeoutMs: 50, replicaAcks: null });
    expect(await runner.command({ name: 'hint', key: 'svc:hints', words: ['HSET'], ack: 'primary' })).toBe('OK');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(100);
    expect(sent[0]?.signal.aborted).toBe(false);
  });
});

describe("the Redis runner's routing", () => {
  it("routes a script by its first key ('' for a script without keys)", async () => {
    const { connection, sent } = fakeConnection('cluster', async () => 1);
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks: null });
    await runner.script({ script: SCRIPT, keys: ['svc:{ada}:ids', 'svc:{ada}:pending'], args: ['5'], ack: 'primary' });
    await runner.script({ script: SCRIPT, keys: [], args: [], ack: 'primary' });
    expect(sent.map((command) => command.key)).toEqual(['svc:{ada}:ids', '']);
    expect(sent.map((command) => command.words)).toEqual([
      ['EVALSHA', SCRIPT.sha, '2', 'svc:{ada}:ids', 'svc:{ada}:pending', '5'],
      ['EVALSHA', SCRIPT.sha, '0'],
    ]);
  });

  // With replicas, only a write asking for them waits for them; a 'primary' one goes straight to the connection.
  it("sends 'primary' commands on the connection and 'replicas' ones through the replica acknowledgements", async () => {
    const { connection, sent } = fakeConnection('server', async () => 'OK');
    const written: RoutedCommand[] = [];
    const replicaAcks: ReplicaAcks = {
      write: async (command) => {
        written.push(command);
        return 'OK';
      },
    };
    const runner = createRedisRunner({ connection, timeoutMs: 1000, replicaAcks });
    await runner.command({ name: 'listHints', key: 'svc:pending', words: ['HSCAN', 'svc:pending', '0'], ack: 'primary' });
    await runner.command({ name: 'hint', key: 'svc:pending', words: ['HSET', 'svc:pending', 'ada', 't'], ack: 'replicas' });
    expect(sent.map((command) => command.words[0])).toEqual(['HSCAN']);
    expect(written.map((command) => command.words[0])).toEqual(['HSET']);
  });
});
