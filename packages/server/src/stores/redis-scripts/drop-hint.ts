import type { PendingHint } from '../session-store.js';
import { defineScript } from './define-script.js';

/** `dropHint`. KEYS hints; ARGV viewer id, token. Drops the viewer's hint if its token is still this one. Touches no ledger. Replies 0 or 1. */
export const DROP_HINT = defineScript({
  name: 'dropHint',
  keys: ['hints'],
  args: ({ viewerId, token }: PendingHint) => [viewerId, token],
  ack: 'primary',
  lua: `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
`,
  parse: (reply) => (reply === 0 || reply === 1 ? reply : undefined),
});
