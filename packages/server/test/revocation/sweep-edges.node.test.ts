// The sweep (src/revocation/sweep.ts) and the sign-out (src/revocation/sign-out.ts) on the memory
// store when the store fails part-way, pages its hints, or the service keeps failing: what they
// report, throw and retry. Each case pins a promise the mutation tier showed unguarded.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryStore, DEFAULT_REVOCATION_LEASE_MS, DEFAULT_REVOKE_RETRY_MS, type EndpointErrorReport, type RevocationReport, type SessionStore,
} from '../../src/index.js';
import { browserRequest, json, makeEndpoint, PATH } from '../support/endpoint-fixture.js';

type Failing = 'add' | 'hint' | 'listHints' | 'claimPending' | 'settle';

/** An endpoint on a memory store whose calls named in `failing` reject, on one manual clock. */
function endpointWithFaults(store: (memory: SessionStore) => Partial<SessionStore> = () => ({})) {
  let now = 1_700_000_000_000;
  const memory = createMemoryStore({ now: () => now });
  const failing = new Set<Failing>();
  const calls = { hint: 0, listHints: [] as unknown[] };
  const faulty = <K extends Failing>(name: K) => (async (...args: never[]) => {
    if (failing.has(name)) throw new Error(`${name}: store down`);
    return (memory[name] as (...a: never[]) => unknown)(...args);
  }) as SessionStore[K];
  const wrapped: SessionStore = {
    ...memory,
    add: faulty('add'),
    hint: async (viewerId) => {
      calls.hint += 1;
      return faulty('hint')(viewerId);
    },
    listHints: async (page) => {
      calls.listHints.push(page);
      return faulty('listHints')(page);
    },
    claimPending: faulty('claimPending'),
    settle: faulty('settle'),
  };
  const revocations: RevocationReport[] = [];
  const reports: EndpointErrorReport[] = [];
  const made = makeEndpoint({
    store: { ...wrapped, ...store(wrapped) },
    now: () => now,
    onRevoke: (report) => revocations.push(report),
    onError: (_error, report) => reports.push(report),
  });
  const mint = async (viewer = 'ada') => (await json(await made.endpoint.fetch(browserRequest('POST', PATH, { viewer })))).sessionId as string;
  /** Past the lease and the first backoff: a failed id is due again. */
  const untilDue = () => (now += DEFAULT_REVOCATION_LEASE_MS + DEFAULT_REVOKE_RETRY_MS);
  return { ...made, failing, calls, revocations, reports, mint, untilDue };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the sign-out', () => {
  it('reports a store that could not hint with the viewer, and throws what to do', async () => {
    const { endpoint, failing, reports } = endpointWithFaults();
    failing.add('hint');
    await expect(endpoint.logoutViewer('ada')).rejects.toThrow('the session store could not be reached: nothing was revoked yet; sign out again once it is back');
    expect(reports).toEqual([{ code: 'store-unavailable', viewerId: 'ada' }]);
  });

  it('tells onRevoke each revocation is a sign-out', async () => {
    const { endpoint, revocations, mint } = endpointWithFaults();
    const id = await mint();
    await endpoint.logoutViewer('ada');
    expect(revocations).toEqual([expect.objectContaining({ viewerId: 'ada', sessionId: id, by: 'sign-out' })]);
  });

  it('leaves no timer behind once answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { endpoint, mint } = endpointWithFaults();
    await mint();
    await endpoint.logoutViewer('ada');
    expect(vi.getTimerCount(), "the answer's deadline timer was left running").toBe(0);
  });
});

describe('the sweep', () => {
  /** Ada's one id, pending after a sign-out whose revocation failed, and due again. */
  async function pendingId(made: ReturnType<typeof endpointWithFaults>) {
    const id = await made.mint();
    made.service.failRevoke = true;
    await made.endpoint.logoutViewer('ada');
    made.service.failRevoke = false;
    made.untilDue();
    return id;
  }

  it('reads every page of hints, from cursor "0" to the cursor "0" that ends them', async () => {
    const made = endpointWithFaults((wrapped) => ({
      listHints: async (page) => {
        const all = await wrapped.listHints(page);
        if (page.cursor === '0') return { hints: [], cursor: '17' };
        return page.cursor === '17' ? { hints: all.hints, cursor: '0' } : { hints: [], cursor: '0' };
      },
    }));
    const id = await pendingId(made);
    expect(await made.endpoint.revokePending()).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(made.service.revoked).toEqual([id]);
    expect(made.calls.listHints).toEqual([{ cursor: '0', count: 100 }, { cursor: '17', count: 100 }]);
    expect(made.revocations.at(-1)).toEqual(expect.objectContaining({ sessionId: id, by: 'sweep', retry: true }));
  });

  it('throws what to do when the index of hints cannot be read', async () => {
    const made = endpointWithFaults();
    made.failing.add('listHints');
    await expect(made.endpoint.revokePending()).rejects.toThrow('the session store could not be read: the sweep stopped; run it again once the store is back');
  });

  it("skips a viewer whose ids the store could not claim, reported with the viewer, and keeps their hint", async () => {
    const made = endpointWithFaults();
    const id = await pendingId(made);
    made.failing.add('claimPending');
    made.reports.length = 0;
    expect(await made.endpoint.revokePending()).toEqual({ viewers: 1, revoked: 0, failed: 0, pending: 0 });
    expect(made.reports).toEqual([{ code: 'store-unavailable', viewerId: 'ada' }]);
    made.failing.delete('claimPending');
    expect(await made.endpoint.revokePending()).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
    expect(made.service.revoked).toEqual([id]);
  });

  it('counts what it revoked when the store could not be told (settle failed)', async () => {
    const made = endpointWithFaults();
    await pendingId(made);
    made.failing.add('settle');
    expect(await made.endpoint.revokePending()).toEqual({ viewers: 1, revoked: 1, failed: 0, pending: 0 });
  });

  it('counts an unrecorded id whose revocation fails again as failed and pending, and keeps it', async () => {
    const made = endpointWithFaults();
    made.failing.add('add');
    made.service.failRevoke = true;
    await made.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
    expect(await made.endpoint.revokePending()).toEqual({ viewers: 0, revoked: 0, failed: 1, pending: 1 });
    made.service.failRevoke = false;
    expect(await made.endpoint.revokePending()).toEqual({ viewers: 0, revoked: 1, failed: 0, pending: 0 });
  });
});
