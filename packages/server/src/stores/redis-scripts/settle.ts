import type { Settlement } from '../session-store.js';
import { defineScript, idsOf } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `settle`. KEYS ids, pending, failures, since; ARGV the retry schedule (firstMs, maxMs, jitter), how
 * many revoked ids follow, the revoked ids, then the failed ids. Takes the revoked out; counts one
 * more failure of each failed pending one, due again after its backoff (the rule of
 * `RetrySchedule`, from the store's now); only then drops the expired ids. Replies with the
 * viewer's pending ids.
 */
export const SETTLE = defineScript({
  name: 'settle',
  keys: ['ids', 'pending', 'failures', 'since'],
  args: ({ revoked, failed, retry }: Settlement) => [retry.firstMs, retry.maxMs, retry.jitter, revoked.length, ...revoked, ...failed],
  ack: 'primary',
  lua: `${LEDGER_LUA}
local now = storeNow()
local firstMs, maxMs, jitter = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local revoked = tonumber(ARGV[4])
for index = 5, 4 + revoked do
  redis.call('ZREM', KEYS[1], ARGV[index])
  redis.call('ZREM', KEYS[2], ARGV[index])
  redis.call('HDEL', KEYS[3], ARGV[index])
  redis.call('ZREM', SINCE, ARGV[index])
end
for index = 5 + revoked, #ARGV do
  if redis.call('ZSCORE', KEYS[2], ARGV[index]) then
    local failures = redis.call('HINCRBY', KEYS[3], ARGV[index], 1)
    local delay = math.min(maxMs, firstMs * 2 ^ math.min(failures - 1, 52))
    redis.call('ZADD', KEYS[2], now + math.ceil(delay * (1 - jitter / 2)), ARGV[index])
  end
end
dropExpired(now)
expireWithLatest(now)
return redis.call('ZRANGE', KEYS[2], 0, -1)
`,
  parse: idsOf,
});
