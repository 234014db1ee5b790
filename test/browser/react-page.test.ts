// The demo's React page, built in development mode so <StrictMode> mounts every effect twice: one id
// per embed on first load, sign out revokes every id and leaves the still-mounted embeds signed out
// (no iframe, no mint), signing in again embeds anew without a reload, and unmounting an embed
// revokes its id at the service.
import { expect, it } from 'vitest';
import { screenshot, useSuite } from './harness.js';

const suite = useSuite();

/** Every id the demo's session endpoint minted (the page's two embeds mint through it). */
const minted = () => suite.demo.backend.minted.map((entry) => entry.sessionId);
/** The id in an embed's iframe URL: the one it was loaded with. */
const idOf = (embed: string) =>
  suite.page.evaluate((key) => new URL((document.querySelector(`iframe[data-embed="${key}"]`) as HTMLIFrameElement).src).searchParams.get('session'), embed);
const loadedCount = (embed: string) =>
  suite.page.evaluate((key) => (window as any).__react.events.filter((entry: any) => entry.embed === key && entry.type === 'dashboard-loaded').length, embed);

it('StrictMode: exactly one id per embed on first load; sign out, sign in again without a reload', async () => {
  const { page, demo } = suite;
  await page.goto(`${demo.hostUrl}/react.html`);
  for (const key of ['a', 'b']) await page.waitFor((key) => (window as any).__react?.events.some((entry: any) => entry.embed === key && entry.type === 'dashboard-loaded'), key, { timeout: 20_000 });
  const first = minted();
  expect(first).toHaveLength(2);
  expect(new Set([await idOf('a'), await idOf('b')])).toEqual(new Set(first));
  expect(await page.count('iframe')).toBe(2);
  const loadedAt = await page.evaluate(() => (window as any).__react.loadedAt);
  await screenshot(page, 'demo-react-page');

  await page.click('[data-action="sign-out"]');
  await page.waitForSelector('[data-action="sign-in"]');
  await expect.poll(() => first.map((id) => demo.emulator.state.describe(id)?.status), { timeout: 10_000 }).toEqual(['revoked', 'revoked']);
  // The service may record the revocations before the page's logout() has resolved: wait for its result.
  await page.waitFor(() => (window as any).__react.events.some((entry: any) => entry.type === 'logout'), undefined, { timeout: 10_000 });
  const logout = await page.evaluate(() => (window as any).__react.events.find((entry: any) => entry.type === 'logout').payload);
  expect([...logout.revoked].sort()).toEqual([...first].sort());
  // The embeds stay mounted but signed out: no iframe, and nothing more is minted, however long.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  expect(await page.count('iframe')).toBe(0);
  expect(await page.count('.react-embed[data-signed-out]')).toBe(2);
  expect(minted()).toHaveLength(2);

  await page.click('[data-action="sign-in"]');
  for (const key of ['a', 'b']) await page.waitFor((key) => (window as any).__react.events.filter((entry: any) => entry.embed === key && entry.type === 'dashboard-loaded').length === 2, key, { timeout: 20_000 });
  expect(minted()).toHaveLength(4);
  expect(new Set([await idOf('a'), await idOf('b')])).toEqual(new Set(minted().slice(2)));
  expect(await loadedCount('a')).toBe(2);
  expect(await page.evaluate(() => (window as any).__react.loadedAt)).toBe(loadedAt);

  // Unmounting an embed revokes its id at the service; the other keeps its session.
  const [idA, idB] = [await idOf('a'), await idOf('b')];
  await page.click('[data-action="toggle-b"]');
  await expect.poll(() => demo.emulator.state.describe(idB!)?.status, { timeout: 10_000 }).toBe('revoked');
  expect(await page.count('iframe')).toBe(1);
  expect(demo.emulator.state.describe(idA!)?.status).not.toBe('revoked');
});
