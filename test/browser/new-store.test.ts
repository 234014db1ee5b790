// Issue 39, item 5, in a real browser against the emulator and @svc-embed/server (the demo's session
// endpoint): behind a store that is new (a memory store made as the backend starts, its ledger whole
// only from now on), logout() revokes every id the store holds, yet says it is not complete, with the
// server's reason and a sentence the page shows: ids minted before the store started may be live.
import { createMemoryStore } from '@svc-embed/server';
import { expect, it } from 'vitest';
import { openDemo, useSuite } from './harness.js';

// No ledgerSince: the store's ledger starts now, as a restarted backend's does.
const suite = useSuite({ store: createMemoryStore() });

it("behind a new store, logout() is not complete: ledger-incomplete since the store's start, with the sentence", async () => {
  const { browser, demo } = suite;
  const started = Date.now();
  const page = await browser.newPage();
  await openDemo(page, demo);
  const ids: string[] = await page.evaluate(() => (window as any).__demo.mints.map((entry: any) => entry.sessionId).sort());
  expect(ids).toHaveLength(2);
  await page.click('#session-panel [data-action="logout"]');
  await page.waitFor(() => (window as any).__demo.logoutResult !== undefined, undefined, { timeout: 20_000 });
  const result = await page.evaluate(() => {
    const { revoked, complete, reason, message, ledgerSince, backend } = (window as any).__demo.logoutResult;
    return { revoked: [...revoked].sort(), complete, reason, message, ledgerSince, backend };
  });
  // Every id the store holds was revoked; what it cannot hold (ids from before it) is said, not hidden.
  expect(result).toMatchObject({ revoked: ids, complete: false, reason: 'ledger-incomplete', backend: 'pending' });
  const since = Date.parse(result.ledgerSince);
  expect(since).toBeGreaterThan(started - 120_000);
  expect(since).toBeLessThanOrEqual(Date.now());
  expect(result.message).toMatch(/^Sign-out is not complete: the session store started at .+; sessions opened before may still be open\.$/);
  // The browser's own clock and locale wrote the time, as the viewer reads it.
  expect(result.message).toContain(await page.evaluate((iso) => new Date(iso).toLocaleString(), result.ledgerSince));
  expect(await page.textContent('[data-role="logout-result"]')).toContain(result.message);
  await page.close();
});
