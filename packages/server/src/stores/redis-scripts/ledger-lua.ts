/**
 * The Lua every ledger script starts with. A ledger is three sorted sets and a hash of one viewer:
 * `KEYS[1]` `ids` (every id not yet confirmed revoked, live or pending, scored by its expiry),
 * `KEYS[2]` `pending` (the ids claimed for revocation, scored by the end of their lease or backoff:
 * held until then, due after), `KEYS[3]` `failures` (failed revocations per pending id), and
 * `since`, the last key every ledger script names (`KEYS[#KEYS]`: the pending ids, scored by the
 * moment each first became pending, for the backlog's oldest age; a retry keeps that moment). Times are the
 * store's: `storeNow()` reads Redis' `TIME`, and the endpoint passes durations only, so no
 * instance's clock decides an expiry or a lease.
 */
export const LEDGER_LUA = `
local SINCE = KEYS[#KEYS]
local function storeNow()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local function dropExpired(now)
  local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
  if #gone > 0 then
    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
    for _, id in ipairs(gone) do
      redis.call('ZREM', KEYS[2], id)
      redis.call('HDEL', KEYS[3], id)
      redis.call('ZREM', SINCE, id)
    end
  end
end
local function expireWithLatest(now)
  local latest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  if latest[2] then
    local ttl = math.max(1, math.ceil(tonumber(latest[2]) - now))
    redis.call('PEXPIRE', KEYS[1], ttl)
    if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], ttl) end
    if redis.call('EXISTS', KEYS[3]) == 1 then redis.call('PEXPIRE', KEYS[3], ttl) end
    if redis.call('EXISTS', SINCE) == 1 then redis.call('PEXPIRE', SINCE, ttl) end
  end
end
local function lease(id, now, leaseUntil)
  local before = redis.call('ZSCORE', KEYS[2], id)
  if before and tonumber(before) > now then return 'held' end
  redis.call('ZADD', KEYS[2], leaseUntil, id)
  redis.call('ZADD', SINCE, 'NX', storeNow(), id)
  if before then return 'reclaimed' end
  return 'claimed'
end
`;
