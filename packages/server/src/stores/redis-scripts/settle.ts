import type { Settlement } from '../session-store.js';
import { defineScript, idsOf } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `settle`. KEYS ids, pending, since; ARGV how many revoked ids follow, the revoked ids, then the failed
 * ids. Takes the revoked out, releases the failed pending ones (due at the store's now), and only
 * then drops the expired ids. Replies with the viewer's pending ids.
 */
export const SETTLE = defineScript({
  name: 'settle',
  keys: ['ids', 'pending', 'since'],
  args: ({ revoked, failed }: Settlement) => [revoked.length, ...revoked, ...failed],
  ack: 'primary',
  lua: `${LEDGER_LUA}
local now = storeNow()
local revoked = tonumber(ARGV[1])
for index = 2, 1 + revoked do
  redis.call('ZREM', KEYS[1], ARGV[index])
  redis.call('ZREM', KEYS[2], ARGV[index])
  redis.call('ZREM', SINCE, ARGV[index])
end
for index = 2 + revoked, #ARGV do
  if redis.call('ZSCORE', KEYS[2], ARGV[index]) then redis.call('ZADD', KEYS[2], now, ARGV[index]) end
end
dropExpired(now)
expireWithLatest(now)
return redis.call('ZRANGE', KEYS[2], 0, -1)
`,
  parse: idsOf,
});
