// The scripts' reply parsers: a reply of the shape the Lua returns is read as the store's answer; any
// other shape (a key under the store's prefix written by something else, a script of another
// version) is `undefined`, which the store turns into a `store-unavailable` error naming the
// script. No Redis: the parsers are plain functions.
import { describe, expect, it } from 'vitest';
import { COUNT_PENDING } from '../../src/stores/redis-scripts/count-pending.js';
import { HORIZON } from '../../src/stores/redis-scripts/horizon.js';
import { SIGN_OUT } from '../../src/stores/redis-scripts/sign-out.js';

describe('countPending reply', () => {
  it('reads the count and the age of the oldest, -1 as no age', () => {
    expect(COUNT_PENDING.parse([3, 1500])).toEqual({ ids: 3, oldestAgeMs: 1500 });
    expect(COUNT_PENDING.parse(['2', '40'])).toEqual({ ids: 2, oldestAgeMs: 40 });
    expect(COUNT_PENDING.parse([0, -1])).toEqual({ ids: 0, oldestAgeMs: null });
  });

  it('keeps an age of 0 ms (an id pending since this very moment) as an age', () => {
    expect(COUNT_PENDING.parse([1, 0])).toEqual({ ids: 1, oldestAgeMs: 0 });
  });

  it.each([
    ['not a list', 'OK'],
    ['a string of two characters', 'ab'],
    ['one number', [1]],
    ['three numbers', [1, 2, 3]],
    ['a count that is no number', ['many', 5]],
    ['an age that is no number', [5, 'old']],
  ])('refuses %s', (_what, reply) => {
    expect(COUNT_PENDING.parse(reply)).toBeUndefined();
  });
});

describe('signOut reply', () => {
  it('reads the claimed, reclaimed and held ids', () => {
    expect(SIGN_OUT.parse([['s1', 's2'], ['s2'], []])).toEqual({ ids: ['s1', 's2'], reclaimed: ['s2'], held: [] });
    expect(SIGN_OUT.parse([[], [], ['s3']])).toEqual({ ids: [], reclaimed: [], held: ['s3'] });
  });

  it.each([
    ['not a list', 'OK'],
    ['a string of three characters', 'abc'],
    ['two lists', [['s1'], []]],
    ['four lists', [['s1'], [], [], ['s9']]],
    ['claimed ids that are no list', ['s1', [], []]],
    ['reclaimed ids that are no list', [['s1'], 's1', []]],
    ['held ids that are no list', [['s1'], [], 's1']],
    ['claimed and reclaimed ids that are no lists', ['s1', 's1', []]],
  ])('refuses %s', (_what, reply) => {
    expect(SIGN_OUT.parse(reply)).toBeUndefined();
  });
});

describe('horizon reply', () => {
  it('reads since and now, on Redis\' clock', () => {
    expect(HORIZON.parse([1_700_000_000_000, 1_700_000_360_000])).toEqual({ since: 1_700_000_000_000, now: 1_700_000_360_000 });
    expect(HORIZON.parse(['5', '6'])).toEqual({ since: 5, now: 6 });
  });

  it.each([
    ['not a list', 'OK'],
    ['a string of two characters', '12'],
    ['one number', [5]],
    ['three numbers', [5, 6, 7]],
    ['a since that is no number', ['then', 6]],
    ['a now that is no number', [5, 'now']],
  ])('refuses %s', (_what, reply) => {
    expect(HORIZON.parse(reply)).toBeUndefined();
  });
});
