import type { ClaimOutcome, IdClaim } from '../session-store.js';
import { defineScript, wordOf } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `claim`. KEYS ids, pending, failures, since; ARGV session id, leaseMs. Drops the expired ids first;
 * leases the id until the store's now + leaseMs if it is in the ledger and not held. Replies
 * 'claimed', 'reclaimed' (it was pending and due), 'held' (pending, its lease or backoff not over:
 * left as it is) or 'absent'.
 */
export const CLAIM = defineScript({
  name: 'claim',
  keys: ['ids', 'pending', 'failures', 'since'],
  args: ({ sessionId, leaseMs }: IdClaim) => [sessionId, leaseMs],
  ack: 'primary',
  lua: `${LEDGER_LUA}
local now = storeNow()
dropExpired(now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 'absent' end
local outcome = lease(ARGV[1], now, now + tonumber(ARGV[2]))
expireWithLatest(now)
return outcome
`,
  parse: (reply) => wordOf<ClaimOutcome>(reply, ['claimed', 'reclaimed', 'held', 'absent']),
});
