// Issue 29's browser half, in a real browser against the emulator and @svc-embed/server (the demo's
// session endpoint): a sign-out the backend fails is reported as failed, never as an empty success,
// and the next logout() revokes every id; a message forged on the sign-out channel by another page of
// the origin can at most end a tab's embeds early, and the app's logout() then leaves no id live.
import { createMemoryStore } from '@svc-embed/server';
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { captureConsole, openDemo, useSuite } from './harness.js';

/**
 * The endpoint's store, whose sign-out fails (as a Redis down would) while `down` is set. Its ledger
 * is whole from the start (`ledgerSince: 0`): the demo's emulator starts with it, so no id minted
 * before it can be live.
 */
const memory = createMemoryStore({ ledgerSince: 0 });
let down = false;
const store = { ...memory, signOut: (...args: Parameters<typeof memory.signOut>) => (down ? Promise.reject(new Error('the store is down')) : memory.signOut(...args)) };

const suite = useSuite({ store });
const CHANNEL = 'svc-embed:sign-out:/api/embed-session';

/** Every id the endpoint minted so far, from `from` on. */
const mintedSince = (from: number) => suite.demo.backend.minted.slice(from).map((entry) => entry.sessionId);
/** The ids of `ids` the emulator does not list as revoked. */
const live = (ids: string[]) => ids.filter((sessionId) => suite.demo.emulator.state.describe(sessionId)?.status !== 'revoked');

/** Clicks the script page's "Log out" and returns what its logout() resolved with (errors as their message). */
async function logOut(page: PageDriver) {
  await page.evaluate(() => ((window as any).__demo.logoutResult = undefined));
  await page.click('#session-panel [data-action="logout"]');
  await page.waitFor(() => (window as any).__demo.logoutResult !== undefined, undefined, { timeout: 20_000 });
  return page.evaluate(() => {
    const { revoked, failed, pending, backend, complete, error } = (window as any).__demo.logoutResult;
    return { revoked: [...revoked].sort(), failed: failed.map((entry: any) => entry.sessionId), pending, backend, complete, error: error?.message };
  });
}

/** The ids the page's embeds were given (the page notes them for its session panel). */
const pageIds = (page: PageDriver): Promise<string[]> => page.evaluate(() => (window as any).__demo.mints.map((entry: any) => entry.sessionId).sort());

it('a sign-out the backend fails is reported as failed; the next logout() revokes every id of the viewer', async () => {
  const { browser, demo } = suite;
  const from = demo.backend.minted.length;
  const first = suite.page;
  const second = await browser.newPage();
  await openDemo(first, demo);
  await openDemo(second, demo);
  const minted = mintedSince(from);
  expect(minted).toHaveLength(4);

  down = true;
  const failed = await logOut(first);
  // Never an empty success: the sign-out failed (503 after three attempts), this tab's ids were
  // revoked one by one, the other tab's are still live, and the page says so.
  expect(failed).toMatchObject({ backend: 'failed', complete: false, failed: [], revoked: await pageIds(first) });
  expect(failed.error).toContain('HTTP 503');
  expect(live(minted).sort()).toEqual(await pageIds(second));
  expect(await first.textContent('[data-role="logout-result"]')).toContain('not complete');
  // The other tab was told at once: its embeds are gone, whatever the backend said.
  await second.waitFor(() => document.querySelectorAll('iframe').length === 0);
  expect(await first.count('iframe')).toBe(0);

  down = false;
  const retried = await logOut(first);
  expect(retried).toMatchObject({ backend: 'complete', complete: true, failed: [], pending: [], revoked: await pageIds(second) });
  expect(live(minted)).toEqual([]);
  expect(await first.textContent('[data-role="logout-result"]')).toContain('complete. 2 ids revoked');
  await second.close();
});

it('a message forged on the sign-out channel can only end the embeds early; the app\'s logout() then leaves no id live', async () => {
  const { browser, demo } = suite;
  const from = demo.backend.minted.length;
  const page = await browser.newPage();
  await openDemo(page, demo, '/?debug');
  const lines = await captureConsole(page);
  demo.addPage('/another-page.html', '<!doctype html><title>another page of the origin</title>');
  const forger = await browser.newPage();
  await forger.goto(`${demo.hostUrl}/another-page.html`);
  const post = (data: unknown) => forger.evaluate(([name, message]) => {
    const channel = new BroadcastChannel(name as string);
    channel.postMessage(message);
    channel.close();
  }, [CHANNEL, data] as const);

  // What the issue measured (postMessage(1)), the old message, another version: dropped, logged in debug mode.
  for (const data of [1, 'logout', { type: 'svc-embed:sign-out', version: 2 }]) await post(data);
  await page.waitFor(() => (window as any).__consoleLines.filter((line: string) => line.includes('not the sign-out message')).length === 3);
  expect(await page.count('iframe')).toBe(2);

  // The message itself ends the embeds early, and revokes nothing...
  await post({ type: 'svc-embed:sign-out', version: 1 });
  await page.waitFor(() => document.querySelectorAll('iframe').length === 0);
  const minted = mintedSince(from);
  expect(minted).toHaveLength(2);
  expect(live(minted)).toEqual(minted);
  // ...and the app's logout() still signs out through the endpoint: no id is left live.
  expect(await logOut(page)).toMatchObject({ backend: 'complete', complete: true, revoked: [...minted].sort() });
  expect(live(minted)).toEqual([]);
  expect((await lines()).some((line) => line.includes('not the sign-out message'))).toBe(true);
  await forger.close();
  await page.close();
});
