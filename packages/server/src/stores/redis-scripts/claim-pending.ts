import type { ClaimedIds, PendingClaim } from '../session-store.js';
import { defineScript, idsOf } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `claimPending`. KEYS ids, pending, failures, since; ARGV leaseMs. Drops the expired ids first; leases anew, until
 * the store's now + leaseMs, the pending ids whose lease or backoff has ended. Replies with them.
 */
export const CLAIM_PENDING = defineScript({
  name: 'claimPending',
  keys: ['ids', 'pending', 'failures', 'since'],
  args: ({ leaseMs }: PendingClaim) => [leaseMs],
  ack: 'primary',
  lua: `${LEDGER_LUA}
local now = storeNow()
dropExpired(now)
local due = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for _, id in ipairs(due) do redis.call('ZADD', KEYS[2], now + tonumber(ARGV[1]), id) end
expireWithLatest(now)
return due
`,
  parse: (reply): ClaimedIds | undefined => {
    const ids = idsOf(reply);
    return ids && { ids, reclaimed: [...ids] };
  },
});
