// Renewal in a real browser with a short session: session-expiring reaches the host, the host
// mints exactly one id per session and sends set-session, and the frame swaps the session in place
// (same document: its nonce is unchanged, no second ready).
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardFrame, docNonce, events, screenshot, waitForEvent, useSuite, type Demo } from './harness.js';
import type { PageDriver } from './driver/index.js';

// 20 s nominal: the frame trusts it 19.2 s and warns 4 s before, so a renewal comes every 15.2 s.
// (Keep renewals more than 10 s apart: the host SDK joins a trigger that arrives within 10 s of its
// last set-session to that renewal, so a shorter session would not be renewed a second time.)
const LIFETIME_MS = 20_000;
const WARNING_MS = 4_000;

const suite = useSuite({ open: '/', sessionLifetimeMs: LIFETIME_MS, sessionWarningMs: WARNING_MS });
let demo: Demo;
let page: PageDriver;

beforeAll(async () => {
  ({ demo, page } = suite);
});

/** Ids the page's embed was given, in order (the page notes them from the iframe's URL and its set-session actions). */
const mintedFor = (embed: string): Promise<string[]> =>
  page.evaluate((key) => (window as any).__demo.mints.filter((entry: any) => entry.embed === key).map((entry: any) => entry.sessionId), embed);

describe('session renewal with a short lifetime', () => {
  it('renews each embed in place: one mint per session, new expiry, same document', async () => {
    const nonces = { a: await docNonce(page, 'a'), b: await docNonce(page, 'b') };
    for (const embed of ['a', 'b']) expect(await mintedFor(embed)).toHaveLength(1);
    const first = { a: demo.emulator.state.get((await mintedFor('a'))[0]!)!, b: demo.emulator.state.get((await mintedFor('b'))[0]!)! };

    for (const embed of ['a', 'b'] as const) {
      const expiring = await waitForEvent(page, embed, 'session-expiring');
      expect(expiring.payload.expiresAt).toBe(first[embed].usableUntil);
      expect(expiring.payload.expiresInMs).toBeGreaterThan(0);
      expect(expiring.payload.expiresInMs).toBeLessThanOrEqual(WARNING_MS);
      // The frame swaps to the session of the second id: state active, the new expiry.
      const frame = await dashboardFrame(page, embed);
      await frame.waitFor((previous) => {
        const session = (window as any).__dashboard.session();
        return session.state === 'active' && session.expiresAt > (previous as number);
      }, first[embed].usableUntil, { timeout: 20_000 });
      const ids = await mintedFor(embed);
      expect(ids).toHaveLength(2);
      const second = demo.emulator.state.get(ids[1]!)!;
      expect(await frame.evaluate(() => (window as any).__dashboard.session().expiresAt)).toBe(second.usableUntil);
      const renewalMs = second.redeemedAt! - expiring.at;
      console.log(`embed ${embed}: session-expiring at the host -> new session exchanged in the frame: ${renewalMs} ms`);
      expect(renewalMs).toBeLessThan(3_000);
      expect(await docNonce(page, embed)).toBe(nonces[embed]);
      expect(await frame.getAttribute('[data-role="session"]', 'data-state')).toBe('active');
    }
    await screenshot(page, 'demo-after-renewal');

    // Every id minted was exchanged exactly once and no exchange failed: no id was wasted.
    const exchanges = demo.emulator.state.exchanges;
    expect(exchanges.filter((entry) => !entry.ok)).toEqual([]);
    for (const sessionId of [...(await mintedFor('a')), ...(await mintedFor('b'))])
      expect(exchanges.filter((entry) => entry.sessionId === sessionId)).toHaveLength(1);
    // No lapse: renewed before the session stopped working.
    expect(await events(page, undefined, 'session-expired')).toEqual([]);
  });

  it('reports renewed on the host and keeps renewing, one mint per session, without reloading', async () => {
    const nonceA = await docNonce(page, 'a');
    await page.waitFor(() => (window as any).__demo.notifications.filter((entry: any) => entry.embed === 'a' && entry.type === 'renewed').length >= 1, undefined, { timeout: 30_000 });
    const [renewed] = await page.evaluate(() => (window as any).__demo.notifications.filter((entry: any) => entry.type === 'renewed'));
    expect(renewed.info).toEqual({ trigger: 'session-expiring', attempts: 1 });
    // Wait for the third session of A: two renewals in a row.
    const frame = await dashboardFrame(page, 'a');
    await page.waitFor(() => (window as any).__demo.events.filter((entry: any) => entry.embed === 'a' && entry.type === 'svc:event:session-expiring').length >= 2, undefined, { timeout: 30_000 });
    await frame.waitFor(() => (window as any).__dashboard.sessionHistory().filter((entry: any) => entry.state === 'active').length >= 2, undefined, { timeout: 10_000 });
    const expirings = await events(page, 'a', 'session-expiring');
    // One id per session: the initial one, then one per session-expiring (a renewal in flight may add one more).
    const minted = (await mintedFor('a')).length;
    expect(minted === expirings.length + 1 || minted === expirings.length + 2).toBe(true);
    expect(new Set(expirings.map((entry) => entry.payload.expiresAt)).size).toBe(expirings.length);
    expect(await docNonce(page, 'a')).toBe(nonceA);
    expect(await events(page, 'a', 'ready')).toHaveLength(1);
    expect(demo.emulator.state.exchanges.filter((entry) => !entry.ok)).toEqual([]);
    // The session panel shows the count and a countdown from the service.
    expect(Number(await page.textContent('[data-embed="a"] [data-field="renewals"]'))).toBeGreaterThanOrEqual(1);
    expect(await page.textContent('[data-embed="a"] [data-field="ends-in"]')).toMatch(/^0:\d\d$/);
  });
});
