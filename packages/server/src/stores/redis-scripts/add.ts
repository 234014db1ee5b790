import type { AddOutcome, NewEntry } from '../session-store.js';
import { defineScript, wordOf } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `add`. KEYS ids, pending, failures, signOuts, since; ARGV session id, lifetimeMs, signOutsSeen, leaseMs. Drops
 * the expired ids first; records the id until the store's now + lifetimeMs, pending at once (leased
 * for leaseMs) when the sign-out moment moved on. Replies 'recorded' or 'signed-out'.
 */
export const ADD = defineScript({
  name: 'add',
  keys: ['ids', 'pending', 'failures', 'signOuts', 'since'],
  args: ({ sessionId, lifetimeMs, signOutsSeen, leaseMs }: NewEntry) => [sessionId, lifetimeMs, signOutsSeen, leaseMs],
  ack: 'replicas',
  lua: `${LEDGER_LUA}
local now = storeNow()
dropExpired(now)
local signedOut = tonumber(redis.call('GET', KEYS[4]) or '0') ~= tonumber(ARGV[3])
local lifetime = tonumber(ARGV[2])
if lifetime > 0 then
  redis.call('ZADD', KEYS[1], now + lifetime, ARGV[1])
  if signedOut then lease(ARGV[1], now, now + tonumber(ARGV[4])) end
end
expireWithLatest(now)
if signedOut then return 'signed-out' end
return 'recorded'
`,
  parse: (reply) => wordOf<AddOutcome>(reply, ['recorded', 'signed-out']),
});
