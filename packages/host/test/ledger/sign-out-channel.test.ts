// The channel to the viewer's other tabs cannot change what sign-out does (issue 29): only the
// versioned sign-out message is heard, anything else on the channel is dropped (logged in debug
// mode); the message can at most end a tab's embeds early, and that tab's own logout() still signs
// out through the endpoint, so no id is left live. Node's BroadcastChannel plays the browser's: any
// code of the origin can open a channel of the same name, as a forged message would.
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_MESSAGE } from '../../src/ledger/sign-out-message.js';
import { ENDPOINT, tab, twoTabs } from '../support/endpoint-fakes.js';

const CHANNEL = `svc-embed:sign-out:${ENDPOINT}`;
const opened: NodeBroadcastChannel[] = [];
/** A channel of the endpoint's name, as any page of the origin can open one. */
function otherPage() {
  const channel = new NodeBroadcastChannel(CHANNEL);
  opened.push(channel);
  return channel;
}

// The tabs and the fetch stub go after each test (support/endpoint-fakes.ts).
afterEach(() => opened.splice(0).forEach((channel) => channel.close()));

/** Two tabs of one viewer on the endpoint, each with its first id, tab b logging debug lines. */
async function twoTabsLogging() {
  const debug = vi.fn();
  return { ...(await twoTabs({ debug })), debug };
}

describe('the sign-out channel', () => {
  it.each([
    ['a number (the message of the issue)', 1],
    ['the old message', 'logout'],
    ['null', null],
    ['another version', { type: 'svc-embed:sign-out', version: 2 }],
    ['another type', { type: 'svc-embed:sign-in', version: 1 }],
    ['the version as a string', { type: 'svc-embed:sign-out', version: '1' }],
  ])('drops %s silently, logged in debug mode: the tab keeps its embed and its ledger', async (_name, data) => {
    const { b, debug } = await twoTabsLogging();
    otherPage().postMessage(data);
    await vi.waitFor(() => expect(debug).toHaveBeenCalledWith('drop', 'not the sign-out message', data));
    expect(b.ledger.signedOut).toBe(false);
    expect(b.container.children).toHaveLength(1);
    expect(() => b.embed.refresh()).not.toThrow();
  });

  it('a logout posts the versioned message, before the endpoint answers', async () => {
    const { server, a } = await twoTabsLogging();
    server.logoutScript.push(() => new Promise<Response>(() => {}));
    const heard: unknown[] = [];
    otherPage().onmessage = (event: MessageEvent) => void heard.push(event.data);
    void a.ledger.logout();
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'svc-embed:sign-out', version: 1 }]));
    expect(SIGN_OUT_MESSAGE).toEqual({ type: 'svc-embed:sign-out', version: 1 });
  });

  it('the message ends the other tab\'s embeds; its own logout() still signs out through the endpoint', async () => {
    const { server, a, b } = await twoTabsLogging();
    const signedOut = vi.fn();
    b.ledger.onLogout(signedOut);
    expect(await a.ledger.logout()).toMatchObject({ backend: 'complete', complete: true });
    await vi.waitFor(() => expect(b.ledger.signedOut).toBe(true));
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(b.container.children).toHaveLength(0);
    expect(() => b.embed.refresh()).toThrow(expect.objectContaining({ code: 'destroyed' }));
    const calls = server.calls.length;
    expect(await b.ledger.logout()).toMatchObject({ backend: 'complete', complete: true });
    expect(server.calls.slice(calls)).toEqual([`POST ${ENDPOINT}/logout`]);
  });

  it('a forged message ends a tab\'s embeds early, and its logout() then leaves no id live', async () => {
    const { server, b } = await twoTabsLogging();
    otherPage().postMessage({ type: 'svc-embed:sign-out', version: 1 });
    await vi.waitFor(() => expect(b.ledger.signedOut).toBe(true));
    expect(b.container.children).toHaveLength(0);
    // Nothing was revoked by the message: the ids stay live until a sign-out...
    expect(server.live).toEqual(new Set(['ses-1', 'ses-2']));
    // ...which the app's logout() does, through the endpoint, for every id of the viewer.
    const result = await b.ledger.logout();
    expect(result).toMatchObject({ revoked: ['ses-1', 'ses-2'], backend: 'complete', complete: true });
    expect(server.live).toEqual(new Set());
  });

  it('a tab whose embeds are all destroyed stops listening, and still signs out through the endpoint', async () => {
    const { server, a, b } = await twoTabsLogging();
    const c = tab();
    b.embed.destroy();
    await a.ledger.logout();
    // Tab c, still listening, heard it; tab b, with no embed left, did not.
    await vi.waitFor(() => expect(c.ledger.signedOut).toBe(true));
    expect(b.ledger.signedOut).toBe(false);
    const calls = server.calls.length;
    expect(await b.ledger.logout()).toMatchObject({ backend: 'complete' });
    expect(server.calls.slice(calls)).toEqual([`POST ${ENDPOINT}/logout`]);
  });
});
