// createEmbed({ sessionEndpoint }): the two routes instead of two hand-written functions, the
// ledger's logout through POST <endpoint>/logout (every id of the viewer, every tab), and the
// viewer's other tabs signed out at once through a BroadcastChannel (Node's, two "tabs" in one
// process: channels of one name reach each other).
import { describe, expect, it, vi } from 'vitest';
import { fakeEndpoint, tab, twoTabs } from '../support/endpoint-fakes.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

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
    expect(result).toEqual({ revoked: ['ses-1', 'ses-2'], failed: [], pending: [], unconfirmed: [], backend: 'complete', complete: true });
    expect(server.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
    await settle();
    // Tab B heard it: its embed is gone, its ledger is logged out, and it mints nothing more.
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(b.ledger.signedOut).toBe(true);
    expect(b.container.children).toHaveLength(0);
    expect(() => b.embed.refresh()).toThrow(expect.objectContaining({ code: 'destroyed' }));
    // Its own logout still asks the endpoint, which has nothing left to revoke.
    expect(await b.ledger.logout()).toEqual({ revoked: [], failed: [], pending: [], unconfirmed: [], backend: 'complete', complete: true });
    await settle();
    expect(server.calls.filter((call) => call === 'POST /api/embed-session')).toHaveLength(2);
  });

  it('a tab whose embeds are all destroyed stops listening, and hears nothing', async () => {
    const { server, a, b } = await twoTabs();
    b.embed.destroy();
    await a.ledger.logout();
    await settle();
    expect(b.ledger.signedOut).toBe(false);
  });

  it('an endpoint that cannot sign out falls back to revoking each id, and says the sign-out failed', async () => {
    const server = fakeEndpoint();
    server.logoutScript.push(() => new Response(null, { status: 404 }));
    vi.stubGlobal('fetch', server.fetch);
    const a = tab();
    await settle();
    expect(await a.ledger.logout()).toMatchObject({ revoked: ['ses-1'], failed: [], backend: 'failed', complete: false });
    expect(server.revoked).toEqual(['ses-1']);
  });
});
