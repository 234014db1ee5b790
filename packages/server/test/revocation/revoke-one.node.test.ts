// `DELETE <path>/<id>` (src/revocation/revoke-one.ts) on the memory store: what it tells onRevoke
// (who asked, whether it is a retry), what it answers when the store cannot be reached, and an id a
// sign-out on this instance is revoking (joined: one call of `revoke`). Each case pins a promise the
// mutation tier showed unguarded.
import { describe, expect, it } from 'vitest';
import {
  createMemoryStore, DEFAULT_REVOCATION_LEASE_MS, DEFAULT_REVOKE_RETRY_MS, type EndpointErrorReport, type RevocationReport, type SessionStore,
} from '../../src/index.js';
import { browserRequest, json, makeEndpoint, PATH } from '../support/endpoint-fixture.js';

/** An endpoint on a memory store and one manual clock, whose `revoke` the test drives. */
function endpointFor(options: { store?: (memory: SessionStore) => SessionStore; revoke?: (sessionId: string) => Promise<void> } = {}) {
  let now = 1_700_000_000_000;
  const memory = createMemoryStore({ now: () => now });
  const revocations: RevocationReport[] = [];
  const reports: EndpointErrorReport[] = [];
  const made = makeEndpoint({
    store: options.store?.(memory) ?? memory,
    now: () => now,
    onRevoke: (report) => revocations.push(report),
    onError: (_error, report) => reports.push(report),
    ...(options.revoke ? { revoke: options.revoke } : {}),
  });
  const mint = async () => (await json(await made.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' })))).sessionId as string;
  const remove = (sessionId: string) => made.endpoint.fetch(browserRequest('DELETE', `${PATH}/${encodeURIComponent(sessionId)}`, { viewer: 'ada' }));
  /** Past the lease and the first backoff: a failed id is due again. */
  const untilDue = () => (now += DEFAULT_REVOCATION_LEASE_MS + DEFAULT_REVOKE_RETRY_MS);
  return { ...made, revocations, reports, mint, remove, untilDue };
}

describe('DELETE <path>/<id>', () => {
  it('tells onRevoke the revocation is a DELETE, first not a retry, then a retry once the failed id is due again', async () => {
    let fail = true;
    const made = endpointFor({
      revoke: async () => {
        if (fail) throw new Error('the service is down');
      },
    });
    const id = await made.mint();
    expect((await made.remove(id)).status).toBe(502);
    fail = false;
    made.untilDue();
    expect((await made.remove(id)).status).toBe(204);
    expect(made.revocations).toEqual([
      { viewerId: 'ada', sessionId: id, by: 'revoke', outcome: 'failed', retry: false },
      { viewerId: 'ada', sessionId: id, by: 'revoke', outcome: 'revoked', retry: true },
    ]);
  });

  it('answers 503 store-unavailable saying nothing was revoked when the store cannot hint, and reports it with the viewer', async () => {
    const made = endpointFor({ store: (memory) => ({ ...memory, hint: () => Promise.reject(new Error('store down')) }) });
    const response = await made.remove('ses_1');
    expect(response.status).toBe(503);
    expect(await json(response)).toEqual({
      error: { code: 'store-unavailable', message: 'the session store could not be reached: nothing was revoked yet; try again once it is back' },
    });
    expect(made.reports).toEqual([{ code: 'store-unavailable', viewerId: 'ada' }]);
  });

  it("joins the revocation of an id this instance's sign-out is revoking: 204 once it ends, and revoke called once", async () => {
    const calls: string[] = [];
    let answer = () => {};
    const made = endpointFor({
      revoke: (sessionId) => {
        calls.push(sessionId);
        return new Promise<void>((resolve) => {
          answer = resolve;
        });
      },
    });
    const id = await made.mint();
    const signOut = made.endpoint.logoutViewer('ada');
    while (calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    let removed: number | null = null;
    const removing = made.remove(id).then((response) => {
      removed = response.status;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(removed, 'the DELETE answered before the revocation it joined ended').toBeNull();
    answer();
    await removing;
    expect(removed).toBe(204);
    expect((await signOut).revoked).toEqual([id]);
    expect(calls).toEqual([id]);
  });
});

describe('a sign-out and a DELETE of the same id on one instance', () => {
  it("the sign-out joins the DELETE's revocation: revoked once, and nothing pending once it ends", async () => {
    const calls: string[] = [];
    let answer = () => {};
    const made = endpointFor({
      revoke: (sessionId) => {
        calls.push(sessionId);
        return new Promise<void>((resolve) => {
          answer = resolve;
        });
      },
    });
    const id = await made.mint();
    const removing = made.remove(id);
    while (calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const signOut = made.endpoint.logoutViewer('ada');
    await new Promise((resolve) => setImmediate(resolve));
    answer();
    expect((await removing).status).toBe(204);
    expect(await signOut).toMatchObject({ revoked: [id], failed: [], pending: [] });
    expect(calls).toEqual([id]);
  });
});

describe('the store failing after the revocation', () => {
  it('reports a settle the store could not take with the viewer', async () => {
    const made = endpointFor({ store: (memory) => ({ ...memory, settle: () => Promise.reject(new Error('store down')) }) });
    const id = await made.mint();
    expect((await made.remove(id)).status).toBe(204);
    expect(made.reports).toEqual([{ code: 'store-unavailable', viewerId: 'ada' }]);
  });

  it('reports a hint the store could not drop with the viewer', async () => {
    const made = endpointFor({ store: (memory) => ({ ...memory, dropHint: () => Promise.reject(new Error('store down')) }) });
    const id = await made.mint();
    expect((await made.remove(id)).status).toBe(204);
    expect(made.reports).toEqual([{ code: 'store-unavailable', viewerId: 'ada' }]);
  });
});

describe('a store call the request cannot go on without', () => {
  it("throws the endpoint's error with the store's failure as its cause (logoutViewer, the store unable to hint)", async () => {
    const down = new Error('store down');
    const made = endpointFor({ store: (memory) => ({ ...memory, hint: () => Promise.reject(down) }) });
    await expect(made.endpoint.logoutViewer('ada')).rejects.toMatchObject({ code: 'store-unavailable', cause: down });
  });
});
