import type { LedgerHorizon } from '../session-store.js';
import { defineScript } from './define-script.js';

/**
 * `horizon`. KEYS horizon; no ARGV. Reads since when the ledger is whole; when the key is missing (a
 * new Redis, a flush, a failover that lost it) writes the store's now there, without expiry. Touches
 * no ledger. Replies { since, now } on Redis' clock.
 */
export const HORIZON = defineScript({
  name: 'horizon',
  keys: ['horizon'],
  args: (_input: { viewerId?: undefined }) => [],
  ack: 'replicas',
  lua: `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local since = tonumber(redis.call('GET', KEYS[1]))
if not since then
  since = now
  redis.call('SET', KEYS[1], since)
end
return { since, now }
`,
  parse: (reply): LedgerHorizon | undefined => {
    if (!Array.isArray(reply) || reply.length !== 2) return undefined;
    const [since = NaN, now = NaN] = reply.map(Number);
    return Number.isFinite(since) && Number.isFinite(now) ? { since, now } : undefined;
  },
});
