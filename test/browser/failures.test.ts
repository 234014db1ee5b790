// Failures named where developers look, and a normal load that prints nothing (issue 30), in each
// engine. Pages as a developer writes them first (an embed with a session endpoint, `embed.ready`
// never read), under the strict policy with what requiredCsp says the page needs. A normal signed
// load reaches ready with nothing printed and no failed request; each way a first setup goes wrong
// prints one line of the SDK's naming the cause and the fix, and gives the matching code on `state`
// (and the element's error-code attribute). What the page prints is recorded in the page in every
// engine; what the engine itself reports (its own lines, failed requests) comes from the driver where
// it can report it (Chromium, Firefox: see PageDriver.watchConsole); every answer of the servers is
// noted too.
import { describe, expect, it } from 'vitest';
import type { PageDriver, PageReport } from './driver/index.js';
import { ENDPOINTS, startFailureSite, type PageCase } from './failures-site.js';
import { useSite } from './harness.js';

const suite = useSite(() => startFailureSite());

type Change = { state: string; code: string | null };
type Recorded = { lines: string[]; violations: string[] };

/** Opens a page of `page`'s case with the engine's report watched; returns the page and the reader (undefined in WebKit). */
async function open(page: PageCase): Promise<{ tab: PageDriver; report: (() => PageReport) | undefined }> {
  const tab = await suite.browser.newPage();
  const report = await tab.watchConsole();
  await tab.goto(suite.site.addPage(page));
  return { tab, report };
}

const recorded = (tab: PageDriver) => tab.evaluate(() => (window as unknown as { __record: Recorded }).__record);
const changes = (tab: PageDriver) => tab.evaluate(() => (window as unknown as { __changes: Change[] }).__changes);
const errorsAndWarnings = (report: PageReport) => report.console.filter(({ level }) => /^(error|warn)/.test(level));

describe('a normal signed load', () => {
  it('reaches ready and its dashboard with nothing printed and no failed request', async () => {
    const before = suite.site.statuses.length;
    const serviceBefore = suite.site.serviceStatuses.length;
    const { tab, report } = await open({ tenant: 'service', endpoint: ENDPOINTS.ok });
    await tab.waitFor(() => (window as unknown as { __changes: Change[] }).__changes.some(({ state }) => state === 'dashboard-loaded'), undefined, { timeout: 30_000 });
    expect((await changes(tab)).map(({ state }) => state)).toEqual(['loading', 'ready', 'dashboard-loaded']);
    expect(await recorded(tab)).toEqual({ lines: [], violations: [] });
    if (report) {
      expect(errorsAndWarnings(report())).toEqual([]);
      expect(report().failedRequests).toEqual([]);
    }
    const answered = suite.site.statuses.slice(before);
    const service = suite.site.serviceStatuses.slice(serviceBefore);
    // The page, its scripts, one mint, and the tenant's embed page with its files and data: all answered without an error.
    expect(answered.filter((line) => Number(line.slice(0, 3)) >= 400)).toEqual([]);
    expect(answered.filter((line) => line.includes(`POST ${ENDPOINTS.ok}`))).toEqual([`200 POST ${ENDPOINTS.ok}`]);
    expect(service.filter((status) => status >= 400)).toEqual([]);
    expect(service.length).toBeGreaterThan(3);
    await tab.close();
  });
});

/** The SDK's lines among what the page printed. */
const sdkLines = (lines: string[]) => lines.filter((line) => line.includes('[svc-embed]'));

describe('a first setup that goes wrong: one line naming the cause and the fix, the code on state', () => {
  const cases: [string, PageCase, string, RegExp][] = [
    ['the viewer is not signed in (401)', { tenant: 'service', endpoint: ENDPOINTS.signedOut }, 'endpoint-unauthorized',
      /^error \[svc-embed\] endpoint-unauthorized: POST \/api\/signed-out\/embed-session answered HTTP 401: the viewer is not signed in to your backend$/],
    ['the page\'s origin is not in allowedOrigins (403 forbidden-origin)', { tenant: 'service', endpoint: ENDPOINTS.otherOrigin }, 'endpoint-forbidden-origin',
      /^error \[svc-embed\] endpoint-forbidden-origin: POST \/api\/vite-only\/embed-session answered HTTP 403 forbidden-origin: add http:\/\/127\.0\.0\.1:\d+ to its allowedOrigins$/],
    ['a wrong endpoint path (404)', { tenant: 'service', endpoint: ENDPOINTS.wrongPath }, 'endpoint-not-found',
      /^error \[svc-embed\] endpoint-not-found: POST \/api\/embed-sesion answered HTTP 404: check the endpoint path, and that a dev server in front of your backend forwards it$/],
    ['a frame-src that leaves out the tenant', { tenant: 'service', endpoint: ENDPOINTS.ok, blockFrame: true }, 'csp-blocked',
      /^error \[svc-embed\] csp-blocked: this page's Content-Security-Policy blocked http:\/\/localhost:\d+: add it to frame-src$/],
    // With the default readyTimeoutMs (30 s): frame-silent comes 5 s after the iframe's load, within the wait below.
    ['a tenant page that never answers (not the service: a wrong baseUrl)', { tenant: 'silent', endpoint: ENDPOINTS.ok }, 'frame-silent',
      /^error \[svc-embed\] frame-silent: (http:\/\/localhost:\d+)\/embed\/dashboard\/sales-overview loaded, but no ready event from \1 within 5000 ms of its load: check publicId, baseUrl, and that the tenant allows framing by http:\/\/127\.0\.0\.1:\d+$/],
    ['a tenant that refuses to be framed here (frame-ancestors)', { tenant: 'refusing', endpoint: ENDPOINTS.ok }, 'frame-silent',
      /^error \[svc-embed\] frame-silent: (http:\/\/localhost:\d+)\/embed\/dashboard\/sales-overview loaded, but no ready event from \1 within 5000 ms of its load: check publicId, baseUrl, and that the tenant allows framing by http:\/\/127\.0\.0\.1:\d+$/],
  ];

  it.each(cases)('%s', async (_what, page, code, line) => {
    const before = suite.site.statuses.length;
    const { tab, report } = await open(page);
    await tab.waitFor(() => (window as unknown as { __changes: Change[] }).__changes.some(({ state }) => state === 'failed'), undefined, { timeout: 20_000 });
    expect((await changes(tab)).at(-1)).toEqual({ state: 'failed', code });
    const { lines } = await recorded(tab);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    // The engine's own report has the same one line of the SDK's (besides its own line about the failed request or the refused frame).
    if (report) expect(sdkLines(report().console.map(({ text }) => text))).toEqual([lines[0]?.replace(/^error /, '')]);
    // A refusal of the endpoint is not retried: one mint request.
    const mints = suite.site.statuses.slice(before).filter((answer) => answer.includes(`POST ${page.endpoint}`));
    expect(mints).toHaveLength(1);
    await tab.close();
  });

  it('<svc-embed>: state="failed" and error-code="endpoint-unauthorized", the same one line', async () => {
    const { tab } = await open({ tenant: 'service', endpoint: ENDPOINTS.signedOut, element: true });
    await tab.waitFor(() => document.querySelector('svc-embed')?.getAttribute('state') === 'failed', undefined, { timeout: 20_000 });
    expect(await tab.getAttribute('svc-embed', 'error-code')).toBe('endpoint-unauthorized');
    expect(sdkLines((await recorded(tab)).lines)).toEqual([
      'error [svc-embed] endpoint-unauthorized: POST /api/signed-out/embed-session answered HTTP 401: the viewer is not signed in to your backend',
    ]);
    await tab.close();
  });
});
