// The record step of a mint (src/revocation/record-mint.ts) on the memory store, as the fast tier
// runs it: what a refused or unrecorded mint answers, reports and leaves behind. Each case pins a
// promise the mutation tier showed unguarded: the answer says whether the refused id was revoked,
// the report names the viewer and the id, onRevoke says who asked, the refused mint's hint is dropped
// once nothing waits, and an unrecorded id the service revoked is not kept for the sweep.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, DEFAULT_REVOCATION_LEASE_MS, DEFAULT_REVOKE_RETRY_MS, type EndpointErrorReport, type RevocationReport, type SessionEndpointOptions, type SessionStore } from '../../src/index.js';
import { browserRequest, json, makeEndpoint, PATH } from '../support/endpoint-fixture.js';

/** An endpoint whose next mint waits until `finish()`, so a sign-out can come while it is minted. */
function endpointWithHeldMint(options: Partial<SessionEndpointOptions> = {}) {
  const held: (() => void)[] = [];
  const revocations: RevocationReport[] = [];
  let minted = 0;
  const made = makeEndpoint({
    mint: async (viewer) => {
      minted += 1;
      const id = `ses_${viewer.id}_${minted}`;
      await new Promise<void>((resolve) => held.push(resolve));
      return id;
    },
    onRevoke: (report) => revocations.push(report),
    ...options,
  });
  /** A mint across a sign-out of its viewer: its answer. */
  const mintAcrossSignOut = async () => {
    const answer = made.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    await expect.poll(() => held.length).toBe(1);
    await made.endpoint.logoutViewer('ada');
    held.splice(0).forEach((resolve) => resolve());
    return answer;
  };
  return { ...made, revocations, mintAcrossSignOut };
}

describe('a mint refused by a sign-out (memory store)', () => {
  it('says the id was revoked when the service revoked it, reports the revocation as a refused mint, and leaves no hint for the sweep', async () => {
    const { endpoint, revocations, mintAcrossSignOut } = endpointWithHeldMint();
    const answer = await mintAcrossSignOut();
    expect(answer.status).toBe(409);
    const message = (await json(answer)).error.message;
    expect(message).toContain('it was revoked');
    expect(message).not.toContain('retried by the sweep');
    expect(revocations).toEqual([expect.objectContaining({ viewerId: 'ada', sessionId: 'ses_ada_1', by: 'refused-mint', outcome: 'revoked' })]);
    expect((await endpoint.revokePending()).viewers, "the refused mint's hint was left behind").toBe(0);
  });

  it('says its revocation failed and is retried by the sweep when the service failed', async () => {
    const { endpoint, service, clock, mintAcrossSignOut } = endpointWithHeldMint();
    service.failRevoke = true;
    const answer = await mintAcrossSignOut();
    expect(answer.status).toBe(409);
    const message = (await json(answer)).error.message;
    expect(message).toContain('retried by the sweep');
    expect(message).not.toContain('it was revoked');
    service.failRevoke = false;
    clock.advance(DEFAULT_REVOCATION_LEASE_MS + DEFAULT_REVOKE_RETRY_MS);
    expect(await endpoint.revokePending(), "the sweep did not find the refused mint's id: no hint was written for it").toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(service.revoked).toEqual(['ses_ada_1']);
  });

  it("reports a hint the store could not write with the viewer's id", async () => {
    const reports: EndpointErrorReport[] = [];
    const memory = createMemoryStore();
    let hints = 0;
    // The sign-out writes its hint; the refused mint's hint fails.
    const store: SessionStore = { ...memory, hint: async (viewerId) => ((hints += 1) === 1 ? memory.hint(viewerId) : Promise.reject(new Error('store down'))) };
    const { mintAcrossSignOut } = endpointWithHeldMint({ store, onError: (_error, report) => reports.push(report) });
    expect((await mintAcrossSignOut()).status).toBe(409);
    expect(reports).toHaveLength(1);
    expect(reports.filter((report) => report.viewerId !== 'ada'), 'a store failure reported without its viewer').toEqual([]);
  });

  it('whose hint could not be written but whose id was revoked is not kept by the instance: nothing of the viewer waits', async () => {
    const memory = createMemoryStore();
    let hints = 0;
    const store: SessionStore = { ...memory, hint: async (viewerId) => ((hints += 1) === 1 ? memory.hint(viewerId) : Promise.reject(new Error('store down'))) };
    const { endpoint, service, mintAcrossSignOut } = endpointWithHeldMint({ store, onError: () => undefined });
    expect((await mintAcrossSignOut()).status).toBe(409);
    expect(service.revoked).toEqual(['ses_ada_1']);
    expect((await endpoint.status()).unrecorded, 'the viewer was kept in the backlog with nothing left to revoke').toBe(0);
  });

  it('whose hint could not be written and whose revocation failed is kept by the instance: the sweep writes the hint and revokes it', async () => {
    let now = Date.now();
    const memory = createMemoryStore({ now: () => now });
    let hints = 0;
    // The sign-out writes its hint; the refused mint's fails, and the first sweep's; the second sweep's is written.
    const store: SessionStore = { ...memory, hint: async (viewerId) => ([2, 3].includes((hints += 1)) ? Promise.reject(new Error('store down')) : memory.hint(viewerId)) };
    const reports: EndpointErrorReport[] = [];
    const { endpoint, service, mintAcrossSignOut } = endpointWithHeldMint({ store, now: () => now, onError: (_error, report) => reports.push(report) });
    service.failRevoke = true;
    expect((await mintAcrossSignOut()).status).toBe(409);
    service.failRevoke = false;
    now += DEFAULT_REVOCATION_LEASE_MS + DEFAULT_REVOKE_RETRY_MS;
    reports.length = 0;
    expect(await endpoint.revokePending(), 'the hint could not be written: nothing found').toEqual({ viewers: 0, revoked: 0, failed: 0, pending: 0 });
    expect(reports, "the sweep's failed hint, reported with the viewer").toEqual([{ code: 'store-unavailable', viewerId: 'ada' }]);
    expect(await endpoint.revokePending(), 'the sweep did not write the hint the instance kept').toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(service.revoked).toEqual(['ses_ada_1']);
    expect(hints).toBe(4);
    await endpoint.revokePending();
    expect(hints, 'a hint written was kept to be written again').toBe(4);
  });
});

describe('a mint the store could not record (memory store)', () => {
  it('reports the failure with the viewer and the id; an id the service revoked at once is not kept for the sweep', async () => {
    const reports: EndpointErrorReport[] = [];
    const store: SessionStore = { ...createMemoryStore(), add: async () => Promise.reject(new Error('store down')) };
    const { endpoint, service } = makeEndpoint({ store, onError: (_error, report) => reports.push(report) });
    const answer = await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect(answer.status).toBe(503);
    expect((await json(answer)).error.message).toContain('it was revoked');
    expect(reports).toEqual([{ code: 'store-unavailable', viewerId: 'ada', sessionId: 'ses_ada_1' }]);
    expect(service.revoked).toEqual(['ses_ada_1']);
    expect(await endpoint.revokePending(), 'the sweep revoked again an id the service had revoked').toEqual({ viewers: 0, revoked: 0, failed: 0, pending: 0 });
    expect(service.revoked).toEqual(['ses_ada_1']);
  });
});
