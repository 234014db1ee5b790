// A session endpoint as @svc-embed/server answers it, for one viewer, and "tabs" of that viewer: each
// a page window with Node's BroadcastChannel (channels of one name reach each other in one process)
// and an embed on its own ledger, minting through the endpoint.
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, expect, vi } from 'vitest';
import { createEmbed, createSessionLedger, type Embed, type EmbedOptions } from '../../src/index.js';
import { ENDPOINT, TENANT } from './values.js';

export { ENDPOINT } from './values.js';

/**
 * The backend's endpoint for the signed-in viewer (`viewer.tag`, which a test may switch): the ids it
 * minted and still holds (`live`, of every viewer), those it revoked, and every call. `logoutScript` holds the answers of the next `POST <endpoint>/logout` calls, in order
 * (a scripted answer revokes nothing); without one it revokes every live id and answers complete.
 */
export function fakeEndpoint() {
  const live = new Set<string>();
  const revoked: string[] = [];
  const calls: string[] = [];
  const logoutScript: (() => Response | Promise<Response>)[] = [];
  /** The viewer tag of the signed-in viewer: who the endpoint serves (change it to switch viewers). */
  const viewer = { tag: 'viewer-a' };
  /** The viewer each id was minted for: a sign-out or a DELETE reaches only the signed-in viewer's. */
  const owner = new Map<string, string>();
  const ownIds = () => [...live].filter((id) => owner.get(id) === viewer.tag);
  let n = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    if (url === ENDPOINT && init.method === 'POST') {
      const sessionId = `ses-${++n}`;
      live.add(sessionId);
      owner.set(sessionId, viewer.tag);
      return Response.json({ sessionId, viewer: viewer.tag });
    }
    if (url === `${ENDPOINT}/logout`) {
      const scripted = logoutScript.shift();
      if (scripted) return scripted();
      const all = ownIds();
      all.forEach((id) => live.delete(id));
      revoked.push(...all);
      return Response.json({ revoked: all, failed: [], pending: [], complete: true, viewer: viewer.tag });
    }
    const id = decodeURIComponent(url.split('/').pop() ?? '');
    if (init.method !== 'DELETE' || !ownIds().includes(id) || !live.delete(id)) return Response.json({ error: { code: 'unknown-session' } }, { status: 404 });
    revoked.push(id);
    return new Response(null, { status: 204 });
  });
  return { fetch, live, revoked, calls, logoutScript, viewer };
}

/** The page's window of one tab: Node's BroadcastChannel on the test DOM's window. */
export function tabWindow(): Window {
  return Object.assign(Object.create(window), { BroadcastChannel: NodeBroadcastChannel }) as Window;
}

const tabs = new Set<Embed>();
// Every tab's embed is destroyed after its test, so that no channel stays open, and then (its ids
// revoked through the stubbed fetch) the stubs go. Hooks run last-registered first: this one last.
afterEach(async () => {
  tabs.forEach((embed) => embed.destroy());
  tabs.clear();
  // The revocations start a microtask after destroy().
  await Promise.resolve();
  vi.unstubAllGlobals();
});

/** A "tab": its window, and an embed of its own ledger on the endpoint. */
export function tab(options: Partial<EmbedOptions> = {}) {
  const win = tabWindow();
  const ledger = createSessionLedger();
  const container = document.createElement('div');
  const embed = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container, window: win, ledger, sessionEndpoint: ENDPOINT, ...options } as EmbedOptions);
  tabs.add(embed);
  return { ledger, container, embed, window: win };
}

/** Two tabs of one viewer on the endpoint (tab b made with `bOptions`), once each has its first id: ses-1 in a, ses-2 in b. */
export async function twoTabs(bOptions: Partial<EmbedOptions> = {}) {
  const server = fakeEndpoint();
  vi.stubGlobal('fetch', server.fetch);
  const a = tab();
  const b = tab(bOptions);
  await vi.waitFor(() => expect(server.live).toEqual(new Set(['ses-1', 'ses-2'])));
  return { server, a, b };
}

/** The answer of a backend whose store is down, as @svc-embed/server gives it. */
export const storeDown = () => Response.json({ error: { code: 'store-unavailable', message: 'the store could not be reached' } }, { status: 503 });
