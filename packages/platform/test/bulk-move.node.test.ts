import { describe, expect, it } from 'vitest';
import {
  BulkMoveInterruptedError,
  ForbiddenError,
  InvalidArgumentError,
  NetworkError,
  PLATFORM_ERROR_CODES,
  UnauthorizedError,
  bulkMoveResultSchema,
} from '../src/index.js';
import { KEYS, rawClient, rejectionOf, startEmulator, startRawServer } from './helpers.js';

const parentOf = (state: Awaited<ReturnType<typeof startEmulator>>['state'], type: string, id: number) => state.items.get(`${type}:${id}`)?.folderId;

describe('bulk move (§4.1)', () => {
  it('applies permitted items and reports 403, 404 and 400 per item with a 200', async () => {
    const { client, state } = await startEmulator();
    const result = await client(KEYS.analyst).bulkMove(42, {
      folderId: 11,
      items: [
        { type: 'REPORT', id: 201 }, // analyst edits Sales: moved
        { type: 'REPORT', id: 202 }, // Finance is view-only: 403
        { type: 'WORKBOOK', id: 9999 }, // missing: 404
        { type: 'WORKBOOK', id: 701 }, // exists, but in deployment 7: 404
        { type: 'FOLDER', id: 10 }, // Sales into its own child Regional: 400
        { type: 'WORKBOOK', id: 103 }, // moved
      ],
    });
    expect(result.moved.map((item) => [item.type, item.id, item.folderId])).toEqual([
      ['REPORT', 201, 11],
      ['WORKBOOK', 103, 11],
    ]);
    expect(result.moved[0]?.folderPath).toEqual([{ id: 10, name: 'Sales' }, { id: 11, name: 'Regional' }]);
    expect(result.failed.map((failure) => [failure.type, failure.id, failure.error.status])).toEqual([
      ['REPORT', 202, 403],
      ['WORKBOOK', 9999, 404],
      ['WORKBOOK', 701, 404],
      ['FOLDER', 10, 400],
    ]);
    expect(result.failed[3]?.error.message).toMatch(/descendant/);
    expect(parentOf(state, 'REPORT', 201)).toBe(11);
    expect(parentOf(state, 'REPORT', 202)).toBe(13);
    expect(parentOf(state, 'FOLDER', 10)).toBe(null);
  });

  it('keeps an earlier move when a later one fails (items applied in order, each on its own)', async () => {
    const { client, state } = await startEmulator();
    // Archive (12) into Finance (13) succeeds; then Finance into Archive's child Quarterly (14)
    // would be fine, but Finance into Archive would now put Finance inside its own descendant.
    const first = await client().bulkMove(42, { folderId: 13, items: [{ type: 'FOLDER', id: 12 }] });
    expect(first.failed).toEqual([]);
    const second = await client().bulkMove(42, { folderId: 14, items: [{ type: 'WORKBOOK', id: 104 }, { type: 'FOLDER', id: 13 }] });
    expect(second.moved.map((item) => item.id)).toEqual([104]);
    expect(second.failed).toEqual([{ type: 'FOLDER', id: 13, error: { status: 400, message: expect.stringMatching(/descendant/) } }]);
    expect(parentOf(state, 'FOLDER', 12)).toBe(13);
    expect(parentOf(state, 'WORKBOOK', 104)).toBe(14);
    expect(parentOf(state, 'FOLDER', 13)).toBe(null);
  });

  it('answers 200 with everything in failed when no item may move, and [] failed when all moved', async () => {
    const { client } = await startEmulator();
    const none = await client(KEYS.analyst).bulkMove(42, { folderId: null, items: [{ type: 'FOLDER', id: 12 }, { type: 'REPORT', id: 202 }] });
    expect(none).toEqual({ moved: [], failed: [expect.objectContaining({ id: 12, error: expect.objectContaining({ status: 403 }) }), expect.objectContaining({ id: 202 })] });
    const all = await client().bulkMove(42, { folderId: null, items: [{ type: 'FOLDER', id: 12 }, { type: 'REPORT', id: 202 }] });
    expect(all.failed).toEqual([]);
    expect(all.moved.map((item) => item.folderId)).toEqual([null, null]);
  });

  it('collapses repeated references on the server: one entry per distinct item', async () => {
    const { raw } = await startEmulator();
    const response = await raw('/api/v1/deployments/42/workspace/bulk-move', {
      method: 'POST',
      json: { folderId: 11, items: [{ type: 'REPORT', id: 201 }, { type: 'WORKBOOK', id: 9999 }, { type: 'REPORT', id: 201 }, { type: 'WORKBOOK', id: 9999 }, { type: 'WORKBOOK', id: 201 }] },
    });
    expect(response.status).toBe(200);
    const body = bulkMoveResultSchema.parse(await response.json());
    expect(body.moved.map((item) => `${item.type}:${item.id}`)).toEqual(['REPORT:201']);
    expect(body.failed.map((item) => `${item.type}:${item.id}`)).toEqual(['WORKBOOK:9999', 'WORKBOOK:201']);
  });

  it('collapses repeats in the client too, so 150 references to 100 items make one request', async () => {
    const { client, sent } = await startEmulator();
    const items = Array.from({ length: 150 }, (_, index) => ({ type: 'WORKBOOK' as const, id: 5000 + (index % 100) }));
    const result = await client().bulkMove(42, { folderId: null, items });
    expect(sent).toHaveLength(1);
    expect(result.failed).toHaveLength(100);
  });

  it.each([
    ['no items', { items: [], folderId: null }, 'items'],
    ['101 distinct items', { items: Array.from({ length: 101 }, (_, id) => ({ type: 'WORKBOOK', id: id + 1 })), folderId: null }, 'items'],
    ['an unknown type', { items: [{ type: 'DASHBOARD', id: 1 }], folderId: null }, 'items.0.type'],
    ['a fractional id', { items: [{ type: 'FOLDER', id: 1.5 }], folderId: null }, 'items.0.id'],
    ['no folderId', { items: [{ type: 'FOLDER', id: 12 }] }, 'folderId'],
    ['a string folderId', { items: [{ type: 'FOLDER', id: 12 }], folderId: '11' }, 'folderId'],
  ])('rejects %s before sending', async (_, input, field) => {
    const { client, sent } = await startEmulator();
    const error = await rejectionOf(client().bulkMove(42, input as never));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error.field).toBe(field);
    expect(sent).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['items missing', { folderId: null }],
    ['101 entries', { folderId: null, items: Array.from({ length: 101 }, () => ({ type: 'FOLDER', id: 12 })) }],
    ['a malformed item', { folderId: null, items: [{ type: 'FOLDER' }] }],
    ['folderId missing', { items: [{ type: 'FOLDER', id: 12 }] }],
  ])('the emulator answers 400 { error } for %s', async (_, json) => {
    const { raw } = await startEmulator();
    const response = await raw('/api/v1/deployments/42/workspace/bulk-move', { method: 'POST', json });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('403 for a key scoped to other deployments, 401 for an expired key; nothing moves', async () => {
    const { client, state } = await startEmulator();
    const input = { folderId: null, items: [{ type: 'FOLDER' as const, id: 10 }] };
    expect(await rejectionOf(client(KEYS.scoped).bulkMove(42, input))).toBeInstanceOf(ForbiddenError);
    expect(await rejectionOf(client(KEYS.expired).bulkMove(42, input))).toBeInstanceOf(UnauthorizedError);
    expect((await client(KEYS.scoped).bulkMove(7, { folderId: null, items: [{ type: 'WORKBOOK', id: 701 }] })).moved).toHaveLength(1);
    expect(parentOf(state, 'FOLDER', 10)).toBe(null);
  });

  it('never retries a bulk move whose connection dropped', async () => {
    const server = await startRawServer((req) => req.socket.destroy());
    const { client, sleeps } = rawClient(server.url, { retries: 5 });
    const error = await rejectionOf(client.bulkMove(42, { folderId: null, items: [{ type: 'FOLDER', id: 1 }] }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(server.hits()).toBe(1);
    expect(sleeps).toEqual([]);
  });
});

describe('bulkMoveInBatches', () => {
  it('splits a long list into requests of at most 100 in order and merges moved and failed', async () => {
    const { client, sent } = await startEmulator();
    const missing = Array.from({ length: 230 }, (_, index) => ({ type: 'WORKBOOK' as const, id: 8000 + index }));
    const items = [{ type: 'REPORT' as const, id: 201 }, ...missing.slice(0, 120), { type: 'REPORT' as const, id: 201 }, ...missing.slice(120), { type: 'WORKBOOK' as const, id: 101 }];
    const batches: number[] = [];
    const result = await client().bulkMoveInBatches(42, { items, folderId: 12, onBatch: ({ result: part }) => batches.push(part.moved.length + part.failed.length) });
    expect(sent.map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
    expect(batches).toEqual([100, 100, 32]);
    expect(result.moved.map((item) => item.id)).toEqual([201, 101]);
    expect(result.failed.map((failure) => failure.id)).toEqual(missing.map((item) => item.id));
    expect(new Set(result.failed.map((failure) => failure.error.status))).toEqual(new Set([404]));
  });

  it('honours batchSize and rejects sizes outside 1-100', async () => {
    const { client, sent } = await startEmulator();
    const items = [10, 11, 12, 13, 14].map((id) => ({ type: 'FOLDER' as const, id }));
    await client().bulkMoveInBatches(42, { items, folderId: null, batchSize: 2 });
    expect(sent).toHaveLength(3);
    expect(await rejectionOf(client().bulkMoveInBatches(42, { items, folderId: null, batchSize: 101 }))).toBeInstanceOf(InvalidArgumentError);
    expect(await rejectionOf(client().bulkMoveInBatches(42, { items: [], folderId: null }))).toBeInstanceOf(InvalidArgumentError);
  });

  it('stops at a failed request and reports what completed, what may have applied and what was not sent', async () => {
    const { emulator, state } = await startEmulator();
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls += 1;
      if (calls === 2) throw new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) });
      return fetch(input, init);
    };
    const { createPlatformClient } = await import('../src/index.js');
    const client = createPlatformClient({ baseUrl: emulator.url, apiKey: KEYS.owner, fetch: flaky });
    const items = [10, 11, 12, 13, 14].map((id) => ({ type: 'FOLDER' as const, id }));
    const error = await rejectionOf(client.bulkMoveInBatches(42, { items, folderId: null, batchSize: 2 }));
    expect(error).toBeInstanceOf(BulkMoveInterruptedError);
    expect(error.code).toBe(PLATFORM_ERROR_CODES.bulkMoveInterrupted);
    expect(error.cause).toBeInstanceOf(NetworkError);
    expect(error.completed.moved.map((item: { id: number }) => item.id)).toEqual([10, 11]);
    expect(error.failedBatch.map((item: { id: number }) => item.id)).toEqual([12, 13]);
    expect(error.failedBatchMayHaveApplied).toBe(true);
    expect(error.unsent.map((item: { id: number }) => item.id)).toEqual([14]);
    expect(calls).toBe(2);
    expect(parentOf(state, 'FOLDER', 11)).toBe(null);
    expect(parentOf(state, 'FOLDER', 14)).toBe(12);
  });

  it('marks a batch refused with 4xx as certainly not applied', async () => {
    const { client } = await startEmulator();
    const error = await rejectionOf(client(KEYS.scoped).bulkMoveInBatches(42, { items: [{ type: 'FOLDER', id: 10 }], folderId: null }));
    expect(error).toBeInstanceOf(BulkMoveInterruptedError);
    expect(error.cause).toBeInstanceOf(ForbiddenError);
    expect(error.failedBatchMayHaveApplied).toBe(false);
  });
});
