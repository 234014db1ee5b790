// Keep-alive's bounds in a real browser (issue 42), in each engine with what it gets (moveBefore in
// Chromium and Firefox, the overlay slot in WebKitGTK): N+1 parked destroys the least recently
// kept and revokes its id at the service; the idle limit does the same; an unadopted preload is
// revoked; a preload adopted costs nothing more; Tab from before the route reaches a shown embed
// (the overlay's focus guards: keep-alive-focus.test.ts) and never a parked one.
import { expect, it } from 'vitest';
import { dashboardLoaded } from './readme-pages.js';
import { useSuite } from './harness.js';
import { keepAlivePage, settledFocus, until } from './keep-alive-pages.js';

const suite = useSuite();
const page = () => suite.page;

/** Opens a fresh keep-alive page; returns the number of ids minted before it. */
async function open(path: string, overlay = false): Promise<number> {
  suite.demo.addPage(path, keepAlivePage(suite.demo, { overlay }));
  const before = suite.demo.backend.minted.length;
  await page().goto(`${suite.demo.hostUrl}${path}`);
  await page().waitFor(() => (window as any).__started === true);
  return before;
}

/** Mounts under `key` and waits for ready; returns what the mount saw. */
async function mount(key: string, options?: { idleMs?: number; max?: number }) {
  const seen = await page().evaluate(([k, o]) => (window as any).mount(k, o ?? undefined), [key, options ?? null] as const);
  await page().waitFor(() => (window as any).__embed?.state === 'ready', undefined, { timeout: 20_000 });
  return seen as { state: string; adopted: string | null };
}

const leave = () => page().evaluate(() => (window as any).leave());
const status = (sessionId: string) => suite.demo.emulator.state.describe(sessionId)?.status;
const mintedSince = (before: number) => suite.demo.backend.minted.slice(before).map((entry) => entry.sessionId);
const keptCount = () => page().evaluate(() => ({ iframes: document.querySelectorAll('iframe').length, slots: document.querySelectorAll('[data-svc-embed-kept]').length }));

it('N+1 parked: the least recently kept is destroyed and its id revoked at the service; the others stay and are adopted', async () => {
  const before = await open('/keep-max.html');
  const ids: string[] = [];
  for (const key of ['a', 'b', 'c']) {
    await mount(key, { max: 2 });
    ids.push(...mintedSince(before).slice(ids.length));
  }
  expect(ids).toHaveLength(3);
  // a and b parked, c shown: 3 kept in the page, within max 2 parked until c is parked too.
  expect(await keptCount()).toMatchObject({ iframes: 3 });
  await leave();
  await until('the oldest parked id revoked', () => status(ids[0]!) === 'revoked');
  expect(await keptCount()).toMatchObject({ iframes: 2 });
  expect([status(ids[1]!), status(ids[2]!)]).not.toContain('revoked');
  // The two kept are adopted without a mint; the destroyed one is made again (a mint).
  expect(await mount('b')).toEqual({ state: 'ready', adopted: 'parked' });
  expect(await mount('c')).toEqual({ state: 'ready', adopted: 'parked' });
  expect(mintedSince(before)).toHaveLength(3);
  expect(await mount('a')).toMatchObject({ adopted: null });
  expect(mintedSince(before)).toHaveLength(4);
  expect(await page().evaluate(() => (window as any).__loads)).toBe(4);
});

it('the idle limit destroys a parked embed and revokes its id', async () => {
  const before = await open('/keep-idle.html');
  await mount('idle', { idleMs: 1_500 });
  const [id] = mintedSince(before);
  await leave();
  // Parked at first (kept in the page, its id live), then gone after the limit.
  expect(await keptCount()).toEqual({ iframes: 1, slots: 1 });
  expect(status(id!)).not.toBe('revoked');
  await until('the idle parked id revoked', () => status(id!) === 'revoked');
  await page().waitFor(() => document.querySelectorAll('iframe, [data-svc-embed-kept]').length === 0);
});

it('a preload not adopted within its limit is destroyed and its id revoked; one adopted costs no second mint or load', async () => {
  const before = await open('/keep-preload.html');
  await page().evaluate(() => (window as any).preload('unused', { idleMs: 3_000 }));
  // It mints and loads, hidden in its slot.
  const [id] = await until('the preload minted', () => (mintedSince(before).length === 1 ? mintedSince(before) : undefined));
  await dashboardLoaded(page().frame('[data-svc-embed-kept] iframe'));
  expect(await page().evaluate(() => {
    const frame = document.querySelector('iframe');
    return { inert: frame?.hasAttribute('inert'), ariaHidden: frame?.getAttribute('aria-hidden'), hidden: getComputedStyle(frame!.parentElement!).visibility };
  })).toEqual({ inert: true, ariaHidden: 'true', hidden: 'hidden' });
  await until('the unadopted preload revoked', () => status(id!) === 'revoked');
  await page().waitFor(() => document.querySelectorAll('iframe, [data-svc-embed-kept]').length === 0);

  // Its load may come before or after the mount; either way it is the only one.
  const loadsBefore = await page().evaluate(() => (window as any).__loads as number);
  await page().evaluate(() => (window as any).preload('used'));
  await until('the second preload minted', () => mintedSince(before).length === 2);
  expect(await mount('used')).toMatchObject({ adopted: 'preloaded' });
  expect(mintedSince(before)).toHaveLength(2);
  expect(await page().evaluate(() => (window as any).__loads)).toBe(loadsBefore + 1);
});

/** Presses Tab `times` times from the button before the route; returns what had focus after each press. */
async function tabFromBefore(times: number): Promise<string[]> {
  await page().evaluate(() => document.getElementById('before')!.focus());
  const seen: string[] = [];
  for (let press = 0; press < times; press++) {
    await page().pressTab();
    seen.push(await settledFocus(page()));
  }
  return seen;
}

it('focus order: Tab from before the route reaches a shown embed, and never a parked one', async () => {
  await open('/keep-focus.html');
  await mount('focus');
  await dashboardLoaded(page().frame('iframe'));
  const moves = await page().evaluate(() => typeof (Element.prototype as any).moveBefore === 'function');
  const shown = await tabFromBefore(1);
  // Shown in its container (moveBefore) or in the overlay slot at the end of <body> (no moveBefore:
  // WebKitGTK), whose focus guards keep its place: the embed is next after #before
  // (keep-alive-focus.test.ts: the overlay's whole order, in every engine).
  console.log(`${page().engine} (${moves ? 'moveBefore' : 'overlay'}): Tab from #before when shown -> ${shown.join(', ')}`);
  expect(shown).toEqual(['iframe']);
  await leave();
  const parked = await tabFromBefore(4);
  console.log(`${page().engine}: Tab from #before when parked -> ${parked.join(', ')}`);
  expect(parked[0]).toBe('button#after');
  expect(parked).not.toContain('iframe');
  // Nor can a script focus it, and the accessibility tree has it hidden.
  expect(await page().evaluate(() => {
    const frame = document.querySelector('iframe')!;
    frame.focus();
    return { focused: document.activeElement === frame, inert: frame.inert, ariaHidden: frame.getAttribute('aria-hidden') };
  })).toEqual({ focused: false, inert: true, ariaHidden: 'true' });
});
