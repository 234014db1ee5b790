import type { ClaimedIds, SignOutClaim } from '../session-store.js';
import { defineScript, idsOf } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `signOut`. KEYS ids, pending, signOuts, since; ARGV leaseMs, rememberMs. Drops the expired ids first;
 * moves the sign-out moment on (kept rememberMs at least) and leases every id until the store's
 * now + leaseMs. Replies { ids, reclaimed } (reclaimed: those that were pending).
 */
export const SIGN_OUT = defineScript({
  name: 'signOut',
  keys: ['ids', 'pending', 'signOuts', 'since'],
  args: ({ leaseMs, rememberMs }: SignOutClaim) => [leaseMs, rememberMs],
  ack: 'replicas',
  lua: `${LEDGER_LUA}
local now = storeNow()
dropExpired(now)
redis.call('INCR', KEYS[3])
local keep = math.max(1, tonumber(ARGV[2]))
if redis.call('PTTL', KEYS[3]) < keep then redis.call('PEXPIRE', KEYS[3], keep) end
local leaseUntil = now + tonumber(ARGV[1])
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
local reclaimed = {}
for _, id in ipairs(ids) do
  if lease(id, leaseUntil) then table.insert(reclaimed, id) end
end
expireWithLatest(now)
return { ids, reclaimed }
`,
  parse: (reply): ClaimedIds | undefined => {
    if (!Array.isArray(reply) || reply.length !== 2) return undefined;
    const ids = idsOf(reply[0]);
    const reclaimed = idsOf(reply[1]);
    return ids && reclaimed ? { ids, reclaimed } : undefined;
  },
});
