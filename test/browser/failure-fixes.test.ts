// Every failure line names its cause and its fix (issue 40), in each engine, on the failure site's
// pages (failures-site.ts: a host page under the strict policy, `@svc-embed/server` and the emulator):
// a `connect-src 'none'` is `csp-blocked` naming connect-src, at once and with no second request; a
// custom backend's 403 keeps its message; a dev proxy's bare 502 says the backend is not running; a
// hanging endpoint's mint-timeout names the endpoint; a mistyped publicId (the emulator answers 404)
// is `frame-silent` about 5 s after the iframe's load, naming publicId first, not 30 s later.
import { describe, expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { ENDPOINTS, REFUSAL_MESSAGE, startFailureSite, type PageCase } from './failures-site.js';
import { useSite } from './harness.js';

const suite = useSite(() => startFailureSite());

type Change = { state: string; code: string | null };
type Recorded = { lines: string[]; violations: string[] };

const recorded = (tab: PageDriver) => tab.evaluate(() => (window as unknown as { __record: Recorded }).__record);
const changes = (tab: PageDriver) => tab.evaluate(() => (window as unknown as { __changes: Change[] }).__changes);

/** Opens `page`, waits for its embed to fail, and returns its state changes, the page's lines and violations, and the mint requests the backend answered. */
async function failedPage(page: PageCase, timeout = 20_000) {
  const before = suite.site.statuses.length;
  const tab = await suite.browser.newPage();
  const opened = Date.now();
  await tab.goto(suite.site.addPage(page));
  await tab.waitFor(() => (window as unknown as { __changes: Change[] }).__changes.some(({ state }) => state === 'failed'), undefined, { timeout });
  const failedAfterMs = Date.now() - opened;
  const result = { changes: await changes(tab), ...(await recorded(tab)), failedAfterMs };
  const mints = suite.site.statuses.slice(before).filter((answer) => answer.includes(`POST ${page.endpoint}`));
  await tab.close();
  return { ...result, mints };
}

describe('each failure line names its cause and its fix', () => {
  it('connect-src \'none\': csp-blocked naming connect-src and the origin to add, at once, one blocked request', async () => {
    const page = await failedPage({ tenant: 'service', endpoint: ENDPOINTS.ok, blockConnect: true });
    expect(page.changes.at(-1)).toEqual({ state: 'failed', code: 'csp-blocked' });
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]).toMatch(/^error \[svc-embed\] csp-blocked: this page's Content-Security-Policy blocked (http:\/\/127\.0\.0\.1:\d+)\/api\/embed-session: add \1 to connect-src$/);
    // Not tried again: the page's policy refused one request (each refusal is a violation), and none reached the backend.
    expect(page.violations.filter((violation) => violation.startsWith('connect-src'))).toHaveLength(1);
    expect(page.mints).toEqual([]);
    expect(page.failedAfterMs).toBeLessThan(5_000);
  });

  it('a 403 of a custom backend: its code and message are in the line', async () => {
    const page = await failedPage({ tenant: 'service', endpoint: ENDPOINTS.refused });
    expect(page.changes.at(-1)).toEqual({ state: 'failed', code: 'endpoint-forbidden' });
    expect(page.lines).toEqual([`error [svc-embed] endpoint-forbidden: POST ${ENDPOINTS.refused} answered HTTP 403 (no-seat: ${REFUSAL_MESSAGE}): your backend refused this viewer`]);
    expect(page.mints).toHaveLength(1);
  });

  it('a dev proxy\'s bare 502 (the backend is down): the line says so, after the retries', async () => {
    const page = await failedPage({ tenant: 'service', endpoint: ENDPOINTS.proxyDown });
    expect(page.changes.at(-1)).toEqual({ state: 'failed', code: 'mint-failed' });
    expect(page.lines).toEqual([`error [svc-embed] mint-failed: POST ${ENDPOINTS.proxyDown} answered HTTP 502: backend not running or not reachable through the proxy`]);
    expect(page.mints).toHaveLength(4);
  });

  it('a hanging endpoint: mint-timeout names the endpoint, not mintSessionId', async () => {
    const page = await failedPage({ tenant: 'service', endpoint: ENDPOINTS.hanging, mintTimeoutMs: 1_000, maxAttempts: 1 });
    expect(page.changes.at(-1)).toEqual({ state: 'failed', code: 'mint-timeout' });
    expect(page.lines).toEqual([`error [svc-embed] mint-timeout: POST ${ENDPOINTS.hanging} did not answer within 1000 ms: check it, or raise mintTimeoutMs`]);
  });

  it('a mistyped publicId (the tenant answers 404): frame-silent about 5 s after the load, publicId first, not at the 30 s readyTimeoutMs', async () => {
    const serviceBefore = suite.site.serviceStatuses.length;
    const page = await failedPage({ tenant: 'service', endpoint: ENDPOINTS.ok, publicId: 'sales-overveiw' });
    expect(page.changes.at(-1)).toEqual({ state: 'failed', code: 'frame-silent' });
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]).toMatch(/^error \[svc-embed\] frame-silent: (http:\/\/localhost:\d+)\/embed\/dashboard\/sales-overveiw loaded, but no ready event from \1 within 5000 ms of its load: check publicId, baseUrl, and that the tenant allows framing by http:\/\/127\.0\.0\.1:\d+$/);
    expect(suite.site.serviceStatuses.slice(serviceBefore)).toContain(404);
    expect(page.failedAfterMs).toBeGreaterThanOrEqual(5_000);
    expect(page.failedAfterMs).toBeLessThan(15_000);
  });
});
