// The mint limit at the endpoint on the memory store (no Redis: the fast tier guards it): the
// sliding window remembers the window before the current one, weighted by how much of it still lies
// in the last mintWindowMs, and forgets a window two or more behind. The clock is moved by hand.
import { describe, expect, it } from 'vitest';
import { browserRequest, makeEndpoint, PATH } from '../support/endpoint-fixture.js';

const WINDOW_MS = 60_000;
/** The fixture's clock starts at 1_700_000_000_000, 20 s into a minute window. */
const INTO_WINDOW_MS = 1_700_000_000_000 % WINDOW_MS;

function limitedEndpoint() {
  const made = makeEndpoint({ limits: { mintsPerWindow: 3, mintWindowMs: WINDOW_MS } });
  const mint = () => made.endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }));
  return { ...made, mint };
}

describe('the mint limit across a window boundary', () => {
  it('counts the previous window: three mints late in one window, then one 5 s into the next, is refused 429 with Retry-After', async () => {
    expect(INTO_WINDOW_MS).toBe(20_000);
    const { mint, clock, service } = limitedEndpoint();
    for (let index = 0; index < 3; index += 1) expect((await mint()).status).toBe(200);
    clock.advance(WINDOW_MS - INTO_WINDOW_MS + 5_000);
    const refused = await mint();
    // 3 × 55/60 of the window before, plus this attempt: 3.75 > 3. One more fits once that weight
    // has faded to 1/3 of it, 40 s into this window: in 35 s.
    expect(refused.status, 'the window before was forgotten at the boundary').toBe(429);
    expect(refused.headers.get('retry-after')).toBe('35');
    expect(service.mintCalls).toBe(3);
  });

  it('mints again once the window before has faded enough, and counts the refused attempt in it', async () => {
    const { mint, clock } = limitedEndpoint();
    for (let index = 0; index < 3; index += 1) await mint();
    clock.advance(WINDOW_MS - INTO_WINDOW_MS + 5_000);
    expect((await mint()).status).toBe(429);
    clock.advance(35_000);
    expect((await mint()).status).toBe(200);
    expect((await mint()).status).toBe(429);
  });

  it('forgets a window two behind: three mints, two windows later three more are served', async () => {
    const { mint, clock, service } = limitedEndpoint();
    for (let index = 0; index < 3; index += 1) await mint();
    clock.advance(2 * WINDOW_MS + 5_000);
    for (let index = 0; index < 3; index += 1) expect((await mint()).status).toBe(200);
    expect((await mint()).status).toBe(429);
    expect(service.mintCalls).toBe(6);
  });
});
