// The Redis store on replies a test Redis does not give on demand: `HSCAN` returning a viewer on two
// pages (Redis documents that a SCAN may return an element more than once), and a reply of another
// shape (a key under the store's prefix written by something else, a proxy in between). The client
// is a stand-in answering as the `redis` package's client does; redis-store.node.test.ts runs the
// same operations against a real Redis.
import { describe, expect, it } from 'vitest';
import { createRedisStore } from '../../src/redis.js';
import type { RedisStoreClient } from '../../src/stores/redis-connection.js';

/** A single server's client whose `HSCAN` answers from `pages` (by cursor) and whose `countPending` script answers `counts` (by viewer). */
function standInClient(answers: { pages: Record<string, unknown>; counts?: Record<string, unknown> }) {
  const counted: string[] = [];
  const client: RedisStoreClient = {
    isReady: true,
    sendCommand: async (args) => {
      const [name, ...rest] = args;
      if (name === 'CONFIG') return ['maxmemory-policy', 'noeviction'];
      if (name === 'HSCAN') {
        const page = answers.pages[rest[1] ?? ''];
        if (page instanceof Error) throw page;
        return page;
      }
      if (name === 'EVALSHA') {
        const viewerId = /\{(.*)\}/.exec(rest[2] ?? '')?.[1] ?? '';
        counted.push(viewerId);
        return answers.counts?.[viewerId] ?? [0, -1];
      }
      throw new Error(`the stand-in client does not answer ${String(name)}`);
    },
  };
  return { client, counted };
}

describe('countPending on the Redis store', () => {
  it('counts a viewer HSCAN returns on two pages once', async () => {
    const { client, counted } = standInClient({
      pages: { 0: ['17', ['ada', 't1', 'bob', 't2']], 17: ['0', ['bob', 't2', 'cy', 't3']] },
      counts: { ada: [1, 100], bob: [2, 300], cy: [1, 50] },
    });
    expect(await createRedisStore({ client, prefix: 'svc:' }).countPending()).toEqual({ ids: 4, oldestAgeMs: 300 });
    expect(counted).toEqual(['ada', 'bob', 'cy']);
  });

  it('counts every viewer of a page of ten, each once (eight at a time)', async () => {
    const viewers = Array.from({ length: 10 }, (_, index) => `viewer-${index}`);
    const { client, counted } = standInClient({
      pages: { 0: ['0', viewers.flatMap((viewerId) => [viewerId, 'token'])] },
      counts: Object.fromEntries(viewers.map((viewerId, index) => [viewerId, [1, index * 10]])),
    });
    expect(await createRedisStore({ client }).countPending()).toEqual({ ids: 10, oldestAgeMs: 90 });
    expect(counted.toSorted()).toEqual(viewers.toSorted());
  });
});

describe('a reply of another shape', () => {
  it.each([
    ['a number', 42, 'number'],
    ['a cursor without its page', ['0'], 'object'],
    ['a page that is not a list', ['0', 'ada'], 'object'],
  ])("refuses listHints' HSCAN answering %s as store-unavailable, naming the operation and what to check", async (_name, reply, type) => {
    const { client } = standInClient({ pages: { 0: reply } });
    await expect(createRedisStore({ client }).listHints({ cursor: '0', count: 10 })).rejects.toMatchObject({
      code: 'store-unavailable',
      message: `The Redis store's listHints got a reply of an unexpected shape (${type}); is a key under the store's prefix used by something else?`,
    });
  });

  // A script's reply its parser cannot read is refused, naming the script, never passed on as undefined.
  it("refuses a countPending script answering something else as store-unavailable, naming the script", async () => {
    const { client } = standInClient({ pages: { 0: ['0', ['ada', 't1']] }, counts: { ada: 'OK' } });
    await expect(createRedisStore({ client }).countPending()).rejects.toMatchObject({
      code: 'store-unavailable',
      message: "The Redis store's countPending got a reply of an unexpected shape (string); is a key under the store's prefix used by something else?",
    });
  });

  it('reads a page of hints as viewer and token pairs, leaving out a viewer without its token', async () => {
    const { client } = standInClient({ pages: { 5: ['0', ['ada', 't1', 'bob']] } });
    expect(await createRedisStore({ client }).listHints({ cursor: '5', count: 10 })).toEqual({ cursor: '0', hints: [{ viewerId: 'ada', token: 't1' }] });
  });
});

describe("listHints' failures", () => {
  // An error of the HSCAN is reported under the operation's name, listHints.
  it('names listHints when its HSCAN fails, keeping the error as its cause', async () => {
    const failure = new Error('LOADING Redis is loading the dataset in memory');
    const { client } = standInClient({ pages: { 0: failure } });
    const error = await createRedisStore({ client }).listHints({ cursor: '0', count: 10 }).then(() => undefined, (reason: unknown) => reason);
    expect(error).toMatchObject({
      code: 'store-unavailable',
      message: "The Redis store's listHints failed (LOADING Redis is loading the dataset in memory); check that Redis runs and that the client can reach it",
      cause: failure,
    });
  });
});
