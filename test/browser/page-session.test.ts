// Issue 42, the first id minted with the page, in a real browser against the emulator and
// @svc-embed/server (the demo's session endpoint): the server mints the first id while it renders
// the page (endpoint.mintForPage) and renders it as a JSON script element (pageSessionScript); the
// ESM build's createEmbed({ firstSession: sessionFromPage() }) uses it at once, with no request to
// the endpoint, and its ledger holds it (logout() revokes it at the service). A stale one, or one
// already used in the tab (the page loaded again, as from a cache), falls back to the endpoint in
// silence.
import { pageSessionScript, type PageSessionAnswer } from '@svc-embed/server';
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { useSuite } from './harness.js';

const suite = useSuite();

const IMPORTS = {
  '@svc-embed/host': '/vendor/host/index.js',
  '#dev-mode': '/vendor/host/dev-mode.development.js',
  '@svc-embed/protocol': '/vendor/protocol/index.js',
  '@svc-embed/protocol/session-endpoint': '/vendor/protocol/session-endpoint.js',
  nanoevents: '/vendor/nanoevents/index.js',
  'zod/mini': '/vendor/zod/mini/index.js',
};

/**
 * A page as a server renders it: the first id's script element, then an ESM embed with
 * `firstSession: sessionFromPage()`; it records the warnings and errors it prints, the embed's URL
 * and `ready`, and what the endpoint was asked (its `fetch` counted).
 */
function addPage(path: string, session: PageSessionAnswer | null): string {
  const { demo } = suite;
  const script = `
    import { createEmbed, sessionFromPage } from '@svc-embed/host';
    window.__lines = [];
    for (const level of ['warn', 'error']) { const original = console[level].bind(console); console[level] = (...args) => { window.__lines.push(args.map(String).join(' ')); original(...args); }; }
    const fetched = [];
    const pageFetch = window.fetch.bind(window);
    window.fetch = (url, init) => { fetched.push((init?.method ?? 'GET') + ' ' + url); return pageFetch(url, init); };
    const embed = createEmbed({ baseUrl: ${JSON.stringify(demo.serviceUrl)}, publicId: 'sales-overview', container: '#box', sessionEndpoint: '/api/embed-session', firstSession: sessionFromPage() });
    window.__embed = embed;
    embed.ready.then(() => { window.__result = { session: new URL(embed.iframe.src).searchParams.get('session'), fetched: [...fetched] }; }, (error) => { window.__result = { error: error.code }; });`;
  demo.addPage(path, `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${path}</title>
<script type="importmap">${JSON.stringify({ imports: IMPORTS })}</script></head><body>
${pageSessionScript(session)}
<div id="box" style="height: 600px"></div>
<script type="module">${script}</script>
</body></html>`);
  return `${demo.hostUrl}${path}`;
}

/** The page's embed once ready: the session in its URL, the endpoint calls made before, what it printed. */
async function loaded(page: PageDriver) {
  const result = await page.waitFor(() => (window as any).__result, undefined, { timeout: 20_000 });
  const lines: string[] = await page.evaluate(() => (window as any).__lines);
  return { ...result, lines } as { session: string; fetched: string[]; error?: string; lines: string[] };
}

/** The first id, as the server mints it while it renders the page. */
const mintForPage = () => suite.demo.endpoint.mintForPage(new Request(`${suite.demo.hostUrl}/reports`));

it('uses the id minted with the page at once, with no call to the endpoint, and logout() revokes it', async () => {
  const { browser, demo } = suite;
  const first = await mintForPage();
  expect(first).not.toBeNull();
  const mintedBefore = demo.backend.minted.length;
  const page = await browser.newPage();
  await page.goto(addPage('/page-id.html', first));
  const result = await loaded(page);
  expect(result).toMatchObject({ session: first?.sessionId, fetched: [], lines: [] });
  expect(demo.backend.minted.length).toBe(mintedBefore);
  expect(demo.emulator.state.describe(first!.sessionId)?.status).not.toBe('revoked');
  // The browser's ledger holds it: the sign-out revokes it at the service.
  const logout = await page.evaluate(() => (window as any).__embed.logout().then((answer: any) => ({ revoked: answer.revoked, complete: answer.complete })));
  expect(logout).toEqual({ revoked: [first!.sessionId], complete: true });
  expect(demo.emulator.state.describe(first!.sessionId)?.status).toBe('revoked');
  await page.close();
});

it('a stale id (past its redemption window) goes to the endpoint, with nothing printed', async () => {
  const { browser } = suite;
  const minted = await mintForPage();
  const stale = { ...minted!, mintedAt: Date.now() - 6 * 60_000, expiresAt: Date.now() - 60_000 };
  const page = await browser.newPage();
  await page.goto(addPage('/page-id-stale.html', stale));
  const result = await loaded(page);
  expect(result.error).toBeUndefined();
  expect(result.session).not.toBe(stale.sessionId);
  expect(result.fetched).toEqual(['POST /api/embed-session']);
  expect(result.lines).toEqual([]);
  await page.close();
});

it('the same page loaded again in the tab (a cached page, the back button) goes to the endpoint, with nothing printed', async () => {
  const { browser } = suite;
  const first = await mintForPage();
  const url = addPage('/page-id-again.html', first);
  const page = await browser.newPage();
  await page.goto(url);
  expect((await loaded(page)).session).toBe(first?.sessionId);
  await page.reload();
  const again = await loaded(page);
  expect(again.error).toBeUndefined();
  expect(again.session).not.toBe(first?.sessionId);
  expect(again.fetched).toEqual(['POST /api/embed-session']);
  expect(again.lines).toEqual([]);
  await page.close();
});
