import { describe, expect, test } from 'vitest';
import { MAX_TIMEOUT_MS, SESSION_WARNING_MS, sessionSchedule } from '../src/index.js';

const T = Date.UTC(2030, 0, 1);
const WARN = SESSION_WARNING_MS;

describe('sessionSchedule', () => {
  test('the named constants are the documented values', () => {
    expect(SESSION_WARNING_MS).toBe(30 * 60 * 1000);
    expect(MAX_TIMEOUT_MS).toBe(2147483647);
  });

  test.each([
    ['long before the warning', T, T + 2 * WARN + 5, { state: 'active', delayMs: WARN + 5 }],
    ['1 ms before the warning', T, T + WARN + 1, { state: 'active', delayMs: 1 }],
    ['exactly at the warning threshold', T, T + WARN, { state: 'expiring', delayMs: WARN }],
    ['inside the warning window', T, T + 10, { state: 'expiring', delayMs: 10 }],
    ['1 ms before expiry', T, T + 1, { state: 'expiring', delayMs: 1 }],
    ['exactly at expiry', T, T, { state: 'expired' }],
    ['already expired at start', T, T - 24 * 60 * WARN, { state: 'expired' }],
  ])('%s', (_, now, expiresAt, expected) => {
    expect(sessionSchedule(now, expiresAt, WARN)).toEqual(expected);
  });

  test('a clock jumping backwards only moves the next check later, it never goes negative', () => {
    const expiresAt = T + 2 * WARN;
    expect(sessionSchedule(T + WARN, expiresAt, WARN)).toEqual({ state: 'expiring', delayMs: WARN });
    expect(sessionSchedule(T - 3 * WARN, expiresAt, WARN)).toEqual({ state: 'active', delayMs: 4 * WARN });
  });

  test('an expiry beyond setTimeout range is capped at 2^31-1 ms, then re-checked', () => {
    const expiresAt = T + 60 * 24 * 60 * 60 * 1000; // 60 days
    const first = sessionSchedule(T, expiresAt, WARN);
    expect(first).toEqual({ state: 'active', delayMs: MAX_TIMEOUT_MS });
    const toWarning = expiresAt - WARN - T;
    expect(toWarning).toBeGreaterThan(2 * MAX_TIMEOUT_MS);
    expect(sessionSchedule(T + MAX_TIMEOUT_MS, expiresAt, WARN)).toEqual({ state: 'active', delayMs: MAX_TIMEOUT_MS });
    expect(sessionSchedule(T + 2 * MAX_TIMEOUT_MS, expiresAt, WARN)).toEqual({ state: 'active', delayMs: toWarning - 2 * MAX_TIMEOUT_MS });
    // The expiring window itself can be longer than setTimeout's range too.
    expect(sessionSchedule(T, T + 2 * MAX_TIMEOUT_MS, 3 * MAX_TIMEOUT_MS)).toEqual({ state: 'expiring', delayMs: MAX_TIMEOUT_MS });
  });

  test('a zero warning goes straight from active to expired', () => {
    expect(sessionSchedule(T, T + 5, 0)).toEqual({ state: 'active', delayMs: 5 });
    expect(sessionSchedule(T + 5, T + 5, 0)).toEqual({ state: 'expired' });
  });

  test('a NaN clock reads as expired rather than scheduling a busy loop', () => {
    expect(sessionSchedule(Number.NaN, T, WARN)).toEqual({ state: 'expired' });
  });
});
