import type { PendingCount } from '../session-store.js';
import { defineScript } from './define-script.js';
import { LEDGER_LUA } from './ledger-lua.js';

/**
 * `countPending`, for one viewer. KEYS ids, pending, failures, since; no ARGV. Reads only: counts the viewer's pending
 * ids whose lifetime is not over at the store's now, and how long the oldest has been pending (ms;
 * an id pending since before `since` was kept counts, without an age, until it is claimed again).
 * Replies { count, oldest age ms or -1 }.
 */
export const COUNT_PENDING = defineScript({
  name: 'countPending',
  keys: ['ids', 'pending', 'failures', 'since'],
  args: (_viewer: { viewerId: string }) => [],
  ack: 'primary',
  lua: `${LEDGER_LUA}
local now = storeNow()
local count = 0
local oldest = -1
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local expiry = redis.call('ZSCORE', KEYS[1], id)
  local since = redis.call('ZSCORE', SINCE, id)
  if expiry and tonumber(expiry) > now then
    count = count + 1
    if since and now - tonumber(since) > oldest then oldest = now - tonumber(since) end
  end
end
return { count, oldest }
`,
  parse: (reply): PendingCount | undefined => {
    if (!Array.isArray(reply) || reply.length !== 2) return undefined;
    const [ids = NaN, oldest = NaN] = reply.map(Number);
    if (!Number.isFinite(ids) || !Number.isFinite(oldest)) return undefined;
    return { ids, oldestAgeMs: oldest < 0 ? null : Math.max(0, oldest) };
  },
});
