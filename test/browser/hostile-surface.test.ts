// A hostile or broken surface on the tenant origin (its messages pass the origin and source checks by
// design) against the built host script file, in every engine: the two storms of the attack review
// mint at most the embed's budget and end in `mint-limit`; logout then revokes a bounded number at a
// time; a flood of warnings about ever new sessions, while a mint is pending, is handled to the last
// message. The time figures are in BENCHMARKS.md (`npm run bench:hostile`), not here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileSite } from '../../bench/hostile-site.mjs';
import type { BrowserDriver, PageDriver } from './driver/index.js';
import { launchBrowser } from './harness.js';

/** The embed's default budget: 30 ids an hour. */
const EMBED_BUDGET = 30;
const FLOOD = 80_000;

let browser: BrowserDriver;
let site: Awaited<ReturnType<typeof startHostileSite>>;
let setupError: unknown;

beforeAll(async () => {
  try {
    browser = await launchBrowser();
    site = await startHostileSite();
  } catch (error) {
    setupError = error;
  }
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface HostStats {
  mints: number;
  events: number;
  ready: string;
  failures: Record<string, number>;
  limitLogs: number;
  mostRevoking: number;
}

const stats = (page: PageDriver) => page.evaluate(() => (window as any).__hostile.stats() as HostStats);

/** A fresh page whose embed loads the hostile surface in `mode`. */
async function open(options: { mode: string; mintMs?: number; hangAfter?: number; debug?: boolean; mintTimeoutMs?: number }): Promise<PageDriver> {
  if (setupError) throw setupError;
  const page = await browser.newPage();
  await page.goto(site.hostUrl);
  await page.evaluate((start) => (window as any).__hostile.start(start), { tenant: site.tenant, ...options });
  return page;
}

describe('a hostile surface', () => {
  for (const mode of ['expiry-storm', 'auth-storm'])
    for (const mintMs of [0, 50])
      it(`${mode} with ${mintMs ? `a ${mintMs} ms` : 'an instant'} mint: at most ${EMBED_BUDGET} ids, then mint-limit, logged; logout revokes 4 at a time`, async () => {
        const page = await open({ mode, mintMs });
        // The storm stops when the budget does: the surface asks again only when it gets an id.
        await page.waitFor(() => ((window as any).__hostile.stats().failures['mint-limit'] ?? 0) >= 1, undefined, { timeout: 30_000 });
        const during = await stats(page);
        expect(during.mints).toBe(EMBED_BUDGET);
        expect(during.ready).toBe('ready');
        expect(during.limitLogs).toBe(during.failures['mint-limit']);
        // Nothing more is minted, however long the page stays.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
        expect((await stats(page)).mints).toBe(EMBED_BUDGET);
        const logout = await page.evaluate(() => (window as any).__hostile.logout());
        expect(logout).toEqual({ revoked: EMBED_BUDGET, failed: 0, mostRevoking: 4 });
        await page.close();
      });

  it(`a flood of ${FLOOD.toLocaleString('en')} warnings about new sessions, while a mint is pending, is handled to the last message and mints nothing more`, async () => {
    // The second mint never settles, and stays pending through the flood: on a loaded machine the
    // flood takes 20 s, past the default 10 s deadline, which would end that mint and start another.
    const page = await open({ mode: 'flood', hangAfter: 1, debug: false, mintTimeoutMs: 300_000 });
    await page.waitFor(() => (window as any).__hostile.stats().mints === 2);
    const before = (await stats(page)).events;
    const surface = page.frame('#box iframe');
    const posted = await surface.evaluate((count) => (window as any).__surface.flood('new-expiry', count), FLOOD);
    expect(posted).toBeGreaterThanOrEqual(FLOOD);
    await page.waitFor((expected) => (window as any).__hostile.stats().events >= expected, before + FLOOD, { timeout: 60_000 });
    // The page still answers, and the view after the flood arrives like any event.
    await surface.evaluate(() => (window as any).__surface.flood('view', 1));
    await page.waitFor((expected) => (window as any).__hostile.stats().events >= expected, before + FLOOD + 1);
    expect((await stats(page)).mints).toBe(2);
    await page.close();
  });
});
