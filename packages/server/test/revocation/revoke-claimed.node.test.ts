// The revocation step every path shares (src/revocation/revoke-claimed.ts), at the endpoint on the
// memory store: a sign-out that claims again an id whose revocation still runs on this instance (its
// lease lapsed on the store's clock while the first sign-out's store or service hung) joins that
// revocation instead of calling `revoke` again, lists the id while it runs, and counts only the ids it
// joined from what the joined revocation did.
import { describe, expect, it } from 'vitest';
import { createMemoryStore, type SessionStore } from '../../src/index.js';
import { browserRequest, json, makeEndpoint, PATH } from '../support/endpoint-fixture.js';

const LEASE_MS = 60_000;
const ID_LIFE_MS = 600_000 + 60_000;

/** A promise the test resolves. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** An endpoint on a memory store and one manual clock; `revoke` and the store's first `settle` wait for the test when told to; `revoke` fails for `failing`. */
function endpointFor(options: { revokeTimeoutMs: number; holdRevoke?: boolean; holdFirstSettle?: boolean; failing?: Set<string> }) {
  let now = 1_700_000_000_000;
  const memory = createMemoryStore({ now: () => now });
  const revokes: string[] = [];
  const revokeGate = gate();
  const settleGate = gate();
  let settles = 0;
  const store: SessionStore = {
    ...memory,
    settle: async (settlement) => {
      settles += 1;
      if (options.holdFirstSettle && settles === 1) await settleGate.opened;
      return memory.settle(settlement);
    },
  };
  const made = makeEndpoint({
    store,
    now: () => now,
    limits: { revokeTimeoutMs: options.revokeTimeoutMs, revocationLeaseMs: LEASE_MS, sessionLifetimeMs: 600_000, redemptionWindowMs: 60_000 },
    revoke: async (sessionId) => {
      revokes.push(sessionId);
      if (options.holdRevoke) await revokeGate.opened;
      if (options.failing?.has(sessionId)) throw new Error('the service is down');
    },
  });
  const mint = async () => (await json(await made.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' })))).sessionId as string;
  const advance = (ms: number) => (now += ms);
  return { ...made, mint, advance, revokes, settleGate, revokeGate, settled: () => settles };
}

describe('a sign-out that claims an id whose revocation still runs on this instance', () => {
  it('lists the id as pending while the revocation it joined still runs, and calls revoke once', async () => {
    const made = endpointFor({ revokeTimeoutMs: 300, holdFirstSettle: true });
    const id = await made.mint();
    const first = made.endpoint.logoutViewer('ada');
    while (made.settled() === 0) await tick();
    // The first sign-out's revocation is stuck in the store; its lease lapses on the store's clock.
    made.advance(LEASE_MS + 1);
    const second = await made.endpoint.logoutViewer('ada');
    expect(second).toMatchObject({ revoked: [], failed: [], pending: [id], complete: false });
    made.settleGate.open();
    expect(await first).toMatchObject({ revoked: [id], pending: [] });
    expect(made.revokes).toEqual([id]);
  });

  it('answers the id revoked once the revocation it joined ends, and counts none of the ids it did not join', async () => {
    const failing = new Set<string>();
    const made = endpointFor({ revokeTimeoutMs: 5_000, holdRevoke: true, failing });
    const failed = await made.mint();
    const revoked = await made.mint();
    failing.add(failed);
    made.advance(ID_LIFE_MS / 2);
    const newer = await made.mint();
    const first = made.endpoint.logoutViewer('ada');
    while (made.revokes.length < 3) await tick();
    // Past the lease and the two older ids' life: the second sign-out claims only the newer id again.
    made.advance(ID_LIFE_MS / 2 + 1);
    const second = made.endpoint.logoutViewer('ada');
    await tick();
    made.revokeGate.open();
    expect(await second).toMatchObject({ revoked: [newer], failed: [], pending: [] });
    expect(await first).toMatchObject({ revoked: [revoked, newer], failed: [{ sessionId: failed }] });
    expect(made.revokes).toEqual([failed, revoked, newer]);
  });

  it('answers the id failed when the revocation it joined fails it', async () => {
    const failing = new Set<string>();
    const made = endpointFor({ revokeTimeoutMs: 5_000, holdRevoke: true, failing });
    const id = await made.mint();
    failing.add(id);
    const first = made.endpoint.logoutViewer('ada');
    while (made.revokes.length < 1) await tick();
    // The first sign-out's call hangs past the lease: the second claims the id again and joins that call.
    made.advance(LEASE_MS + 1);
    const second = made.endpoint.logoutViewer('ada');
    await tick();
    made.revokeGate.open();
    expect(await second).toMatchObject({ revoked: [], failed: [{ sessionId: id }], pending: [id] });
    expect(await first).toMatchObject({ revoked: [], failed: [{ sessionId: id }], pending: [id] });
    expect(made.revokes).toEqual([id]);
  });
});
