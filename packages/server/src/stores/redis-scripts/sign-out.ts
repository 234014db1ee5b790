import type { SignedOutIds, SignOutClaim } from '../session-store.js';
import { defineScript, idsOf } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `signOut`. KEYS ids, pending, failures, signOuts, since; ARGV leaseMs, rememberMs. Drops the expired
 * ids first; moves the sign-out moment on (kept rememberMs at least) and leases every id that is not
 * held until the store's now + leaseMs. Replies { ids, reclaimed, held } (reclaimed: those that were
 * pending and due; held: pending ones whose lease or backoff is not over, left as they are).
 */
export const SIGN_OUT = defineScript({
  name: 'signOut',
  keys: ['ids', 'pending', 'failures', 'signOuts', 'since'],
  args: ({ leaseMs, rememberMs }: SignOutClaim) => [leaseMs, rememberMs],
  ack: 'replicas',
  lua: `${LEDGER_LUA}
local now = storeNow()
dropExpired(now)
redis.call('INCR', KEYS[4])
local keep = math.max(1, tonumber(ARGV[2]))
if redis.call('PTTL', KEYS[4]) < keep then redis.call('PEXPIRE', KEYS[4], keep) end
local leaseUntil = now + tonumber(ARGV[1])
local claimed, reclaimed, held = {}, {}, {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local outcome = lease(id, now, leaseUntil)
  if outcome == 'held' then table.insert(held, id) else table.insert(claimed, id) end
  if outcome == 'reclaimed' then table.insert(reclaimed, id) end
end
expireWithLatest(now)
return { claimed, reclaimed, held }
`,
  parse: (reply): SignedOutIds | undefined => {
    if (!Array.isArray(reply) || reply.length !== 3) return undefined;
    const ids = idsOf(reply[0]);
    const reclaimed = idsOf(reply[1]);
    const held = idsOf(reply[2]);
    return ids && reclaimed && held ? { ids, reclaimed, held } : undefined;
  },
});
