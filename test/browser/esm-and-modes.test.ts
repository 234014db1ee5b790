// The npm/ESM page, private mode, and a dashboard reloaded with its already-redeemed id.
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardFrame, docNonce, events, openDemo, screenshot, useSuite, waitForEvent, type Demo, type Suite } from './harness.js';

const suite = useSuite();
let browser: Suite['browser'];
let demo: Demo;

beforeAll(() => {
  ({ browser, demo } = suite);
});

describe('the ESM page', () => {
  it('imports the host half through an import map, reaches ready and drives the embed', async () => {
    const page = await browser.newPage();
    const mintedBefore = demo.backend.minted.length;
    await page.goto(`${demo.hostUrl}/esm.html`);
    await page.waitForSelector('#log li[data-type="svc:event:dashboard-loaded"]');
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(await page.evaluate(() => typeof (window as any).SvcEmbed)).toBe('undefined');
    expect(scripts).toContain('/vendor/host/index.js');
    expect(scripts).not.toContain('/vendor/svc-embed.min.js');
    expect(await page.textContent('#log li[data-type="svc:event:ready"] code')).toContain('"mode":"signed"');
    await page.click('#dark');
    await page.waitForSelector('#analytics iframe');
    const frame = page.frame('#analytics iframe');
    await frame.waitForSelector('html[data-scheme="dark"]');
    await page.click('#completed');
    await frame.waitForSelector('select[data-filter="orders.status"] option[value="completed"]:checked');
    await screenshot(page, 'demo-esm-page');
    await page.click('#logout');
    await page.waitForSelector('#log li[data-type="logout (host)"]');
    expect(await page.count('#analytics iframe')).toBe(0);
    // It minted one id through the session endpoint, and signed out through it: revoked at the service.
    const esmIds = demo.backend.minted.slice(mintedBefore).map((entry) => entry.sessionId);
    expect(esmIds).toHaveLength(1);
    expect(demo.emulator.state.describe(esmIds[0]!)?.status).toBe('revoked');
    expect(await page.textContent('#log li[data-type="logout (host)"] code')).toContain('"complete":true');
    await page.close();
  });
});

describe('private mode', () => {
  it('embeds without a session: ready says private, no session events, set-session is refused', async () => {
    const page = await browser.newPage();
    await openDemo(page, demo);
    const minted = demo.backend.minted.length;
    const result = await page.evaluate(async (baseUrl) => {
      const box = document.createElement('div');
      box.style.height = '600px';
      document.body.append(box);
      const seen: any[] = [];
      const embed = (window as any).SvcEmbed.createEmbed({ mode: 'private', baseUrl, publicId: 'support-ops', container: box, attributes: { 'data-embed': 'private' } });
      embed.on('*', (payload: unknown, message: any) => seen.push({ type: message.type, payload }));
      (window as any).privateEmbed = { embed, seen };
      const ready = await embed.ready;
      return { ready, src: embed.iframe.src };
    }, demo.serviceUrl);
    expect(result.ready).toMatchObject({ mode: 'private', surface: 'dashboard', publicId: 'support-ops' });
    expect(new URL(result.src).searchParams.has('session')).toBe(false);
    const frame = await dashboardFrame(page, 'private');
    await frame.waitForSelector('[data-widget-id="kpi-tickets"] .kpi-value');
    expect(await frame.count('[data-role="session"]')).toBe(0);
    await page.evaluate(() => (window as any).privateEmbed.embed.setSession('ses_whatever'));
    await page.waitFor(() => (window as any).privateEmbed.seen.some((entry: any) => entry.type === 'svc:event:error'));
    const seen = await page.evaluate(() => (window as any).privateEmbed.seen);
    expect(seen.find((entry: any) => entry.type === 'svc:event:error').payload).toMatchObject({ name: 'EmbedSessionExchangeError', context: 'session-renewal' });
    expect(seen.some((entry: any) => /session-expir/.test(entry.type))).toBe(false);
    expect(demo.backend.minted.length).toBe(minted);
    await page.close();
  });
});

describe('a dashboard reloaded with its redeemed id', () => {
  it('reports the refused id instead of ready, and mounts once the host has sent a fresh id', async () => {
    const page = await browser.newPage();
    await openDemo(page, demo);
    const nonce = await docNonce(page, 'b');
    const mintedFor = (key: string): Promise<string[]> => page.evaluate((embed) => (window as any).__demo.mints.filter((entry: any) => entry.embed === embed).map((entry: any) => entry.sessionId), key);
    const minted = (await mintedFor('b')).length;
    // Reload the iframe with the URL it has: its session id was already exchanged once.
    await page.evaluate(() => {
      const iframe = document.querySelector('iframe[data-embed="b"]') as HTMLIFrameElement;
      iframe.src = iframe.src;
    });
    const error = await waitForEvent(page, 'b', 'error');
    expect(error.payload).toMatchObject({ name: 'EmbedSessionExchangeError', context: 'auth', fatal: true });
    await waitForEvent(page, 'b', 'ready', 2);
    // ready came only after the fresh id was exchanged, and nothing about the session that never worked.
    const types = (await events(page, 'b')).map((entry) => entry.type);
    expect(types.lastIndexOf('svc:event:ready')).toBeGreaterThan(types.lastIndexOf('svc:event:error'));
    expect(types).not.toContain('svc:event:session-expired');
    const frame = await dashboardFrame(page, 'b');
    expect(await docNonce(page, 'b')).not.toBe(nonce);
    // The dashboard mounted with the new session and loaded its data.
    await frame.waitFor(() => (window as any).__dashboard.session().state === 'active', undefined, { timeout: 15_000 });
    await frame.waitForSelector('[data-widget-id="kpi-tickets"] .kpi-value');
    expect(await mintedFor('b')).toHaveLength(minted + 1);
    expect((await events(page, 'b', 'dashboard-loaded')).length).toBe(2);
    await page.close();
  });
});
