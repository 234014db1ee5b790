// A rejected session id, a session that ends early at the service ("expire now"), and logout,
// in a real browser: the error reaches the host, the host recovers with a fresh id, the dashboard
// recovers in place, and logout revokes every id (the emulator confirms).
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardFrame, docNonce, events, screenshot, waitForEvent, useSuite, type Demo } from './harness.js';
import type { PageDriver } from './driver/index.js';

const suite = useSuite({ open: '/' });
let demo: Demo;
let page: PageDriver;

beforeAll(async () => {
  ({ demo, page } = suite);
});

/** Ids the backend minted that the page's embed was given, in order (the page notes each id its embeds are given). */
const mintedFor = async (embed: string): Promise<string[]> => {
  const given: string[] = await page.evaluate((key) => (window as any).__demo.mints.filter((entry: any) => entry.embed === key).map((entry: any) => entry.sessionId), embed);
  const minted = new Set(demo.backend.minted.map((entry) => entry.sessionId));
  return given.filter((sessionId) => minted.has(sessionId));
};
const sessionOf = (embed: string) => dashboardFrame(page, embed).then((frame) => frame.evaluate(() => (window as any).__dashboard.session()));
const REJECTED_ID = 'ses_rejected-by-the-service';

describe('session recovery', () => {
  it('a rejected id gives the error event, then recovery with a fresh id, in place', async () => {
    const nonce = await docNonce(page, 'a');
    const before = await sessionOf('a');
    const mintsBefore = (await mintedFor('a')).length;
    // The page's next mint gets an id the service never issued, as if it had been redeemed elsewhere.
    demo.answerNextMint(REJECTED_ID);
    await page.click('#session-panel tr[data-embed="a"] [data-action="renew"]');

    const error = await waitForEvent(page, 'a', 'error');
    expect(error.payload).toMatchObject({ name: 'EmbedSessionExchangeError', context: 'session-renewal', fatal: false });
    expect(demo.emulator.state.exchanges.find((entry) => entry.sessionId === REJECTED_ID)).toMatchObject({ ok: false, reason: 'unknown' });
    // The embed keeps working while the host retries with a freshly minted id.
    const frame = await dashboardFrame(page, 'a');
    expect(await frame.count('[data-role="session-expired"]')).toBe(0);
    await frame.waitFor((previous) => (window as any).__dashboard.session().expiresAt > (previous as number), before.expiresAt, { timeout: 15_000 });
    const fresh = await mintedFor('a');
    expect(fresh).toHaveLength(mintsBefore + 1);
    expect(demo.emulator.state.describe(fresh.at(-1)!)).toMatchObject({ status: 'redeemed' });
    expect((await sessionOf('a')).expiresAt).toBe(demo.emulator.state.get(fresh.at(-1)!)!.usableUntil);
    expect(await docNonce(page, 'a')).toBe(nonce);
    expect(await events(page, 'a', 'ready')).toHaveLength(1);
    // The host reports the renewal once its rejection window has passed: two attempts.
    await page.waitFor(() => (window as any).__demo.notifications.some((entry: any) => entry.embed === 'a' && entry.type === 'renewed'), undefined, { timeout: 20_000 });
    const notification = await page.evaluate(() => (window as any).__demo.notifications.find((entry: any) => entry.embed === 'a'));
    expect(notification.info).toEqual({ trigger: 'manual', attempts: 2 });
    expect(await page.textContent('#session-panel tr[data-embed="a"] [data-field="last-error"]')).toContain('EmbedSessionExchangeError');
  });

  it('a session the service ends early shows "session expired", then recovers in place on set-session', async () => {
    const nonce = await docNonce(page, 'b');
    const frame = await dashboardFrame(page, 'b');
    const loadsBefore = (await frame.evaluate(() => (window as any).__dashboard.state())).loads;
    // Hold the renewal's mint until the expired view has been seen.
    const release = demo.holdNextMint();
    await page.click('#session-panel tr[data-embed="b"] [data-action="expire"]');

    const expired = await waitForEvent(page, 'b', 'session-expired');
    expect(expired.payload.expiredAt).toBeGreaterThan(0);
    await frame.waitForSelector('[data-role="session-expired"]');
    expect(await frame.textContent('[data-role="session-expired"] h2')).toBe('Session expired');
    expect(await page.textContent('#session-panel tr[data-embed="b"] [data-field="state"]')).toMatch(/expired|renewing/);
    await screenshot(page, 'demo-session-expired-embed-b');
    release();

    await frame.waitForSelector('[data-role="session-expired"]', { state: 'detached', timeout: 15_000 });
    // Recovered in the same document; its data is loaded again with the new token.
    await frame.waitFor((loads) => (window as any).__dashboard.state().loads > (loads as number), loadsBefore, { timeout: 10_000 });
    expect((await sessionOf('b')).state).toBe('active');
    expect(await docNonce(page, 'b')).toBe(nonce);
    expect(await events(page, 'b', 'ready')).toHaveLength(1);
    const history = await frame.evaluate(() => (window as any).__dashboard.sessionHistory().map((entry: any) => entry.state));
    expect(history.slice(-3)).toEqual(['expiring', 'expired', 'active']);
    expect(await frame.count('[data-widget-id] .bar')).toBeGreaterThan(0);
  });

  it('logout revokes every id minted for the viewer through the session endpoint; the emulator confirms each one', async () => {
    const minted = demo.backend.minted.map((entry) => entry.sessionId);
    expect(minted.length).toBeGreaterThanOrEqual(4); // two initial ids, two renewals
    await page.click('#session-panel [data-action="logout"]');
    await page.waitFor(() => (window as any).__demo.logoutResult !== undefined);
    const result = await page.evaluate(() => {
      const { revoked, failed, complete, backend } = (window as any).__demo.logoutResult;
      return { revoked: [...revoked].sort(), failed: failed.map((entry: any) => entry.sessionId), complete, backend };
    });
    // Every real id was revoked; the id the service never issued (handed out by the endpoint as if
    // redeemed elsewhere) is not live: the service answers 404 for it, which the demo's revoke takes as done.
    expect(result.revoked).toEqual([...minted, REJECTED_ID].sort());
    expect(result).toMatchObject({ failed: [], complete: true, backend: 'complete' });
    for (const sessionId of minted) expect(demo.emulator.state.describe(sessionId)?.status).toBe('revoked');
    const revocations = demo.emulator.state.revocations;
    for (const sessionId of minted) expect(revocations.filter((entry) => entry.sessionId === sessionId && entry.result === 'revoked')).toHaveLength(1);
    expect(await page.count('iframe')).toBe(0);
    await page.waitFor((text) => document.querySelector('[data-role="logout-result"]')?.textContent?.includes(text), `complete. ${minted.length + 1} ids revoked`);
    await page.waitFor((count) => document.querySelectorAll('[data-role="session-ids"] tr[data-status="revoked"]').length === count, minted.length);
    await screenshot(page, 'demo-after-logout');
    // A token of a revoked session no longer reads data: revocation reached the service.
    const record = demo.emulator.state.get(minted[0]!)!;
    const response = await fetch(`${demo.serviceUrl}/embed/api/dashboards/sales-overview/data`, { headers: { authorization: `Bearer ${record.token}` } });
    expect(response.status).toBe(401);
  });
});
