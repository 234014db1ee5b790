// createEmbed({ sessionEndpoint }): the two routes instead of two hand-written functions, the
// ledger's logout through POST <endpoint>/logout (every id of the viewer, every tab), and the
// viewer's other tabs signed out at once through a BroadcastChannel (Node's, two "tabs" in one
// process: channels of one name reach each other).
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, createSessionLedger, type EmbedOptions } from '../src/index.js';
import { TENANT } from './helpers.js';

/** The backend's endpoint as @svc-embed/server answers it, for one viewer: ids minted, ids revoked. */
function fakeEndpoint() {
  const live = new Set<string>();
  const revoked: string[] = [];
  const calls: string[] = [];
  let n = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    if (url === '/api/embed-session' && init.method === 'POST') {
      const sessionId = `ses-${++n}`;
      live.add(sessionId);
      return Response.json({ sessionId });
    }
    if (url === '/api/embed-session/logout') {
      const all = [...live];
      live.clear();
      revoked.push(...all);
      return Response.json({ revoked: all, failed: [] });
    }
    const id = decodeURIComponent(url.split('/').pop() ?? '');
    if (init.method !== 'DELETE' || !live.delete(id)) return new Response(null, { status: 404 });
    revoked.push(id);
    return new Response(null, { status: 204 });
  });
  return { fetch, live, revoked, calls };
}

/** A "tab": the page's window with Node's BroadcastChannel, and an embed of its own ledger. */
function tab(options: Partial<EmbedOptions> = {}) {
  const win = Object.assign(Object.create(window), { BroadcastChannel: NodeBroadcastChannel }) as Window;
  const ledger = createSessionLedger();
  const container = document.createElement('div');
  const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container, window: win, ledger, sessionEndpoint: '/api/embed-session', ...options } as EmbedOptions);
  return { ledger, container, embed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Two tabs of one viewer on the endpoint, each with its first id. */
async function twoTabs() {
  const server = fakeEndpoint();
  vi.stubGlobal('fetch', server.fetch);
  const a = tab();
  const b = tab();
  await settle();
  return { server, a, b };
}

afterEach(() => vi.unstubAllGlobals());

describe('sessionEndpoint', () => {
  it('mints with POST <endpoint> and puts the id in the URL; a destroy that removes the iframe revokes it with DELETE', async () => {
    const server = fakeEndpoint();
    vi.stubGlobal('fetch', server.fetch);
    const { embed } = tab();
    await settle();
    expect(new URL(embed.iframe.src).searchParams.get('session')).toBe('ses-1');
    embed.destroy();
    await settle();
    expect(server.calls).toEqual(['POST /api/embed-session', 'DELETE /api/embed-session/ses-1']);
    expect(server.revoked).toEqual(['ses-1']);
  });

  it('is refused with mintSessionId or revokeSessionId', () => {
    expect(() => tab({ mintSessionId: () => 'x' })).toThrow(expect.objectContaining({ code: 'invalid-option', message: 'give sessionEndpoint or mintSessionId and revokeSessionId, not both' }));
  });

  it("logout goes through POST <endpoint>/logout, which revokes every id of the viewer, and the viewer's other tabs sign out at once", async () => {
    const { server, a, b } = await twoTabs();
    expect(server.live).toEqual(new Set(['ses-1', 'ses-2']));
    const signedOut = vi.fn();
    b.ledger.onLogout(signedOut);

    const result = await a.ledger.logout();
    expect(result).toEqual({ revoked: ['ses-1', 'ses-2'], failed: [] });
    expect(server.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
    await settle();
    // Tab B heard it: its embed is gone, its ledger is logged out, and it mints nothing more.
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(b.ledger.loggedOut).toBe(true);
    expect(b.container.children).toHaveLength(0);
    expect(() => b.embed.refresh()).toThrow(expect.objectContaining({ code: 'destroyed' }));
    expect(await b.ledger.logout()).toEqual({ revoked: [], failed: [] });
    await settle();
    expect(server.calls.filter((call) => call === 'POST /api/embed-session')).toHaveLength(2);
  });

  it('a tab whose embeds are all destroyed stops listening, and hears nothing', async () => {
    const { server, a, b } = await twoTabs();
    b.embed.destroy();
    await a.ledger.logout();
    await settle();
    expect(b.ledger.loggedOut).toBe(false);
  });

  it('an endpoint that cannot sign out falls back to revoking each id', async () => {
    const server = fakeEndpoint();
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => (url.endsWith('/logout') ? new Response(null, { status: 500 }) : server.fetch(url, init))));
    const a = tab();
    await settle();
    expect(await a.ledger.logout()).toEqual({ revoked: ['ses-1'], failed: [] });
    expect(server.revoked).toEqual(['ses-1']);
  });
});
