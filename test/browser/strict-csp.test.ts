// Under the strict Content Security Policy of a security-minded customer (no inline code or style
// attributes, no eval, Trusted Types enforced with no policy), the host half creates, styles, drives
// and destroys embeds and the frame half runs inside such a page, with no violation in either
// document. The demo's pages and the emulator's dashboard send such a policy too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserDriver, FrameDriver, PageDriver } from './driver/index.js';
import { act, dashboardFrame, ENGINE, launchBrowser, openDemo, screenshot, startTestDemo, waitForEvent, type Demo } from './harness.js';
import { startStrictCspSite, STRICT_POLICY, type StrictCspSite } from './strict-csp-server.js';

type Violation = { directive: string; blocked: string; source: string; line: number; sample: string };

let browser: BrowserDriver;
let site: StrictCspSite;
let demo: Demo;
let setupError: unknown;

beforeAll(async () => {
  try {
    browser = await launchBrowser();
    site = await startStrictCspSite();
    demo = await startTestDemo();
  } catch (error) {
    setupError = error;
  }
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await demo?.close();
});

const violationsOf = (target: FrameDriver) => target.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);

/** The policy a document was served with (asked again from its own origin). */
const policyOf = (target: FrameDriver) => target.evaluate(async () => (await fetch(location.href, { method: 'HEAD' })).headers.get('content-security-policy') ?? '');

async function surfaceFrame(page: PageDriver, key: string): Promise<FrameDriver> {
  await page.waitForSelector(`#${key} iframe`);
  const frame = page.frame(`#${key} iframe`);
  await frame.waitFor(() => (window as unknown as { __surface?: unknown }).__surface !== undefined);
  return frame;
}

describe('strict Content Security Policy', () => {
  it('host and frame halves run with zero violations; the created iframe fills its container with no border', async () => {
    if (setupError) throw setupError;
    const page = await browser.newPage();
    await page.goto(`${site.hostUrl}/`);
    expect(await policyOf(page)).toBe(`${STRICT_POLICY}; frame-src ${site.serviceUrl}`);
    await page.waitFor(() => (window as any).__fixture.events.filter((entry: any) => entry.type === 'svc:event:ready').length === 2);

    // Looks: the default look (plain) and a style given in `attributes` (styled) both apply.
    const look = await page.evaluate(() =>
      ['plain', 'styled'].map((key) => {
        const iframe = document.querySelector(`#${key} iframe`) as HTMLIFrameElement;
        const style = getComputedStyle(iframe);
        return { width: iframe.clientWidth, height: iframe.clientHeight, border: style.borderTopWidth, outline: style.outlineColor, title: iframe.title };
      }),
    );
    expect(look[0]).toMatchObject({ width: 640, height: 480, border: '0px', title: 'Analytics' });
    expect(look[1]).toMatchObject({ width: 320, height: 200, border: '0px', outline: 'rgb(0, 128, 0)', title: 'Styled embed' });

    // Drive: actions reach the surface, the surface's events reach the host.
    await page.evaluate(() => {
      const { embeds } = (window as any).__fixture;
      embeds.plain.setColorScheme('dark');
      embeds.plain.navigate('/orders');
      embeds.styled.refresh();
    });
    await page.waitFor(() => (window as any).__fixture.events.some((entry: any) => entry.embed === 'plain' && entry.type === 'svc:event:navigate'));
    const plain = await surfaceFrame(page, 'plain');
    const styled = await surfaceFrame(page, 'styled');
    expect(await policyOf(plain)).toBe(`${STRICT_POLICY}; frame-ancestors ${site.hostUrl}`);
    await styled.waitFor(() => (window as any).__surface.actions.includes('svc:action:refresh'));
    expect(await plain.evaluate(() => (window as any).__surface.actions)).toEqual(['svc:action:set-color-scheme', 'svc:action:navigate']);
    expect(await plain.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    await screenshot(page, 'strict-csp-host');

    const surfaceViolations = [...(await violationsOf(plain)), ...(await violationsOf(styled))];
    await page.evaluate(() => {
      const { embeds } = (window as any).__fixture;
      embeds.plain.destroy();
      embeds.styled.destroy();
    });
    expect(await page.count('iframe')).toBe(0);
    expect({ host: await violationsOf(page), surface: surfaceViolations }).toEqual({ host: [], surface: [] });

    // The watcher does see a violation when there is one: an inline style attribute is one.
    await page.evaluate(() => document.body.setAttribute('style', 'color: red'));
    await page.waitFor(() => (window as any).__violations.length > 0);
    expect((await violationsOf(page))[0]?.directive).toMatch(/^style-src/);
    await page.close();
  });

  it('the demo pages and the emulator dashboard send a strict policy and break none of it', async () => {
    if (setupError) throw setupError;
    for (const path of ['/', '/esm.html']) {
      const page = await browser.newPage();
      // From the first script of every document where the engine allows (Chromium, Firefox); in
      // WebKit from the load on, which covers everything the viewer does after it.
      const fromStart = await page.addInitScript(watchViolations);
      await page.goto(`${demo.hostUrl}${path}`);
      const policy = await policyOf(page);
      for (const needle of ["style-src 'self';", "require-trusted-types-for 'script'", "trusted-types 'none'", `frame-src ${demo.serviceUrl}`]) expect(policy).toContain(needle);
      const frames: FrameDriver[] = [];
      if (path === '/') {
        for (const embed of ['a', 'b']) await waitForEvent(page, embed, 'dashboard-loaded');
        frames.push(await dashboardFrame(page, 'a'), await dashboardFrame(page, 'b'));
      } else {
        await page.waitForSelector('#log li[data-type="svc:event:dashboard-loaded"]');
        frames.push(page.frame('#analytics iframe'));
      }
      for (const target of [page, ...frames]) await target.evaluate(watchViolations);
      for (const frame of frames) {
        const framePolicy = await policyOf(frame);
        for (const needle of ["style-src 'self';", "trusted-types 'none'", `frame-ancestors ${demo.hostUrl}`]) expect(framePolicy).toContain(needle);
      }
      // What the viewer does: the dashboard restyles, navigates and exports under the policy.
      if (path === '/') {
        await act(page, 'a', 'dark');
        await frames[0]!.waitForSelector('html[data-scheme="dark"]');
        await frames[0]!.click('[data-widget-id="bar-region"] .bar[data-key="apac"] rect');
        await frames[0]!.waitForSelector('[data-role="drill"][data-key="apac"]');
      } else {
        await page.click('#dark');
        await frames[0]!.waitForSelector('html[data-scheme="dark"]');
      }
      const seen = await Promise.all([page, ...frames].map((target) => target.evaluate(() => ({ url: location.href, violations: (window as any).__violationsSeen }))));
      expect(seen.filter((entry) => entry.violations.length > 0)).toEqual([]);
      if (ENGINE !== 'webkit') expect(fromStart).toBe(true);
      await page.close();
    }
  });
});

/** Records this document's CSP violations in `__violationsSeen` (once per document). */
function watchViolations() {
  const w = window as any;
  if (w.__violationsSeen) return;
  w.__violationsSeen = [];
  document.addEventListener('securitypolicyviolation', (event) => w.__violationsSeen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile, line: event.lineNumber }));
}
