// What one instance has in flight (src/revocation/in-flight.ts): at most `revokeConcurrency` calls of
// `revoke` at once, first come first served, and each id's running revocation until it ends (a later
// revocation of the same id is not forgotten when an earlier one ends).
import { describe, expect, it } from 'vitest';
import { createInFlight, type RevocationOutcome } from '../../src/revocation/in-flight.js';

/** A promise and its resolve. */
function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));
const OUTCOME: RevocationOutcome = { revoked: [], failed: [], pending: [] };

describe('the slots of revoke calls', () => {
  it('runs at most `concurrency` calls at once; the next waits for a slot, in order, and each slot is reused', async () => {
    const inFlight = createInFlight(2);
    const calls = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = calls.map((call, index) => inFlight.inSlot(async () => {
      started.push(index);
      await call.promise;
      return index;
    }));
    await turn();
    expect(started).toEqual([0, 1]);
    calls[1]?.resolve();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    calls[0]?.resolve();
    calls[2]?.resolve();
    await turn();
    expect(started).toEqual([0, 1, 2, 3]);
    calls[3]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    const again = deferred();
    const more = [inFlight.inSlot(() => again.promise), inFlight.inSlot(async () => 'second'), inFlight.inSlot(async () => 'third')];
    await turn();
    again.resolve();
    expect((await Promise.all(more)).slice(1)).toEqual(['second', 'third']);
  });

  it('frees the slot of a call that fails', async () => {
    const inFlight = createInFlight(1);
    await expect(inFlight.inSlot(() => Promise.reject(new Error('revoke failed')))).rejects.toThrow('revoke failed');
    expect(await inFlight.inSlot(async () => 'next')).toBe('next');
  });
});

describe('the revocations running here', () => {
  it('forgets an id when its revocation ends, but not when an earlier revocation of it ends after a later one took it', async () => {
    const inFlight = createInFlight(1);
    const first = deferred<RevocationOutcome>();
    const second = deferred<RevocationOutcome>();
    inFlight.track(['ses_1', 'ses_2'], first.promise);
    inFlight.track(['ses_1'], second.promise);
    expect(inFlight.runningFor(['ses_1', 'ses_2', 'ses_3'])).toEqual([second.promise, first.promise]);
    first.resolve(OUTCOME);
    await turn();
    expect([inFlight.isRunning('ses_1'), inFlight.isRunning('ses_2')]).toEqual([true, false]);
    second.resolve(OUTCOME);
    await turn();
    expect(inFlight.isRunning('ses_1')).toBe(false);
  });
});
