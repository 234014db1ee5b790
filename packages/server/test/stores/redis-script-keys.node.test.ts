// The key order the shared Lua of the ledger relies on: `KEYS[1]` ids, `KEYS[2]` pending,
// `KEYS[3]` failures, and `since` last (`KEYS[#KEYS]`), in every script that starts with it. A
// script that named `since` elsewhere, or left it out, would score the backlog's ages in another key.
import { describe, expect, it } from 'vitest';
import { viewerKeys } from '../../src/stores/redis-keys.js';
import { ADD } from '../../src/stores/redis-scripts/add.js';
import { CLAIM_PENDING } from '../../src/stores/redis-scripts/claim-pending.js';
import { CLAIM } from '../../src/stores/redis-scripts/claim.js';
import { COUNT_PENDING } from '../../src/stores/redis-scripts/count-pending.js';
import { LEDGER_LUA } from '../../src/stores/redis-scripts/ledger-lua.js';
import { SETTLE } from '../../src/stores/redis-scripts/settle.js';
import { SIGN_OUT } from '../../src/stores/redis-scripts/sign-out.js';

const LEDGER_SCRIPTS = [ADD, CLAIM, CLAIM_PENDING, COUNT_PENDING, SETTLE, SIGN_OUT];

describe('the ledger scripts', () => {
  it.each(LEDGER_SCRIPTS.map((script) => [script.name, script] as const))('%s names ids, pending and failures first and since last', (_name, script) => {
    expect(script.lua.startsWith(LEDGER_LUA)).toBe(true);
    expect(script.keys.slice(0, 3)).toEqual(['ids', 'pending', 'failures']);
    expect(script.keys.at(-1)).toBe('since');
    expect(script.keys.filter((key) => key === 'since')).toHaveLength(1);
  });
});

describe("a viewer's keys, as stored", () => {
  // The layout is data: ids recorded by one release are signed out by the next, so the encoding of
  // a viewer's id in its hash tag is fixed (uppercase percent-encoding, as encodeURIComponent writes).
  it('percent-encodes %, { and } in uppercase hex inside the one hash tag, and nothing else', () => {
    expect(viewerKeys('svc:', 'ada%{x}:y')).toEqual({
      ids: 'svc:{ada%25%7Bx%7D:y}:ids',
      pending: 'svc:{ada%25%7Bx%7D:y}:pending',
      failures: 'svc:{ada%25%7Bx%7D:y}:failures',
      since: 'svc:{ada%25%7Bx%7D:y}:since',
      mints: 'svc:{ada%25%7Bx%7D:y}:mints',
      signOuts: 'svc:{ada%25%7Bx%7D:y}:signouts',
    });
  });
});
