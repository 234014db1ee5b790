/**
 * The Redis store's operations as Lua scripts: Redis runs each one whole, with no other command in
 * between, so every operation is atomic across all the endpoint instances that share the server.
 * Each script touches one key (safe on a cluster too).
 *
 * A ledger is a sorted set of session ids scored by their expiry (epoch ms). Every script first drops
 * the members whose expiry is at or before `now`, and a script that leaves members sets the key's
 * expiry to that of its latest member, so a ledger nobody touches again disappears by itself.
 * A viewer's mint counters are a hash: the attempts of this window and of the one before.
 */
import { createHash } from 'node:crypto';

/** A Lua script and its SHA-1 (for EVALSHA, falling back to EVAL when the server lacks it). */
export interface RedisScript {
  /** What it does, for error messages. */
  name: string;
  source: string;
  sha: string;
}

const LEDGER_HELPERS = `
local function dropExpired(key, now)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
end
local function expireWithLatest(key, now)
  local latest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  if latest[2] then
    redis.call('PEXPIRE', key, math.max(1, math.ceil(tonumber(latest[2]) - now)))
  end
end
`;

function script(name: string, body: string): RedisScript {
  const source = `${LEDGER_HELPERS}${body}`;
  return { name, source, sha: createHash('sha1').update(source).digest('hex') };
}

/** KEYS[1] ledger; ARGV now, session id, expiresAt. Records the id; returns 1. */
export const ADD_SCRIPT = script('add', `
local now = tonumber(ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
dropExpired(KEYS[1], now)
expireWithLatest(KEYS[1], now)
return 1
`);

/** KEYS[1] ledger; ARGV now, session id. Removes the id; returns 1 if it was there unexpired, else 0. */
export const CLAIM_SCRIPT = script('claim', `
local now = tonumber(ARGV[1])
dropExpired(KEYS[1], now)
local removed = redis.call('ZREM', KEYS[1], ARGV[2])
expireWithLatest(KEYS[1], now)
return removed
`);

/** KEYS[1] ledger; ARGV now. Deletes the ledger; returns its unexpired ids. */
export const CLAIM_ALL_SCRIPT = script('claimAll', `
dropExpired(KEYS[1], tonumber(ARGV[1]))
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
redis.call('DEL', KEYS[1])
return ids
`);

/**
 * KEYS[1] mints; ARGV now, windowMs. Counts one attempt in the window of `now` (the window before it
 * kept as one number) in a hash of four fields; returns { windowStart, current, previous }.
 */
export const COUNT_MINT_SCRIPT = script('countMint', `
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
return { start, current, previous }
`);
