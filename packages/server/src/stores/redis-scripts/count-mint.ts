import type { MintAttempt, MintCount } from '../session-store.js';
import { defineScript } from './define-script.js';

/**
 * `countMint`. KEYS mints, signOuts; ARGV now (the endpoint's, for the mint window), windowMs.
 * Counts one attempt in the window of `now` (the window before it kept as one number), and expires
 * the counters two windows on. Touches no ledger. Replies { windowStart, current, previous, signOuts }.
 */
export const COUNT_MINT = defineScript({
  name: 'countMint',
  keys: ['mints', 'signOuts'],
  args: ({ now, windowMs }: MintAttempt) => [now, windowMs],
  ack: 'primary',
  lua: `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local start = now - (now % window)
local saved = redis.call('HMGET', KEYS[1], 'start', 'current', 'previous', 'window')
local savedStart = tonumber(saved[1])
local current, previous = 1, 0
if savedStart and tonumber(saved[4]) == window and savedStart >= start then
  start = savedStart
  current = tonumber(saved[2]) + 1
  previous = tonumber(saved[3])
elseif savedStart and tonumber(saved[4]) == window and savedStart == start - window then
  previous = tonumber(saved[2])
end
redis.call('HSET', KEYS[1], 'start', start, 'current', current, 'previous', previous, 'window', window)
redis.call('PEXPIRE', KEYS[1], 2 * window)
local signOuts = tonumber(redis.call('GET', KEYS[2]) or '0')
return { start, current, previous, signOuts }
`,
  parse: (reply): MintCount | undefined => {
    if (!Array.isArray(reply) || reply.length !== 4) return undefined;
    const [windowStart = NaN, current = NaN, previous = NaN, signOuts = NaN] = reply.map(Number);
    if (![windowStart, current, previous, signOuts].every(Number.isFinite)) return undefined;
    return { windowStart, current, previous, signOuts };
  },
});
