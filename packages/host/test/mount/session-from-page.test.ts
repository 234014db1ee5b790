// firstSession: sessionFromPage(): the first id the server rendered into the page is used at once,
// with no call to the session endpoint, and recorded in the ledger; a stale, used or malformed one
// falls back to the endpoint without an error (a malformed one said once, in development).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, createSessionLedger, sessionFromPage, type EmbedOptions } from '../../src/index.js';
import { ENDPOINT, fakeEndpoint, tabWindow } from '../support/endpoint-fakes.js';
import { flush, START, TENANT, useFakeClock } from '../support/helpers.js';

useFakeClock();

const MINUTE = 60_000;
const embeds: { destroy(): void }[] = [];
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  embeds.splice(0).forEach((embed) => embed.destroy());
  document.head.querySelectorAll('script[type="application/json"]').forEach((element) => element.remove());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The page's script element, as `pageSessionScript` renders it (`text`: another content). */
function pageScript(session: { sessionId?: string; expiresAt?: number; viewer?: string } | string, id = 'svc-embed-session') {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = typeof session === 'string' ? session : JSON.stringify(session);
  document.head.append(element);
}

/** An embed on the fake endpoint, with `firstSession: sessionFromPage()`; `fetch` is the endpoint's. */
function pageEmbed(options: Partial<EmbedOptions> = {}, server = fakeEndpoint()) {
  const win = Object.assign(tabWindow(), { fetch: server.fetch });
  const ledger = createSessionLedger();
  const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: document.createElement('div'), sessionEndpoint: ENDPOINT, window: win, ledger, firstSession: sessionFromPage(), ...options } as EmbedOptions);
  embeds.push(embed);
  return { embed, ledger, server };
}

const mints = (server: ReturnType<typeof fakeEndpoint>) => server.calls.filter((call) => call === `POST ${ENDPOINT}`).length;
const sessionOf = (iframe: HTMLIFrameElement) => new URL(iframe.src).searchParams.get('session');

describe('firstSession: sessionFromPage()', () => {
  it('uses the page id at once: no call to the endpoint, the URL set, the iframe placed', async () => {
    pageScript({ sessionId: 'page-1', expiresAt: START + 5 * MINUTE, viewer: 'viewer-a' });
    const { embed, server } = pageEmbed();
    await flush();
    expect(server.calls).toEqual([]);
    expect(sessionOf(embed.iframe)).toBe('page-1');
    expect(embed.iframe.parentNode).not.toBeNull();
  });

  it("records the page id in the ledger: logout revokes it through the endpoint's sign-out", async () => {
    pageScript({ sessionId: 'page-1', expiresAt: START + 5 * MINUTE, viewer: 'viewer-a' });
    const revoke = vi.fn();
    const mint = vi.fn(() => 's-1');
    const ledger = createSessionLedger();
    const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: document.createElement('div'), mintSessionId: mint, revokeSessionId: revoke, ledger, firstSession: sessionFromPage() });
    embeds.push(embed);
    await flush();
    expect(mint).not.toHaveBeenCalled();
    const result = await ledger.logout();
    expect(revoke).toHaveBeenCalledWith('page-1');
    expect(result.revoked).toEqual(['page-1']);
  });

  it("a stale id (within a minute of its expiry: a cached page) goes to the endpoint, with no error", async () => {
    pageScript({ sessionId: 'page-old', expiresAt: START + 30_000 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { embed, server } = pageEmbed();
    await flush();
    await vi.waitFor(() => expect(sessionOf(embed.iframe)).toBe('ses-1'));
    expect(mints(server)).toBe(1);
    expect(warn).not.toHaveBeenCalled();
    expect(embed.state).not.toBe('failed');
  });

  it('an id used once already in this tab (a back button, a second embed) goes to the endpoint', async () => {
    pageScript({ sessionId: 'page-1', expiresAt: START + 5 * MINUTE });
    const first = pageEmbed();
    await flush();
    expect(sessionOf(first.embed.iframe)).toBe('page-1');
    const second = pageEmbed();
    await vi.waitFor(() => expect(sessionOf(second.embed.iframe)).toBe('ses-1'));
    expect(mints(second.server)).toBe(1);
  });

  it('a used id stays used across page loads of the tab (sessionStorage)', async () => {
    sessionStorage.setItem('svc-embed:page-ids', JSON.stringify(['page-1']));
    pageScript({ sessionId: 'page-1', expiresAt: START + 5 * MINUTE });
    const { embed, server } = pageEmbed();
    await vi.waitFor(() => expect(sessionOf(embed.iframe)).toBe('ses-1'));
    expect(mints(server)).toBe(1);
  });

  it("StrictMode's mount, unmount, mount: the embed that stays gets the page id", async () => {
    pageScript({ sessionId: 'page-1', expiresAt: START + 5 * MINUTE });
    const server = fakeEndpoint();
    pageEmbed({}, server).embed.destroy();
    const { embed } = pageEmbed({}, server);
    await flush();
    expect(sessionOf(embed.iframe)).toBe('page-1');
    expect(server.calls).toEqual([]);
  });

  it.each([
    ['not JSON', '{sessionId: page-1'],
    ['no sessionId', JSON.stringify({ expiresAt: START + 5 * MINUTE })],
    ['no expiresAt', JSON.stringify({ sessionId: 'page-1' })],
    ['null', 'null'],
  ])('a malformed script (%s) falls back to the endpoint and is said once, in development', async (_, text) => {
    pageScript(text);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const firstSession = sessionFromPage();
    const server = fakeEndpoint();
    const one = pageEmbed({ firstSession }, server);
    const two = pageEmbed({ firstSession }, server);
    await vi.waitFor(() => expect(sessionOf(one.embed.iframe)).toMatch(/^ses-/));
    await vi.waitFor(() => expect(sessionOf(two.embed.iframe)).toMatch(/^ses-/));
    expect(mints(server)).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/sessionFromPage: #svc-embed-session is not the JSON pageSessionScript\(\) renders/);
  });

  it('without the script element the endpoint mints, in silence', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { embed, server } = pageEmbed();
    await vi.waitFor(() => expect(sessionOf(embed.iframe)).toBe('ses-1'));
    expect(mints(server)).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads another element id when told', async () => {
    pageScript({ sessionId: 'page-9', expiresAt: START + 5 * MINUTE }, 'first-id');
    const { embed, server } = pageEmbed({ firstSession: sessionFromPage({ elementId: 'first-id' }) });
    await flush();
    expect(sessionOf(embed.iframe)).toBe('page-9');
    expect(server.calls).toEqual([]);
  });

  it('refuses a firstSession no function made', () => {
    expect(() => pageEmbed({ firstSession: 'page-1' as never })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('firstSession takes sessionFromPage()') }));
  });
});
