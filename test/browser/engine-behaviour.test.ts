// What can differ between engines, checked in each: how the frame half finds the page that frames it
// (location.ancestorOrigins, else document.referrer), and that both halves re-check the wall clock on
// every wake-up signal (visibilitychange, pageshow from the back-forward cache, focus, online).
// Pages: the strict-CSP lab (host page on 127.0.0.1, surface on localhost, both under the strict policy).
//
// The wake-up signals are dispatched in the page: a real back-forward-cache restore, a network coming
// back or the OS focusing a window cannot be produced alike in the three engines under automation.
// What is tested is that the SDK listens to each and acts on it: its clock is moved on (as after a
// sleep that froze its timers), the signal is dispatched, and the renewal or warning must follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserDriver, PageDriver } from './driver/index.js';
import { ENGINE, launchBrowser } from './harness.js';
import { startStrictCspSite, type StrictCspSite } from './strict-csp-server.js';

const HOUR = 3_600_000;
const SIGNALS = ['visibilitychange', 'pageshow', 'focus', 'online'] as const;

let browser: BrowserDriver;
let site: StrictCspSite;
let page: PageDriver;
let setupError: unknown;

beforeAll(async () => {
  try {
    browser = await launchBrowser();
    site = await startStrictCspSite();
    page = await browser.newPage();
    await page.goto(`${site.hostUrl}/lab.html`);
    await page.waitFor(() => (window as any).__fixture !== undefined);
  } catch (error) {
    setupError = error;
  }
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Creates an embed in the lab page and waits for its `ready`. */
async function create(key: string, options: { signed?: boolean; surface?: Record<string, string>; attributes?: Record<string, string> } = {}) {
  await page.evaluate(([key, options]) => (window as any).__fixture.create(key, options), [key, options] as const);
  await page.waitForSelector(`#${key} iframe`);
  return page.frame(`#${key} iframe`);
}

const received = (key: string, type: string) =>
  page.evaluate(([key, type]) => (window as any).__fixture.events.filter((entry: any) => entry.embed === key && entry.type === `svc:event:${type}`).length, [key, type] as const);

/** Dispatches a wake-up signal in the current document, as the browser would fire it. */
function dispatchWakeUp(signal: string) {
  if (signal === 'visibilitychange') document.dispatchEvent(new Event('visibilitychange'));
  else if (signal === 'pageshow') window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  else window.dispatchEvent(new Event(signal));
}

describe(`engine behaviour (${ENGINE})`, () => {
  it('several allowed host origins: the frame finds the framing origin and sends its events there', async () => {
    if (setupError) throw setupError;
    const frame = await create('several', { surface: { origins: 'several' } });
    await page.waitFor(() => (window as any).__fixture.events.some((entry: any) => entry.embed === 'several' && entry.type === 'svc:event:ready'));
    const seen = await frame.evaluate(() => ({ ancestor: location.ancestorOrigins?.[0] ?? null, referrer: document.referrer }));
    // Every engine here has location.ancestorOrigins; document.referrer is the fallback for those without.
    expect(seen.ancestor).toBe(site.hostUrl);
    expect(new URL(seen.referrer).origin).toBe(site.hostUrl);
  });

  it('an iframe with referrerpolicy=no-referrer: the frame sends to the framing origin if the engine still tells it, else nothing', async () => {
    if (setupError) throw setupError;
    const hidden = await create('hidden-several', { surface: { origins: 'several' }, attributes: { referrerpolicy: 'no-referrer' } });
    const single = await create('hidden-single', { attributes: { referrerpolicy: 'no-referrer' } });
    await hidden.waitFor(() => (window as any).__surface !== undefined);
    const seen = await hidden.evaluate(() => ({ ancestor: location.ancestorOrigins?.[0] ?? null, referrer: document.referrer }));
    console.log(`${ENGINE}: iframe with referrerpolicy=no-referrer: ancestorOrigins[0] = ${JSON.stringify(seen.ancestor)}, document.referrer = ${JSON.stringify(seen.referrer)}`);
    // What the frame half can learn (a "null" ancestor says nothing), and so where its events go.
    const told = seen.ancestor && seen.ancestor !== 'null' ? seen.ancestor : seen.referrer ? new URL(seen.referrer).origin : null;
    // One allowed origin needs no guess: ready arrives, and then an answer to an action.
    await page.waitFor(() => (window as any).__fixture.events.some((entry: any) => entry.embed === 'hidden-single' && entry.type === 'svc:event:ready'));
    await page.evaluate(() => (window as any).__fixture.embeds['hidden-single'].navigate('/later'));
    await page.waitFor(() => (window as any).__fixture.events.some((entry: any) => entry.embed === 'hidden-single' && entry.type === 'svc:event:navigate'));
    await single.waitFor(() => (window as any).__surface.actions.length === 1);
    if (told === site.hostUrl) {
      await page.waitFor(() => (window as any).__fixture.events.some((entry: any) => entry.embed === 'hidden-several' && entry.type === 'svc:event:ready'));
    } else {
      // Nothing names the host: with several allowed origins the frame sends nothing rather than guess
      // (never '*'); by now its ready, sent before the other frame's navigate, would have arrived.
      expect(told).toBeNull();
      expect(await received('hidden-several', 'ready')).toBe(0);
    }
  });

  for (const signal of SIGNALS) {
    it(`host: after a sleep, ${signal} renews a session that is due (fresh id, exchanged)`, async () => {
      if (setupError) throw setupError;
      const key = `host-${signal}`;
      const frame = await create(key, { signed: true });
      await page.waitFor((key) => (window as any).__fixture.events.some((entry: any) => entry.embed === key && entry.type === 'svc:event:ready'), key);
      // 23.5 h later on the host's clock: the session (estimated to live about 23 h) is due.
      await page.evaluate((skew) => void ((window as any).__skewMs = skew), 23.5 * HOUR);
      await page.evaluate(dispatchWakeUp, signal);
      await page.evaluate(() => void ((window as any).__skewMs = 0));
      await frame.waitFor(() => (window as any).__surface.exchanges.length === 1);
      const mints = await page.evaluate((key) => (window as any).__fixture.mints.filter((entry: any) => entry.key === key).map((entry: any) => entry.sessionId), key);
      expect(mints).toEqual([`ses_lab_${key}_1`, `ses_lab_${key}_2`]);
      expect(await frame.evaluate(() => (window as any).__surface.exchanges)).toEqual([`ses_lab_${key}_2`]);
      await page.evaluate((key) => (window as any).__fixture.embeds[key].destroy(), key);
    });

    it(`frame: after a sleep, ${signal} sends the session-expiring its frozen timer missed`, async () => {
      if (setupError) throw setupError;
      const key = `frame-${signal}`;
      const frame = await create(key, { signed: true });
      await page.waitFor((key) => (window as any).__fixture.events.some((entry: any) => entry.embed === key && entry.type === 'svc:event:ready'), key);
      // 45 min later on the frame's clock: inside the 30-minute warning window of its 1-hour session.
      await frame.evaluate((skew) => void ((window as any).__skewMs = skew), 0.75 * HOUR);
      expect(await received(key, 'session-expiring')).toBe(0);
      await frame.evaluate(dispatchWakeUp, signal);
      await page.waitFor((key) => (window as any).__fixture.events.some((entry: any) => entry.embed === key && entry.type === 'svc:event:session-expiring'), key);
      expect(await received(key, 'session-expired')).toBe(0);
      await page.evaluate((key) => (window as any).__fixture.embeds[key].destroy(), key);
    });
  }

  it('no Content Security Policy violation in the lab page', async () => {
    if (setupError) throw setupError;
    expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
  });
});
