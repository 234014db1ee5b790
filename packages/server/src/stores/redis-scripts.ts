/**
 * The Redis store's operations as Lua scripts: Redis runs each one whole, with no other command in
 * between, so every operation is atomic across all the endpoint instances that share the server.
 * Each script touches the keys of one viewer only (one hash slot, see redis-keys.ts); the hints
 * index is touched by its own script and commands, never with a viewer's keys.
 *
 * A ledger is two sorted sets: `ids` (every id not yet confirmed revoked, scored by its expiry) and
 * `revoking` (the ids being revoked, scored by the end of their lease). Every script first drops the
 * ids whose expiry has passed, from both, and each script that leaves ids sets both keys to expire
 * with the latest, so a ledger nobody touches again disappears by itself.
 */
import { createHash } from 'node:crypto';

/** A Lua script and its SHA-1 (for EVALSHA, falling back to EVAL when the server lacks it). */
export interface RedisScript {
  /** What it does, for error messages. */
  name: string;
  source: string;
  sha: string;
}

/** KEYS[1] ids, KEYS[2] revoking in every ledger script. */
const LEDGER_HELPERS = `
local function dropExpired(now)
  local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
  if #gone > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
    for _, id in ipairs(gone) do redis.call('ZREM', KEYS[2], id) end
  end
end
local function expireWithLatest(now)
  local latest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  if latest[2] then
    local ttl = math.max(1, math.ceil(tonumber(latest[2]) - now))
    redis.call('PEXPIRE', KEYS[1], ttl)
    if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], ttl) end
  end
end
local function lease(id, leaseUntil)
  local before = redis.call('ZSCORE', KEYS[2], id)
  redis.call('ZADD', KEYS[2], leaseUntil, id)
  return before
end
`;

function script(name: string, body: string, helpers = LEDGER_HELPERS): RedisScript {
  const source = `${helpers}${body}`;
  return { name, source, sha: createHash('sha1').update(source).digest('hex') };
}

/**
 * KEYS mints, signouts; ARGV now, windowMs. Counts one attempt in the window of `now` (the window
 * before it kept as one number); returns { windowStart, current, previous, signOuts }.
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
local signOuts = tonumber(redis.call('GET', KEYS[2]) or '0')
return { start, current, previous, signOuts }
`);

/**
 * KEYS ids, revoking, signouts; ARGV now, session id, expiresAt, signOutsSeen, leaseUntil. Records
 * the id; leased at once when the sign-out moment moved on. Returns 'recorded' or 'signed-out'.
 */
export const ADD_SCRIPT = script('add', `
local now = tonumber(ARGV[1])
dropExpired(now)
local signedOut = tonumber(redis.call('GET', KEYS[3]) or '0') ~= tonumber(ARGV[4])
if tonumber(ARGV[3]) > now then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
  if signedOut then lease(ARGV[2], ARGV[5]) end
end
expireWithLatest(now)
if signedOut then return 'signed-out' end
return 'recorded'
`);

/** KEYS ids, revoking; ARGV now, session id, leaseUntil. Returns 'claimed', 'reclaimed' or 'absent'. */
export const CLAIM_SCRIPT = script('claim', `
local now = tonumber(ARGV[1])
dropExpired(now)
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 'absent' end
local before = lease(ARGV[2], ARGV[3])
expireWithLatest(now)
if before then return 'reclaimed' end
return 'claimed'
`);

/**
 * KEYS ids, revoking, signouts; ARGV now, leaseUntil, rememberUntil. Moves the sign-out moment on
 * and claims every id. Returns { ids, reclaimed }.
 */
export const SIGN_OUT_SCRIPT = script('signOut', `
local now = tonumber(ARGV[1])
dropExpired(now)
redis.call('INCR', KEYS[3])
local keep = math.max(1, math.ceil(tonumber(ARGV[3]) - now))
if redis.call('PTTL', KEYS[3]) < keep then redis.call('PEXPIRE', KEYS[3], keep) end
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
local reclaimed = {}
for _, id in ipairs(ids) do
  if lease(id, ARGV[2]) then table.insert(reclaimed, id) end
end
expireWithLatest(now)
return { ids, reclaimed }
`);

/** KEYS ids, revoking; ARGV now, leaseUntil. Claims the ids whose lease has lapsed. Returns them. */
export const CLAIM_PENDING_SCRIPT = script('claimPending', `
local now = tonumber(ARGV[1])
dropExpired(now)
local due = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for _, id in ipairs(due) do redis.call('ZADD', KEYS[2], ARGV[2], id) end
expireWithLatest(now)
return due
`);

/**
 * KEYS ids, revoking; ARGV now, how many revoked ids follow, the revoked ids, then the failed ids.
 * Takes the revoked out, releases the failed (due now). Returns the ids still being revoked.
 */
export const SETTLE_SCRIPT = script('settle', `
local now = tonumber(ARGV[1])
local revoked = tonumber(ARGV[2])
for index = 3, 2 + revoked do
  redis.call('ZREM', KEYS[1], ARGV[index])
  redis.call('ZREM', KEYS[2], ARGV[index])
end
for index = 3 + revoked, #ARGV do
  if redis.call('ZSCORE', KEYS[2], ARGV[index]) then redis.call('ZADD', KEYS[2], now, ARGV[index]) end
end
dropExpired(now)
expireWithLatest(now)
return redis.call('ZRANGE', KEYS[2], 0, -1)
`);

/** KEYS hints; ARGV viewer id, token. Drops the viewer's hint if its token is still this one. */
export const DROP_HINT_SCRIPT = script('dropHint', `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
`, '');
