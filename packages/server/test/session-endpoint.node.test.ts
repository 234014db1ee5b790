// createSessionEndpoint (src/session-endpoint.ts): what `logoutViewer` refuses before it touches the
// store, with the sentence that says what to give; and `status()` when the store cannot count its
// backlog (reported as store-unavailable, `pending` null).
import { describe, expect, it } from 'vitest';
import { createMemoryStore, type EndpointErrorReport } from '../src/index.js';
import { makeEndpoint } from './support/endpoint-fixture.js';

describe('logoutViewer', () => {
  it('refuses a viewer id that is not a string, saying what to give', async () => {
    const { endpoint } = makeEndpoint();
    // @ts-expect-error: a caller without types may pass the viewer object instead of its id
    await expect(endpoint.logoutViewer({ id: 'ada' })).rejects.toMatchObject({
      name: 'EndpointError', code: 'invalid-options', message: "logoutViewer needs the viewer's id, the `id` your viewer() gives",
    });
  });

  it('refuses a viewer id that cannot key a ledger, saying why', async () => {
    const { endpoint } = makeEndpoint();
    await expect(endpoint.logoutViewer('')).rejects.toMatchObject({
      code: 'invalid-viewer-id', message: expect.stringMatching(/^logoutViewer needs the viewer's id, the `id` your viewer\(\) gives, and this one cannot key a ledger: ./),
    });
  });
});

describe('status()', () => {
  it('reports a store that cannot count its backlog as store-unavailable, with pending null', async () => {
    const reports: EndpointErrorReport[] = [];
    const memory = createMemoryStore();
    const { endpoint } = makeEndpoint({ store: { ...memory, countPending: () => Promise.reject(new Error('store down')) }, onError: (_error, report) => reports.push(report) });
    expect((await endpoint.status()).pending).toBeNull();
    expect(reports).toEqual([{ code: 'store-unavailable' }]);
  });
});
