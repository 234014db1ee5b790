// A parked embed keeps its session (issue 42): with a short session (as session-renewal.test.ts),
// the embed is parked before session-expiring comes; the renewal runs while it is parked (one new
// id minted, exchanged in the same document), and the return adopts it: no mint, no load, the new
// session active. In each engine with what it gets (moveBefore, or WebKitGTK's overlay slot).
import { expect, it } from 'vitest';
import { dashboardLoaded } from './readme-pages.js';
import { useSuite } from './harness.js';
import { keepAlivePage, until } from './keep-alive-pages.js';

// 20 s nominal: the frame trusts it 19.2 s and warns 4 s before: a renewal about 15 s after the mint.
const suite = useSuite({ sessionLifetimeMs: 20_000, sessionWarningMs: 4_000 });
const page = () => suite.page;

it('a parked embed renews its session while parked, in the same document; the return adopts it with the new session', async () => {
  const { demo } = suite;
  demo.addPage('/keep-renew.html', keepAlivePage(demo));
  const before = demo.backend.minted.length;
  await page().goto(`${demo.hostUrl}/keep-renew.html`);
  await page().waitFor(() => (window as any).__started === true);
  await page().evaluate(() => (window as any).mount('reports'));
  await page().waitFor(() => (window as any).__embed?.state === 'ready', undefined, { timeout: 20_000 });
  const frame = page().frame('iframe');
  await dashboardLoaded(frame);
  await frame.evaluate(() => void ((window as any).__keptMark = 'same document'));
  const first = demo.emulator.state.get(demo.backend.minted[before]!.sessionId)!;

  await page().evaluate(() => (window as any).leave());
  expect(await page().evaluate(() => document.querySelector('iframe')?.hasAttribute('inert'))).toBe(true);
  // While parked: session-expiring, one id minted, swapped in by the frame (its session's new expiry).
  await until('a second id minted while parked', () => demo.backend.minted.length - before === 2, 30_000);
  const second = demo.emulator.state.get(demo.backend.minted[before + 1]!.sessionId)!;
  await frame.waitFor((previous) => {
    const session = (window as any).__dashboard.session();
    return session.state === 'active' && session.expiresAt > (previous as number);
  }, first.usableUntil, { timeout: 20_000 });
  expect(await frame.evaluate(() => (window as any).__dashboard.session().expiresAt)).toBe(second.usableUntil);
  expect(await page().evaluate(() => (window as any).__embed)).toBeUndefined();
  // Each id exchanged once (ids are single use), none refused: nothing lapsed while parked.
  expect(demo.emulator.state.exchanges.filter((entry) => !entry.ok)).toEqual([]);
  for (const id of [first.sessionId, second.sessionId]) expect(demo.emulator.state.exchanges.filter((entry) => entry.sessionId === id)).toHaveLength(1);

  const returned = await page().evaluate(() => (window as any).mount('reports'));
  // Adopted at once; it may still be finishing the renewal (renewing), then ready.
  expect(returned.adopted).toBe('parked');
  expect(['ready', 'renewing']).toContain(returned.state);
  await page().waitFor(() => (window as any).__embed?.state === 'ready', undefined, { timeout: 20_000 });
  expect(await frame.evaluate(() => (window as any).__keptMark)).toBe('same document');
  expect(await frame.evaluate(() => (window as any).__dashboard.session().state)).toBe('active');
  expect(demo.backend.minted.length - before).toBe(2);
  expect(await page().evaluate(() => (window as any).__loads)).toBe(1);
});
