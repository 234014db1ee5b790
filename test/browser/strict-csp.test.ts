// Under the strict Content Security Policy of a security-minded customer (no inline code or style
// attributes, no eval, Trusted Types enforced with no policy), the host half creates, styles, drives
// and destroys embeds and the frame half runs inside such a page, with no violation in either
// document. The demo's pages and the emulator's dashboard send such a policy too.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openDemo, screenshot, startTestDemo, type Demo } from './harness.js';
import { startStrictCspSite, STRICT_POLICY, type StrictCspSite } from './strict-csp-server.js';

type Violation = { directive: string; blocked: string; source: string; line: number; sample: string };

let browser: Awaited<ReturnType<typeof launchBrowser>>;
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

const violationsOf = (target: Page | Frame) => target.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);

async function surfaceFrame(page: Page, key: string): Promise<Frame> {
  const handle = await page.waitForSelector(`#${key} iframe`);
  const frame = await handle.contentFrame();
  if (!frame) throw new Error(`the ${key} embed has no frame`);
  await frame.waitForFunction(() => (window as unknown as { __surface?: unknown }).__surface !== undefined);
  return frame;
}

describe('strict Content Security Policy', () => {
  it('host and frame halves run with zero violations; the created iframe fills its container with no border', async () => {
    if (setupError) throw setupError;
    const page = await browser.context.newPage();
    const response = await page.goto(`${site.hostUrl}/`);
    expect(response?.headers()['content-security-policy']).toBe(`${STRICT_POLICY}; frame-src ${site.serviceUrl}`);
    await page.waitForFunction(() => (window as any).__fixture.events.filter((entry: any) => entry.type === 'svc:event:ready').length === 2);

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
    await page.waitForFunction(() => (window as any).__fixture.events.some((entry: any) => entry.embed === 'plain' && entry.type === 'svc:event:navigate'));
    const plain = await surfaceFrame(page, 'plain');
    const styled = await surfaceFrame(page, 'styled');
    await styled.waitForFunction(() => (window as any).__surface.actions.includes('svc:action:refresh'));
    expect(await plain.evaluate(() => (window as any).__surface.actions)).toEqual(['svc:action:set-color-scheme', 'svc:action:navigate']);
    expect(await plain.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    await screenshot(page, 'strict-csp-host');

    const surfaceViolations = [...(await violationsOf(plain)), ...(await violationsOf(styled))];
    await page.evaluate(() => {
      const { embeds } = (window as any).__fixture;
      embeds.plain.destroy();
      embeds.styled.destroy();
    });
    expect(await page.locator('iframe').count()).toBe(0);
    expect({ host: await violationsOf(page), surface: surfaceViolations }).toEqual({ host: [], surface: [] });

    // The watcher does see a violation when there is one: an inline style attribute is one.
    await page.evaluate(() => document.body.setAttribute('style', 'color: red'));
    await page.waitForFunction(() => (window as any).__violations.length > 0);
    expect((await violationsOf(page))[0]?.directive).toMatch(/^style-src/);
    await page.close();
  });

  it('the demo pages and the emulator dashboard send a strict policy and break none of it', async () => {
    if (setupError) throw setupError;
    const context = browser.context;
    // Registered in every frame (the cross-origin dashboards too) before any of their scripts.
    await context.addInitScript(() => {
      const list: unknown[] = [];
      (window as any).__violationsSeen = list;
      document.addEventListener('securitypolicyviolation', (event) => list.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile, line: event.lineNumber }));
    });
    for (const path of ['/', '/esm.html']) {
      const page = await context.newPage();
      const response = await page.goto(`${demo.hostUrl}${path}`);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("style-src 'self';");
      expect(policy).toContain("require-trusted-types-for 'script'");
      expect(policy).toContain(`frame-src ${demo.serviceUrl}`);
      if (path === '/') {
        await page.close();
        const demoPage = await context.newPage();
        await openDemo(demoPage, demo);
        await checkNoViolations(demoPage, ["style-src 'self';", "trusted-types 'none'"]);
        await demoPage.close();
      } else {
        await page.waitForFunction(() => Boolean(document.querySelector('#log [data-type="svc:event:dashboard-loaded"]')));
        await checkNoViolations(page, ["style-src 'self';", "trusted-types 'none'"]);
        await page.close();
      }
    }
  });
});

/** No violation in the page or any of its frames; each dashboard frame was served with `needles` in its policy. */
async function checkNoViolations(page: Page, needles: string[]) {
  const frames = page.frames().filter((frame) => frame !== page.mainFrame());
  expect(frames.length).toBeGreaterThan(0);
  for (const frame of frames) {
    const policy = await frame.evaluate(async () => (await fetch(location.href, { method: 'HEAD' })).headers.get('content-security-policy') ?? '');
    for (const needle of needles) expect(policy).toContain(needle);
  }
  const seen = await Promise.all([page.mainFrame(), ...frames].map((frame) => frame.evaluate(() => ({ url: location.href, violations: (window as any).__violationsSeen }))));
  expect(seen.filter((entry) => entry.violations.length > 0)).toEqual([]);
}
