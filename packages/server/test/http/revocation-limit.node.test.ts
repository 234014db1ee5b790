// The per-viewer limit of sign-outs and DELETEs (http/revocation-limit.ts) on its own: the mint
// limit's sliding window over two counters per viewer, kept in this instance's memory, a viewer's
// earlier window weighed while it still lies inside the last windowMs and forgotten after.
import { describe, expect, it } from 'vitest';
import { createRevocationCounter } from '../../src/http/revocation-limit.js';

const WINDOW = 60_000;
const counter = () => createRevocationCounter({ perWindow: 3, windowMs: WINDOW });
const kinds = (count: ReturnType<typeof counter>['count'], viewerId: string, times: readonly number[]) => times.map((now) => count(viewerId, now).kind);

describe('createRevocationCounter', () => {
  it('allows perWindow calls of a viewer in a window, refuses the next with the seconds until one fits', () => {
    const { count } = counter();
    expect(kinds(count, 'ada', [1_000, 2_000, 3_000])).toEqual(['allowed', 'allowed', 'allowed']);
    // Four in the window: one more fits once it fades to 2/4, half way into the next (90 s).
    expect(count('ada', 1_000)).toEqual({ kind: 'refused', retryAfterSeconds: 89 });
  });

  it('counts each viewer apart', () => {
    const { count } = counter();
    kinds(count, 'ada', [1_000, 2_000, 3_000, 4_000]);
    expect(kinds(count, 'bob', [5_000, 6_000, 7_000])).toEqual(['allowed', 'allowed', 'allowed']);
    expect(count('bob', 8_000).kind).toBe('refused');
  });

  it("weighs the viewer's earlier window at the start of the next: it is not forgotten when the window turns", () => {
    const { count } = counter();
    kinds(count, 'ada', [1_000, 2_000, 3_000]);
    // 3 × (1 - 0) + 1 = 4 > 3; one more fits once the earlier window fades to 1/3, 40 s in.
    expect(count('ada', WINDOW)).toEqual({ kind: 'refused', retryAfterSeconds: 40 });
  });

  it("keeps a viewer's earlier window when another viewer's call turns the window", () => {
    const { count } = counter();
    kinds(count, 'ada', [1_000, 2_000, 3_000]);
    expect(count('bob', WINDOW).kind).toBe('allowed');
    expect(count('ada', WINDOW + 1_000).kind).toBe('refused');
  });

  it('fades the earlier window as this one goes on: half way, 3 × 0.5 + 1 fits and 3 × 0.5 + 2 does not', () => {
    const { count } = counter();
    kinds(count, 'ada', [1_000, 2_000, 3_000]);
    expect(kinds(count, 'ada', [WINDOW + 30_000, WINDOW + 30_000])).toEqual(['allowed', 'refused']);
  });

  it('forgets a viewer idle for a whole window: two windows on, the earlier calls weigh nothing', () => {
    const { count } = counter();
    kinds(count, 'ada', [1_000, 2_000, 3_000, 4_000]);
    expect(kinds(count, 'ada', [2 * WINDOW + 1_000, 2 * WINDOW + 2_000, 2 * WINDOW + 3_000, 2 * WINDOW + 4_000])).toEqual(['allowed', 'allowed', 'allowed', 'refused']);
  });

  it('forgets an idle viewer when another viewer turns the window, and counts it afresh', () => {
    const { count } = counter();
    kinds(count, 'ada', [1_000, 2_000, 3_000, 4_000]);
    expect(count('bob', 2 * WINDOW).kind).toBe('allowed');
    expect(kinds(count, 'ada', [2 * WINDOW + 1_000, 2 * WINDOW + 2_000, 2 * WINDOW + 3_000])).toEqual(['allowed', 'allowed', 'allowed']);
  });

  it('counts refused calls too: a viewer that keeps calling stays refused', () => {
    const { count } = counter();
    kinds(count, 'ada', [1_000, 2_000, 3_000]);
    expect(kinds(count, 'ada', [4_000, 5_000, 6_000]).every((kind) => kind === 'refused')).toBe(true);
    // Seven calls: in the next window once they fade to 2/7, about 43 s into it.
    expect(count('ada', 7_000)).toEqual({ kind: 'refused', retryAfterSeconds: 96 });
  });

  it('forgets a viewer idle for two windows when a later call turns the window, and keeps one of the window before', () => {
    const { count, viewers } = counter();
    count('ada', 1_000);
    count('bob', WINDOW + 1_000);
    expect(viewers()).toBe(2);
    // A second window on: ada's counter (window 0) is dropped, bob's (the window before) kept.
    count('cy', 2 * WINDOW);
    expect(viewers()).toBe(2);
    count('cy', 2 * WINDOW + 1_000);
    // Later in the same window, and at the next turn: bob is gone once his window is two back.
    count('dee', 3 * WINDOW);
    expect(viewers()).toBe(2);
    count('eve', 5 * WINDOW);
    expect(viewers()).toBe(1);
  });
});
