// Issue 39 in a real browser, against the emulator and @svc-embed/server (the demo's session
// endpoint): logout() never says complete while an id may be live (an id the endpoint never minted;
// another viewer signed in before logout()), only the browser's own CSP report fails a load, and a
// typo never embeds unsigned (a misspelt option, a misspelt attribute, no session and no mode).
import { expect, it } from 'vitest';
import type { PageDriver } from './driver/index.js';
import { openDemo, useSuite } from './harness.js';

const suite = useSuite();

/** The ids of `ids` the emulator does not list as revoked. */
const live = (ids: string[]) => ids.filter((sessionId) => suite.demo.emulator.state.describe(sessionId)?.status !== 'revoked');

/** Clicks the demo page's "Log out" and returns what its logout() resolved with. */
async function logOut(page: PageDriver) {
  await page.evaluate(() => ((window as any).__demo.logoutResult = undefined));
  await page.click('#session-panel [data-action="logout"]');
  await page.waitFor(() => (window as any).__demo.logoutResult !== undefined, undefined, { timeout: 20_000 });
  return page.evaluate(() => {
    const { revoked, unconfirmed, backend, complete, reason } = (window as any).__demo.logoutResult;
    return { revoked: [...revoked].sort(), unconfirmed: [...unconfirmed].sort((a: any, b: any) => (a.sessionId < b.sessionId ? -1 : 1)), backend, complete, reason };
  });
}

/** The ids the page's embeds were given (the page notes them for its session panel). */
const pageIds = (page: PageDriver): Promise<string[]> => page.evaluate(() => (window as any).__demo.mints.map((entry: any) => entry.sessionId).sort());

/** A page of the host origin with the host's script (or the element's) and a recorder of the console's warnings and errors, then `body`. */
function addPage(path: string, body: string, script = '/vendor/svc-embed.js') {
  const record = `<script>window.__lines = []; for (const level of ['warn', 'error']) { const original = console[level].bind(console); console[level] = (...args) => { window.__lines.push(args.map(String).join(' ')); original(...args); }; }</script>`;
  suite.demo.addPage(path, `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${path}</title>${record}<script src="${script}"></script></head><body>\n${body}\n</body></html>`);
  return `${suite.demo.hostUrl}${path}`;
}

it('an id given from outside the endpoint is unconfirmed, never revoked: logout() is not complete', async () => {
  const { browser, demo } = suite;
  const page = await browser.newPage();
  await openDemo(page, demo);
  // A real id of the service that the endpoint's ledger never held (minted by the backend directly).
  const outside = (await demo.backend.mint('outside')).body.sessionId as string;
  await page.evaluate((sessionId) => (window as any).__demo.embeds.a.setSession(sessionId), outside);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const ids = (await pageIds(page)).filter((sessionId) => sessionId !== outside);
  const result = await logOut(page);
  expect(result).toMatchObject({ backend: 'complete', complete: false, reason: 'not-in-ledger', revoked: ids, unconfirmed: [{ sessionId: outside, reason: 'not-in-ledger' }] });
  expect(result.revoked).not.toContain(outside);
  // The page said so, and it was the truth: the id is still live at the service.
  expect(live([outside])).toEqual([outside]);
  await demo.backend.revoke(outside);
  await page.close();
});

it('another viewer signed in between the mint and logout(): the first viewer\'s ids are reported, never complete', async () => {
  const { browser, demo } = suite;
  const page = await browser.newPage();
  await openDemo(page, demo);
  const ids = await pageIds(page);
  expect(ids).toHaveLength(2);
  demo.signInAs('grace.hopper');
  try {
    const result = await logOut(page);
    expect(result).toMatchObject({ backend: 'complete', complete: false, reason: 'viewer-changed', revoked: [] });
    expect(result.unconfirmed).toEqual(ids.map((sessionId) => ({ sessionId, reason: 'viewer-changed' })));
    expect(live(ids)).toEqual(ids);
  } finally {
    demo.signInAs(undefined);
  }
  // The first viewer, signed in again, signs out: the endpoint revokes their ids, and logout() is complete.
  const again = await logOut(page);
  expect(again).toMatchObject({ complete: true, revoked: expect.arrayContaining(ids), unconfirmed: [] });
  expect(live(ids)).toEqual([]);
  await page.close();
});

it('a SecurityPolicyViolationEvent a page script dispatched is not the browser\'s: no csp-blocked, no console line, the embed is ready', async () => {
  const { browser, demo } = suite;
  const url = addPage('/forged-csp.html', `<div id="box" style="height: 400px"></div>
<script>
  const embed = SvcEmbed.createEmbed({ baseUrl: ${JSON.stringify(demo.serviceUrl)}, publicId: 'sales-overview', container: '#box', sessionEndpoint: '/api/embed-session' });
  window.__states = [];
  const forge = () => new SecurityPolicyViolationEvent('securitypolicyviolation', {
    documentURI: location.href, violatedDirective: 'frame-src', effectiveDirective: 'frame-src', originalPolicy: "frame-src 'none'",
    disposition: 'enforce', statusCode: 200, blockedURI: ${JSON.stringify(demo.serviceUrl)},
  });
  // Forged while the iframe loads, when the browser's own report would fail the load.
  embed.on('state', (change) => {
    window.__states.push(change.state + (change.error ? ' ' + change.error.code : ''));
    if (change.state !== 'loading' || window.__forgedTrusted !== undefined) return;
    const forged = forge();
    window.__forgedTrusted = forged.isTrusted;
    document.dispatchEvent(forged);
  });
  window.__ready = embed.ready.then((info) => info.mode, (error) => error.code);
</script>`);
  const page = await browser.newPage();
  await page.goto(url);
  expect(await page.evaluate(() => (window as any).__ready)).toBe('signed');
  expect(await page.evaluate(() => (window as any).__forgedTrusted)).toBe(false);
  expect(await page.evaluate(() => (window as any).__states)).not.toContainEqual(expect.stringContaining('csp-blocked'));
  expect(await page.evaluate(() => (window as any).__lines)).toEqual([]);
  await page.evaluate(() => (window as any).SvcEmbed && document.querySelector('iframe')?.remove());
  await page.close();
});

it('sessionEndPoint (misspelt) is invalid-option naming sessionEndpoint: no iframe, nothing minted', async () => {
  const { browser, demo } = suite;
  const before = demo.backend.minted.length;
  const url = addPage('/misspelt-option.html', `<div id="box"></div>
<script>
  try {
    SvcEmbed.createEmbed({ baseUrl: ${JSON.stringify(demo.serviceUrl)}, publicId: 'sales-overview', container: '#box', sessionEndPoint: '/api/embed-session' });
    window.__refusal = 'created';
  } catch (error) {
    window.__refusal = error.code + ': ' + error.message;
  }
</script>`);
  const page = await browser.newPage();
  await page.goto(url);
  expect(await page.evaluate(() => (window as any).__refusal)).toBe('invalid-option: createEmbed has no option sessionEndPoint: did you mean sessionEndpoint?');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await page.count('iframe')).toBe(0);
  expect(demo.backend.minted.length).toBe(before);
  await page.close();
});

it('no session source and no mode is invalid-option naming both', async () => {
  const { browser, demo } = suite;
  const url = addPage('/no-mode.html', `<div id="box"></div>
<script>
  try {
    SvcEmbed.createEmbed({ baseUrl: ${JSON.stringify(demo.serviceUrl)}, publicId: 'sales-overview', container: '#box' });
    window.__refusal = 'created';
  } catch (error) {
    window.__refusal = error.code + ': ' + error.message;
  }
</script>`);
  const page = await browser.newPage();
  await page.goto(url);
  expect(await page.evaluate(() => (window as any).__refusal)).toMatch(/^invalid-option: give sessionEndpoint .* or mode: 'private'/);
  expect(await page.count('iframe')).toBe(0);
  await page.close();
});

it('<svc-embed session-endpont> warns once in the console, naming session-endpoint', async () => {
  const { browser, demo } = suite;
  const url = addPage('/misspelt-attribute.html', `<svc-embed base-url="${demo.serviceUrl}" public-id="sales-overview" session-endpont="/api/embed-session" style="height: 400px"></svc-embed>`, '/vendor/svc-embed-element.js');
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitFor(() => (window as any).__lines.length > 0);
  // The element made again (an attribute changed) does not warn again.
  await page.evaluate(() => document.querySelector('svc-embed')?.setAttribute('public-id', 'support-ops'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const lines: string[] = await page.evaluate(() => (window as any).__lines);
  expect(lines.filter((line) => line.includes('did you mean'))).toEqual(['[svc-embed] <svc-embed> has no attribute session-endpont: did you mean session-endpoint?']);
  await page.close();
});
