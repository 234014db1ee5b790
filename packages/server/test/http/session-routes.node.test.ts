// The three routes (src/http/session-routes.ts) on the memory store, as the fast tier runs them:
// each refusal's code, message and report. Each case pins what the mutation tier showed unguarded
// without Redis: the revocation limit on DELETE and sign-out, a DELETE of an id another call holds,
// the mint limit's and the mint failures' sentences, and what a store failure on the mint reports.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, type EndpointErrorReport, type SessionStore } from '../../src/index.js';
import { browserRequest, json, makeEndpoint, PATH } from '../support/endpoint-fixture.js';

const send = (made: ReturnType<typeof makeEndpoint>, method: string, path: string) => made.endpoint.fetch(browserRequest(method, path, { viewer: 'ada' }));

describe('the revocation limit (limits.revocationsPerWindow)', () => {
  it.each([
    ['DELETE', (id: string) => `${PATH}/${id}`],
    ['POST', () => `${PATH}/logout`],
  ])('answers the %s past it 429 revocation-limit with Retry-After and what to do, and revokes nothing', async (method, path) => {
    const made = makeEndpoint({ limits: { revocationsPerWindow: 1, revocationWindowMs: 30_000 } });
    const id = (await json(await send(made, 'POST', PATH))).sessionId;
    const other = (await json(await send(made, 'POST', PATH))).sessionId;
    expect((await send(made, 'DELETE', `${PATH}/${other}`)).status).toBe(204);
    const answer = await send(made, method, path(id));
    expect(answer.status).toBe(429);
    const seconds = answer.headers.get('retry-after');
    expect(Number(seconds)).toBeGreaterThan(0);
    expect((await json(answer)).error).toEqual({
      code: 'revocation-limit',
      message: `too many sign-outs and revocations for this viewer: at most 1 in 30 s; nothing was revoked by this request; try again in ${seconds} s`,
    });
    expect(made.service.revoked).toEqual([other]);
  });
});

describe('DELETE <path>/<id>', () => {
  it("answers an id this viewer's ledger does not hold 404 with why", async () => {
    const made = makeEndpoint();
    const answer = await send(made, 'DELETE', `${PATH}/ses_unknown`);
    expect(answer.status).toBe(404);
    expect((await json(answer)).error.message).toBe("no such session id in this viewer's ledger (already revoked, expired, or never minted here)");
  });

  it('answers an id a sign-out on another instance is revoking 502 revoke-failed, saying it was not asked of the service again', async () => {
    const held: (() => void)[] = [];
    const store = createMemoryStore();
    const first = makeEndpoint({ store, now: Date.now, revoke: () => new Promise<void>((resolve) => held.push(resolve)), limits: { revokeTimeoutMs: 30_000 } });
    const second = makeEndpoint({ store, now: Date.now });
    const id = (await json(await send(first, 'POST', PATH))).sessionId;
    const signOut = first.endpoint.logoutViewer('ada');
    await expect.poll(() => held.length).toBe(1);
    const answer = await send(second, 'DELETE', `${PATH}/${id}`);
    expect((await json(answer)).error).toEqual({ code: 'revoke-failed', message: expect.stringContaining('another call (a sign-out, the sweep, another server instance) is revoking this session id') });
    expect(answer.status).toBe(502);
    expect(second.service.revoked).toEqual([]);
    held.splice(0).forEach((resolve) => resolve());
    await signOut;
  });
});

describe('POST <path>', () => {
  it('answers past the mint limit with how many in how long', async () => {
    const made = makeEndpoint({ limits: { mintsPerWindow: 1, mintWindowMs: 20_000 } });
    await send(made, 'POST', PATH);
    const answer = await send(made, 'POST', PATH);
    expect(answer.status).toBe(429);
    expect((await json(answer)).error.message).toBe(`too many session ids for this viewer: at most 1 in 20 s; try again in ${answer.headers.get('retry-after')} s`);
  });

  it('reports a store that could not count the mint with the viewer, and says no id was minted', async () => {
    const reports: EndpointErrorReport[] = [];
    const store: SessionStore = { ...createMemoryStore(), countMint: async () => Promise.reject(new Error('store down')) };
    const made = makeEndpoint({ store, onError: (_error, report) => reports.push(report) });
    const answer = await send(made, 'POST', PATH);
    expect(answer.status).toBe(503);
    expect((await json(answer)).error.message).toBe('the session store is unavailable: no id was minted; try again shortly');
    expect(reports).toEqual([{ code: 'store-unavailable', viewerId: 'ada' }]);
  });

  it.each([
    ['throws', async () => Promise.reject(new Error('down')), 'down'],
    ['resolves to no string', async () => 42 as unknown as string, 'mint() resolved to number, not a session id string'],
  ])('answers a mint that %s 502 mint-failed with what to do, reported with the viewer', async (_, mint, reported) => {
    const errors: { error: unknown; report: EndpointErrorReport }[] = [];
    const made = makeEndpoint({ mint, onError: (error, report) => errors.push({ error, report }) });
    const answer = await send(made, 'POST', PATH);
    expect((await json(answer)).error).toEqual({ code: 'mint-failed', message: 'the service did not mint a session id; try again later' });
    expect(errors).toEqual([{ error: expect.objectContaining({ message: reported }), report: { code: 'mint-failed', viewerId: 'ada' } }]);
  });
});
