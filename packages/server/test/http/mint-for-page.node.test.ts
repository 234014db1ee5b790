// endpoint.mintForPage: the first id minted while the page renders, by the mint route's process (the
// viewer from the page's request, the mint limit, the sign-out moment, recorded before it is handed
// out), and pageSessionScript, the JSON script element that carries it to sessionFromPage().
import { createServer, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pageSessionScript, type PageSessionAnswer } from '../../src/index.js';
import { browserRequest, json, makeEndpoint, ORIGIN, PATH } from '../support/endpoint-fixture.js';

/** The page's request as a browser sends a navigation: a GET of the page, the viewer in its header (the tests' cookie). */
const pageRequest = (viewer?: string) => new Request(`${ORIGIN}/reports`, { headers: viewer ? { 'x-viewer': viewer } : {} });

describe('endpoint.mintForPage', () => {
  it('mints for the viewer of the page request: the id, its viewer tag, when minted and when it stops being redeemable', async () => {
    const { endpoint, clock, service } = makeEndpoint();
    const page = await endpoint.mintForPage(pageRequest('ada'));
    const routeAnswer = await json(await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' })));
    expect(page).toEqual({ sessionId: 'ses_ada_1', viewer: routeAnswer.viewer, mintedAt: clock.now(), expiresAt: clock.now() + 5 * 60_000 });
    expect(service.minted).toEqual(['ses_ada_1', 'ses_ada_2']);
  });

  it("records the id in the viewer's ledger: a sign-out revokes it, a DELETE by its viewer too", async () => {
    const { endpoint, service } = makeEndpoint();
    const first = await endpoint.mintForPage(pageRequest('ada'));
    expect(await endpoint.logoutViewer('ada')).toEqual({ revoked: [first?.sessionId], failed: [], pending: [], complete: true });
    expect(service.revoked).toEqual([first?.sessionId]);
    const second = await endpoint.mintForPage(pageRequest('ada'));
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/${second?.sessionId}`, { viewer: 'bob' }))).status).toBe(404);
    expect((await endpoint.fetch(browserRequest('DELETE', `${PATH}/${second?.sessionId}`, { viewer: 'ada' }))).status).toBe(204);
  });

  it('is null for a request with no signed-in viewer: nothing minted', async () => {
    const { endpoint, service } = makeEndpoint();
    expect(await endpoint.mintForPage(pageRequest())).toBeNull();
    expect(service.mintCalls).toBe(0);
  });

  it('is null past the mint limit, which it counts with the route', async () => {
    const { endpoint, service } = makeEndpoint({ limits: { mintsPerWindow: 2 } });
    expect(await endpoint.mintForPage(pageRequest('ada'))).not.toBeNull();
    expect((await endpoint.fetch(browserRequest('POST', PATH, { viewer: 'ada' }))).status).toBe(200);
    expect(await endpoint.mintForPage(pageRequest('ada'))).toBeNull();
    expect(service.mintCalls).toBe(2);
    expect((await endpoint.status()).mints).toMatchObject({ minted: 2, 'mint-limit': 1 });
  });

  it('is null for an id minted across a sign-out: revoked, never handed out', async () => {
    let release!: () => void;
    const made = makeEndpoint({
      mint: async (viewer) => {
        await new Promise<void>((resolve) => (release = resolve));
        return `ses_${viewer.id}_held`;
      },
    });
    const page = made.endpoint.mintForPage(pageRequest('ada'));
    await expect.poll(() => release).toBeTypeOf('function');
    await made.endpoint.logoutViewer('ada');
    release();
    expect(await page).toBeNull();
    expect(made.service.revoked).toEqual(['ses_ada_held']);
  });

  it('is null when the service fails, reported as the route reports it', async () => {
    const { endpoint, service, errors } = makeEndpoint();
    service.failMint = true;
    expect(await endpoint.mintForPage(pageRequest('ada'))).toBeNull();
    expect(errors.map((error) => error.code)).toEqual(['mint-failed']);
  });

  it("takes Express's / node:http's req: viewer() gets its headers and the node request", async () => {
    const seen: { cookie: string | null; node: boolean }[] = [];
    const { endpoint } = makeEndpoint({
      viewer: (request, context) => {
        seen.push({ cookie: request.headers.get('x-viewer'), node: context.nodeRequest !== undefined });
        return { id: String(request.headers.get('x-viewer')) };
      },
    });
    const pages: (PageSessionAnswer | null)[] = [];
    const server = createServer(async (req: IncomingMessage, res) => {
      pages.push(await endpoint.mintForPage(req));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await fetch(`http://127.0.0.1:${port}/reports?tab=2`, { headers: { 'x-viewer': 'ada' } });
    server.close();
    expect(seen).toEqual([{ cookie: 'ada', node: true }]);
    expect(pages[0]?.sessionId).toBe('ses_ada_1');
  });
});

describe('pageSessionScript', () => {
  const session: PageSessionAnswer = { sessionId: 'ses_1', viewer: 'tag', mintedAt: 1, expiresAt: 300_001 };

  it('renders the JSON script element sessionFromPage() reads', () => {
    expect(pageSessionScript(session)).toBe('<script type="application/json" id="svc-embed-session">{"sessionId":"ses_1","viewer":"tag","mintedAt":1,"expiresAt":300001}</script>');
  });

  it('escapes what could end the element: < > & and the line separators', () => {
    const html = pageSessionScript({ ...session, sessionId: '</script><script>alert(1)</script>&\u2028' });
    const json = html.slice(html.indexOf('>') + 1, -'</script>'.length);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(json).sessionId).toBe('</script><script>alert(1)</script>&\u2028');
  });

  it('adds a nonce and another element id when given, and refuses ones that are not', () => {
    expect(pageSessionScript(session, { nonce: 'r4nd0m+/=', elementId: 'first-id' })).toMatch(/^<script type="application\/json" id="first-id" nonce="r4nd0m\+\/=">/);
    expect(() => pageSessionScript(session, { nonce: '"><script>' })).toThrow(expect.objectContaining({
      code: 'invalid-options', message: 'pageSessionScript: nonce must be a CSP nonce (base64 characters), got "\\"><script>"',
    }));
    expect(() => pageSessionScript(session, { elementId: 'a b' })).toThrow(expect.objectContaining({
      code: 'invalid-options', message: 'pageSessionScript: elementId must be a letter then letters, digits, _ : . or -, got "a b"',
    }));
  });

  it('renders nothing for null (no id was minted)', () => {
    expect(pageSessionScript(null)).toBe('');
  });
});
