import type { ClaimOutcome, IdClaim } from '../session-store.js';
import { defineScript, wordOf } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `claim`. KEYS ids, pending, since; ARGV session id, leaseMs. Drops the expired ids first; leases the id
 * until the store's now + leaseMs if it is in the ledger. Replies 'claimed', 'reclaimed' (it was
 * pending) or 'absent'.
 */
export const CLAIM = defineScript({
  name: 'claim',
  keys: ['ids', 'pending', 'since'],
  args: ({ sessionId, leaseMs }: IdClaim) => [sessionId, leaseMs],
  ack: 'primary',
  lua: `${LEDGER_LUA}
local now = storeNow()
dropExpired(now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 'absent' end
local before = lease(ARGV[1], now + tonumber(ARGV[2]))
expireWithLatest(now)
if before then return 'reclaimed' end
return 'claimed'
`,
  parse: (reply) => wordOf<ClaimOutcome>(reply, ['claimed', 'reclaimed', 'absent']),
});
