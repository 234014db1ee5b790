// Reading a Fetch Request's body within its limits (http/body-limit.ts) on its own: a body of exactly
// limitBytes is within, one byte more is too large, a body that stalls times out; the stream is
// cancelled on either refusal and no timer is left behind.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBodyWithin } from '../../src/http/body-limit.js';

/** A stream of the given chunk sizes, then (unless `stall`) its end; counts cancels. */
function body(sizes: readonly number[], { stall = false } = {}) {
  const seen = { cancels: 0 };
  const queue = [...sizes];
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = queue.shift();
      if (size !== undefined) controller.enqueue(new Uint8Array(size));
      else if (!stall) controller.close();
    },
    cancel() {
      seen.cancels += 1;
    },
  }, { highWaterMark: 0 });
  return { stream, seen };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('readBodyWithin', () => {
  it('reads a body of exactly limitBytes, over several chunks, as within, and cancels nothing', async () => {
    const { stream, seen } = body([40, 24]);
    expect(await readBodyWithin(stream, { limitBytes: 64, timeoutMs: 1_000 })).toBe('within');
    expect(seen.cancels).toBe(0);
  });

  it('stops at one byte over limitBytes: too-large, the stream cancelled, the rest never pulled', async () => {
    const { stream, seen } = body([40, 25, 1_000_000]);
    expect(await readBodyWithin(stream, { limitBytes: 64, timeoutMs: 1_000 })).toBe('too-large');
    expect(seen.cancels).toBe(1);
  });

  it('gives up on a body that stalls at timeoutMs: timed-out, the stream cancelled', async () => {
    const { stream, seen } = body([4], { stall: true });
    const started = Date.now();
    expect(await readBodyWithin(stream, { limitBytes: 64, timeoutMs: 100 })).toBe('timed-out');
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(seen.cancels).toBe(1);
  });

  it('leaves no timer once the body is read', async () => {
    vi.useFakeTimers();
    const { stream } = body([8]);
    expect(await readBodyWithin(stream, { limitBytes: 64, timeoutMs: 5_000 })).toBe('within');
    expect(vi.getTimerCount()).toBe(0);
  });
});
