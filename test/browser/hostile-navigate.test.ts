// A surface that navigates where it should not (issue 30), in the three engines against the emulator:
// the real dashboard on the tenant origin posts `navigate` events of its own making, raw, past its
// frame SDK (they pass the host's origin and source checks, as a compromised surface's would).
// `syncUrl` writes none of the six paths of the review into the host page's URL, and 1,000
// navigations made without a user activation add at most 10 history entries. Every URL the page's
// history is given is recorded before the SDK loads; every wait is for a condition.
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { useSuite } from './harness.js';

const suite = useSuite();

/** What a surface sent in the review, and what each would be in the page's address bar. */
const HOSTILE = [
  'javascript:alert(document.domain)',
  '//evil.example/phish',
  '/\\evil.example',
  '/orders\r\nSet-Cookie: a=b',
  '/report\u202Efdp.exe',
  `/${'a'.repeat(200_000)}`,
];

/** The host page: a signed embed of the script file, its path kept in `?dash=`, and the record of every URL written to its history. */
function hostPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A surface that navigates</title>
<script>
// Before the SDK: every URL the page's history is given.
window.__written = [];
for (const name of ['pushState', 'replaceState']) {
  const original = history[name].bind(history);
  history[name] = (state, title, url) => {
    window.__written.push(String(url));
    return original(state, title, url);
  };
}
</script>
<script src="/vendor/svc-embed.min.js"></script></head><body>
<div id="box" style="height: 480px"></div>
<script>
window.__events = [];
const embed = SvcEmbed.createEmbed({ baseUrl: ${JSON.stringify(suite.demo.serviceUrl)}, publicId: 'sales-overview', container: '#box', sessionEndpoint: '/api/embed-session' });
embed.on('*', (payload, message) => window.__events.push(message.type));
SvcEmbed.syncUrl(embed, { param: 'dash' });
</script>
</body></html>`;
}

/** Opens the host page and waits until its dashboard has loaded. */
async function open(): Promise<PageDriver> {
  suite.demo.addPage('/hostile-navigate.html', hostPage());
  const page = await suite.browser.newPage();
  await page.goto(`${suite.demo.hostUrl}/hostile-navigate.html`);
  await page.waitFor(() => ((window as any).__events as string[]).includes('svc:event:dashboard-loaded'), undefined, { timeout: 20_000 });
  return page;
}

/** The `dash` parameter of each URL the page's history was given (null: none). */
const writtenPaths = (page: PageDriver) =>
  page.evaluate(() => ((window as any).__written as string[]).map((url) => new URL(url, location.href).searchParams.get('dash')));

it('none of the six paths a hostile surface sent reaches the page URL', async () => {
  const page = await open();
  const dashboard = page.frame('#box iframe');
  await dashboard.evaluate((paths) => {
    const post = (path: string) =>
      parent.postMessage({ source: 'svc-embed', direction: 'event', type: 'svc:event:navigate', payload: { path, previousPath: '/overview' }, timestamp: Date.now(), surface: 'dashboard' }, '*');
    post('/orders');
    for (const path of paths) post(path);
    // Handled after all of them (messages from one window arrive in order).
    post('/products');
  }, HOSTILE);
  await page.waitFor(() => new URL(location.href).searchParams.get('dash') === '/products');
  const written = await writtenPaths(page);
  expect(written).toContain('/orders');
  for (const path of HOSTILE) expect(written).not.toContain(path);
  expect(written.every((path) => path === null || /^\/[\w/-]*$/.test(path))).toBe(true);
  const address = await page.evaluate(() => location.href);
  expect(address.length).toBeLessThan(500);
  for (const path of HOSTILE) expect(decodeURIComponent(address)).not.toContain(path.slice(0, 40));
  await page.close();
});

it('1,000 navigate events made without a user activation add at most 10 history entries', async () => {
  const page = await open();
  const before = await page.evaluate(() => history.length);
  // Once no user activation is left in the dashboard (an evaluate may count as one, and the host
  // page shares it), it navigates 1,000 times in a row.
  const activeWhenSent = await page.frame('#box iframe').evaluate(() => new Promise<boolean | null>((resolve) => {
    const activation = (navigator as { userActivation?: { isActive: boolean } }).userActivation;
    const burst = () => {
      if (activation?.isActive) {
        setTimeout(burst, 100);
        return;
      }
      for (let n = 0; n < 1_000; n += 1) {
        parent.postMessage({ source: 'svc-embed', direction: 'event', type: 'svc:event:navigate', payload: { path: `/page/${n}`, previousPath: '/overview' }, timestamp: Date.now(), surface: 'dashboard' }, '*');
      }
      resolve(activation ? activation.isActive : null);
    };
    burst();
  }), undefined);
  expect(activeWhenSent).not.toBe(true);
  // The last path is written once the second of the first writes is over.
  await page.waitFor(() => new URL(location.href).searchParams.get('dash') === '/page/999', undefined, { timeout: 20_000 });
  const after = await page.evaluate(() => history.length);
  expect(after - before).toBeLessThanOrEqual(10);
  expect((await writtenPaths(page)).length).toBeLessThanOrEqual(10);
  await page.close();
});
