// The mint limit's sliding window over two counters (http/mint-window.ts), as a table: whether an
// attempt may mint, and the Retry-After of a refusal, from the counters the store gives.
import { describe, expect, it } from 'vitest';
import { estimatedAttempts, mintVerdict } from '../../src/http/mint-window.js';

const WINDOW = 60_000;
const limit = (secondsIntoWindow: number) => ({ now: secondsIntoWindow * 1000, windowMs: WINDOW, mintsPerWindow: 3 });
const count = (current: number, previous = 0) => ({ windowStart: 0, current, previous, signOuts: 0 });

describe('mintVerdict', () => {
  it.each([
    ['the first attempt', count(1), 0, { kind: 'allowed' }],
    ['the third attempt of an empty earlier window', count(3), 10, { kind: 'allowed' }],
    ['the fourth attempt: one more fits once this window fades to 2/4, 30 s into the next', count(4), 50, { kind: 'refused', retryAfterSeconds: 40 }],
    ['a hundredth attempt: in the next window once this one fades to 2/100', count(100), 0, { kind: 'refused', retryAfterSeconds: 119 }],
    ['one attempt after a full earlier window, at its start: the next fits once that window fades to 1/3', count(1, 3), 0, { kind: 'refused', retryAfterSeconds: 40 }],
    ['one attempt after a full earlier window, a third of the way in', count(1, 3), 20, { kind: 'allowed' }],
    ['two attempts after a full earlier window, half way', count(2, 3), 30, { kind: 'refused', retryAfterSeconds: 30 }],
    ['four attempts after two in the earlier window: no room in this window, so in the next once it fades to 2/4', count(4, 2), 10, { kind: 'refused', retryAfterSeconds: 80 }],
  ] as const)('%s', (_, counted, seconds, verdict) => {
    expect(mintVerdict(counted, limit(seconds))).toEqual(verdict);
  });

  it('weighs the earlier window by the part of it still inside the last windowMs', () => {
    expect(estimatedAttempts(count(2, 4), limit(15))).toBe(5);
    expect(estimatedAttempts(count(2, 4), limit(60))).toBe(2);
  });

  it('allows as many attempts as the limit in a window, whatever the earlier window saw once it has passed', () => {
    expect([1, 2, 3, 4].map((current) => mintVerdict(count(current, 30), limit(60)).kind)).toEqual(['allowed', 'allowed', 'allowed', 'refused']);
  });
});
