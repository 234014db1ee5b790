/**
 * The Redis store's operations as Lua scripts: Redis runs each one whole, with no other command in
 * between, so every operation is atomic across all the endpoint instances that share the server.
 * Each script touches one key (safe on a cluster too).
 *
 * A ledger is a sorted set of session ids scored by their expiry (epoch ms). Every script first drops
 * the members whose expiry is at or before `now`, and a script that leaves members sets the key's
 * expiry to that of its latest member, so a ledger nobody touches again disappears by itself.
 * A viewer's mints are a sorted set of unique members scored by the mint time, trimmed to the window.
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
 * KEYS[1] mints; ARGV now, windowMs, a unique member. Drops the mints at or before `now - windowMs`,
 * counts this one; returns { count, time of the oldest mint in the window }.
 */
export const COUNT_MINT_SCRIPT = script('countMint', `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil(window)))
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { redis.call('ZCARD', KEYS[1]), oldest[2] }
`);
