/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// The <svc-embed> element: attributes and properties, the embed made once connected (and not for an
// element removed or moved in the same task), events re-dispatched as svc-<name>, the senders as
// methods, session-endpoint minting and revoking, attribute changes recreating the embed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SvcEmbedElement } from '../../src/element.js';
import { createSessionLedger } from '../../src/index.js';
import { makeElement, tick } from '../support/element.js';
import { attachFrameWindow, deliver, event, READY, TENANT, type FrameWindow } from '../support/helpers.js';


afterEach(async () => {
  document.body.replaceChildren();
  // The removed elements tear down in the next task (revoking their ids): with the test's stubs still in place.
  await tick();
  vi.unstubAllGlobals();
});

describe('<svc-embed>', () => {
  it('creates the embed once connected, with its attributes in the URL, and re-dispatches every event', async () => {
    const element = makeElement({ 'allow-export': '', timezone: 'Europe/Berlin' });
    element.mintSessionId = vi.fn(() => 's1');
    const seen: { type: string; detail: unknown; bubbles: boolean; composed: boolean }[] = [];
    document.body.addEventListener('svc-ready', (e) => seen.push({ type: e.type, detail: (e as CustomEvent).detail, bubbles: e.bubbles, composed: e.composed }));
    document.body.addEventListener('svc-download', (e) => seen.push({ type: e.type, detail: (e as CustomEvent).detail, bubbles: e.bubbles, composed: e.composed }));
    document.body.append(element);
    expect(element.embed).toBeUndefined();
    await tick();
    const iframe = element.querySelector('iframe')!;
    const url = new URL(iframe.src);
    expect(url.pathname).toBe('/embed/dashboard/d-42');
    expect(url.searchParams.get('session')).toBe('s1');
    expect(url.searchParams.get('allowExport')).toBe('true');
    expect(url.searchParams.get('timezone')).toBe('Europe/Berlin');
    expect(element.style.display).toBe('block');
    const frame = attachFrameWindow(iframe);
    deliver(event('ready', READY), TENANT, frame);
    deliver(event('download', { format: 'csv', target: 'widget', rowCount: 3 }), TENANT, frame);
    expect(seen).toEqual([
      { type: 'svc-ready', detail: READY, bubbles: true, composed: true },
      { type: 'svc-download', detail: { format: 'csv', target: 'widget', rowCount: 3 }, bubbles: true, composed: true },
    ]);
    element.setColorScheme('dark');
    expect(frame.posted.map((entry) => [entry.message.type, entry.origin])).toEqual([['svc:action:set-color-scheme', TENANT]]);
    expect(await element.embed!.ready).toEqual(READY);
  });

  it.each(['..', '', '../x'])('refuses public-id=%j: reports invalid-option, mints nothing, makes no iframe', async (publicId) => {
    const element = makeElement({ 'public-id': publicId });
    const mint = vi.fn(() => 's1');
    element.mintSessionId = mint;
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    document.body.append(element);
    await tick();
    expect(reported).toEqual([expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining(`publicId must be a dashboard's public id`) })]);
    expect(element.querySelector('iframe')).toBeNull();
    expect(element.embed).toBeUndefined();
    expect(mint).not.toHaveBeenCalled();
    element.publicId = 'd-42';
    await tick();
    expect(new URL(element.querySelector('iframe')!.src).pathname).toBe('/embed/dashboard/d-42');
  });

  it('stays signed out after logout(), whatever its attributes do, until it gets a new ledger', async () => {
    const element = makeElement();
    let n = 0;
    const mint = vi.fn(() => `s${++n}`);
    const revoked: string[] = [];
    element.mintSessionId = mint;
    element.revokeSessionId = (id) => void revoked.push(id);
    document.body.append(element);
    await tick();
    const result = await element.logout();
    expect(result.revoked).toEqual(['s1']);
    expect(element.querySelector('iframe')).toBeNull();
    expect(element.hasAttribute('data-signed-out')).toBe(true);
    element.publicId = 'd-43';
    await tick();
    expect(element.querySelector('iframe')).toBeNull();
    expect(mint).toHaveBeenCalledTimes(1);
    expect(() => element.refresh()).toThrow(expect.objectContaining({ code: 'destroyed', message: expect.stringContaining('signed out') }));
    element.ledger = createSessionLedger();
    await tick();
    expect(new URL(element.querySelector('iframe')!.src).searchParams.get('session')).toBe('s2');
    expect(element.hasAttribute('data-signed-out')).toBe(false);
  });

  it('a shared ledger logged out elsewhere leaves the element signed out, with nothing reported', async () => {
    const ledger = createSessionLedger();
    const element = makeElement();
    element.ledger = ledger;
    element.mintSessionId = vi.fn(() => 's1');
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    document.body.append(element);
    await tick();
    await ledger.logout();
    element.publicId = 'd-43';
    await tick();
    expect(element.querySelector('iframe')).toBeNull();
    expect(element.hasAttribute('data-signed-out')).toBe(true);
    expect(element.mintSessionId).toHaveBeenCalledTimes(1);
    expect(reported).toEqual([]);
  });

  it('reflects the embed\'s state as an attribute: minting, loading, ready; none once removed', async () => {
    const element = makeElement();
    let release: (id: string) => void = () => {};
    element.mintSessionId = () => new Promise<string>((resolve) => (release = resolve));
    document.body.append(element);
    await tick();
    expect(element.getAttribute('state')).toBe('minting');
    release('s1');
    await tick();
    expect(element.getAttribute('state')).toBe('loading');
    deliver(event('ready', READY), TENANT, attachFrameWindow(element.querySelector('iframe')!));
    expect(element.getAttribute('state')).toBe('ready');
    element.remove();
    await tick();
    expect(element.hasAttribute('state')).toBe(false);
  });

  it('a failed load: state="failed" with the cause as error-code, one console line; a late ready clears it', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 401 })));
    const element = makeElement({ 'session-endpoint': '/api/embed-session' });
    document.body.append(element);
    await vi.waitFor(() => expect(element.getAttribute('state')).toBe('failed'));
    expect(element.getAttribute('error-code')).toBe('endpoint-unauthorized');
    expect(printed.mock.calls).toEqual([['[svc-embed] endpoint-unauthorized: POST /api/embed-session answered HTTP 401: the viewer is not signed in to your backend']]);
    // The surface sends ready after all (a late one still counts): no failure left to show.
    deliver(event('ready', READY), TENANT, attachFrameWindow(element.querySelector('iframe')!));
    expect(element.getAttribute('state')).toBe('ready');
    expect(element.hasAttribute('error-code')).toBe(false);
    element.remove();
    await tick();
    expect(element.hasAttribute('error-code')).toBe(false);
    printed.mockRestore();
  });

  it('properties reflect to attributes', () => {
    const element = makeElement();
    element.publicId = 'd-7';
    element.allowExport = true;
    element.sessionEndpoint = '/api/embed-session';
    expect(element.getAttribute('public-id')).toBe('d-7');
    expect(element.hasAttribute('allow-export')).toBe(true);
    expect(element.getAttribute('session-endpoint')).toBe('/api/embed-session');
    element.allowExport = false;
    element.timezone = null;
    expect(element.hasAttribute('allow-export')).toBe(false);
    expect(element.timezone).toBeNull();
  });

  it('an element removed in the task that added it mints nothing; one moved keeps its embed (no second mint)', async () => {
    const gone = makeElement();
    gone.mintSessionId = vi.fn(() => 'never');
    document.body.append(gone);
    gone.remove();
    await tick();
    expect(gone.mintSessionId).not.toHaveBeenCalled();
    expect(gone.embed).toBeUndefined();

    const moved = makeElement();
    const mint = vi.fn(() => `m${mint.mock.calls.length}`);
    moved.mintSessionId = mint;
    const first = document.createElement('section');
    const second = document.createElement('section');
    document.body.append(first, second);
    first.append(moved);
    await tick();
    const embed = moved.embed;
    second.append(moved); // disconnected and connected again in one task
    await tick();
    expect(moved.embed).toBe(embed);
    expect(mint).toHaveBeenCalledTimes(1);
    expect(moved.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('attributes set one by one, with microtasks between them, in one task make one embed (as WebKit parses them)', async () => {
    const element = makeElement({ 'public-id': 'd-1' });
    const mint = vi.fn(() => `p${mint.mock.calls.length}`);
    element.mintSessionId = mint;
    document.body.append(element);
    await Promise.resolve();
    element.setAttribute('allow-export', '');
    await Promise.resolve();
    element.setAttribute('timezone', 'Europe/Berlin');
    await tick();
    expect(mint).toHaveBeenCalledTimes(1);
    expect(new URL(element.querySelector('iframe')!.src).searchParams.get('timezone')).toBe('Europe/Berlin');
  });

  it('disconnected: the embed is destroyed and its iframe removed; an attribute change recreates it', async () => {
    const element = makeElement();
    const mint = vi.fn(() => `id${mint.mock.calls.length}`);
    element.mintSessionId = mint;
    document.body.append(element);
    await tick();
    const first = element.embed!;
    element.setAttribute('public-id', 'd-99');
    await tick();
    expect(element.embed).not.toBe(first);
    expect(new URL(element.querySelector('iframe')!.src).pathname).toBe('/embed/dashboard/d-99');
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(mint).toHaveBeenCalledTimes(2);
    element.remove();
    await tick();
    expect(element.embed).toBeUndefined();
    expect(element.querySelector('iframe')).toBeNull();
    expect(() => element.refresh()).toThrow(expect.objectContaining({ code: 'destroyed', message: expect.stringContaining('once connected') }));
  });

  it.each([
    ['signs out through POST <endpoint>/logout', true, ['POST /api/embed-session', 'POST /api/embed-session/logout']],
    ['falls back to DELETE <endpoint>/<id> when the endpoint has no logout route', false, ['POST /api/embed-session', 'POST /api/embed-session/logout', 'DELETE /api/embed-session/ses-from-endpoint']],
  ])('session-endpoint: POST mints; logout %s', async (_name, hasLogout, expected) => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      if (url.endsWith('/logout')) return hasLogout ? Response.json({ revoked: ['ses-from-endpoint', 'ses-of-another-tab'], failed: [], pending: [], complete: true }) : new Response(null, { status: 404 });
      if (init.method === 'POST') return new Response(JSON.stringify({ sessionId: 'ses-from-endpoint' }), { status: 200 });
      return new Response(null, { status: url.endsWith('ses-from-endpoint') ? 204 : 404 });
    }));
    const element = makeElement({ 'session-endpoint': '/api/embed-session' });
    document.body.append(element);
    await tick();
    await tick();
    expect(new URL(element.querySelector('iframe')!.src).searchParams.get('session')).toBe('ses-from-endpoint');
    const result = await element.logout();
    expect(result).toMatchObject({ revoked: hasLogout ? ['ses-from-endpoint', 'ses-of-another-tab'] : ['ses-from-endpoint'], failed: [], backend: hasLogout ? 'complete' : 'failed', complete: hasLogout });
    expect(calls).toEqual(expected);

  });

  it('session-endpoint: a mint answered with a non-2xx status fails, naming it', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"down"}', { status: 500 })));
      const failing = makeElement({ 'session-endpoint': '/api/embed-session' });
      document.body.append(failing);
      await vi.advanceTimersByTimeAsync(0);
      const ready = failing.embed!.ready;
      ready.catch(() => {});
      await vi.advanceTimersByTimeAsync(10_000); // four attempts with backoff
      await expect(ready).rejects.toMatchObject({ code: 'mint-failed', message: expect.stringContaining('HTTP 500') });
    } finally {
      vi.useRealTimers();
    }
  });

  it('properties for the session callbacks override the endpoint', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const element = makeElement({ 'session-endpoint': '/api/embed-session' });
    element.mintSessionId = () => 'from-property';
    document.body.append(element);
    await tick();
    expect(new URL(element.querySelector('iframe')!.src).searchParams.get('session')).toBe('from-property');
    expect(fetch).not.toHaveBeenCalled();
  });
});

/** Connects `element`, lets its reconcile run (fake timers), and has its iframe's frame send `ready`. */
async function connectReady(element: SvcEmbedElement, ready = READY): Promise<FrameWindow> {
  document.body.append(element);
  await vi.advanceTimersByTimeAsync(0);
  const frame = attachFrameWindow(element.querySelector('iframe')!);
  deliver(event('ready', ready), TENANT, frame);
  await vi.advanceTimersByTimeAsync(0);
  return frame;
}

describe('<svc-embed> properties and attributes', () => {
  it('baseUrl, src and timezone set their attributes, and read them back', () => {
    const element = makeElement();
    element.baseUrl = 'https://other.example';
    element.src = `${TENANT}/embed/chat`;
    element.timezone = 'Europe/Berlin';
    expect(element.getAttribute('base-url')).toBe('https://other.example');
    expect(element.getAttribute('src')).toBe(`${TENANT}/embed/chat`);
    expect(element.getAttribute('timezone')).toBe('Europe/Berlin');
    element.setAttribute('src', `${TENANT}/embed/dashboard/d-1`);
    expect(element.src).toBe(`${TENANT}/embed/dashboard/d-1`);
  });

  it('a property set to undefined (as to null) removes its attribute', () => {
    const element = makeElement({ timezone: 'Europe/Berlin' });
    element.timezone = undefined as unknown as null;
    expect(element.hasAttribute('timezone')).toBe(false);
  });

  it('a display the page set is kept (block only when none is set)', async () => {
    const element = makeElement();
    element.mintSessionId = () => 's1';
    element.style.display = 'flex';
    document.body.append(element);
    await tick();
    expect(element.querySelector('iframe')).not.toBeNull();
    expect(element.style.display).toBe('flex');
  });

  it('an element connected in a later task than its attributes were set makes its embed then', async () => {
    const element = makeElement();
    element.mintSessionId = () => 's1';
    await tick(); // the attributes' reconcile ran while detached: nothing to make
    expect(element.embed).toBeUndefined();
    document.body.append(element);
    await tick();
    expect(element.embed).toBeDefined();
    expect(new URL(element.querySelector('iframe')!.src).pathname).toBe('/embed/dashboard/d-42');
  });

  it('src: the iframe loads that embed URL (chat: the id goes in sessionId)', async () => {
    const element = makeElement({ src: `${TENANT}/embed/chat` });
    element.removeAttribute('public-id');
    element.mintSessionId = () => 's1';
    document.body.append(element);
    await tick();
    const url = new URL(element.querySelector('iframe')!.src);
    expect(url.pathname).toBe('/embed/chat');
    expect(url.searchParams.get('sessionId')).toBe('s1');
  });

  it('adopted by a document with no window (createHTMLDocument), it takes attribute changes without error', async () => {
    const element = makeElement();
    await tick(); // the reconcile of the attributes set so far has run
    document.implementation.createHTMLDocument('detached').adoptNode(element);
    expect(element.ownerDocument.defaultView).toBeNull();
    expect(() => element.setAttribute('public-id', 'd-7')).not.toThrow();
  });
});

describe('<svc-embed> reconciles once per task', () => {
  it('a wrong attribute and another change in the same task: the error is reported once', async () => {
    const element = makeElement({ 'public-id': '..' });
    element.mintSessionId = () => 's1';
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    document.body.append(element);
    element.setAttribute('timezone', 'Europe/Berlin');
    await tick();
    await tick();
    expect(reported).toEqual([expect.objectContaining({ code: 'invalid-option' })]);
  });
});

describe('<svc-embed> without session callbacks', () => {
  it('is a private embed: no session in the URL, ready as private', async () => {
    vi.useFakeTimers();
    try {
      const element = makeElement({ mode: 'private' });
      await connectReady(element, { ...READY, mode: 'private' });
      expect(new URL(element.querySelector('iframe')!.src).searchParams.has('session')).toBe(false);
      await expect(element.embed!.ready).resolves.toMatchObject({ mode: 'private' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('<svc-embed> methods and renewal events', () => {
  afterEach(() => vi.useRealTimers());

  it("the senders post the embed's actions; renewSession mints and sends, then svc-renewed", async () => {
    vi.useFakeTimers();
    const element = makeElement();
    element.mintSessionId = vi.fn().mockReturnValueOnce('s1').mockReturnValue('s2');
    const renewed: unknown[] = [];
    document.body.addEventListener('svc-renewed', (e) => renewed.push((e as CustomEvent).detail));
    const frame = await connectReady(element);
    element.setTheme({ primaryColor: '#123456' });
    element.setLocale('es-ES');
    element.setTimezone('Europe/Berlin');
    element.navigate('/reports');
    element.setSession('mine');
    const done = element.renewSession();
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    const posted = frame.posted.map(({ message }) => [message.type.split(':').pop(), message.payload]);
    expect(posted).toEqual([
      ['set-theme', { embedTheme: { primaryColor: '#123456' } }],
      ['set-locale', { locale: 'es-ES' }],
      ['set-timezone', { timezone: 'Europe/Berlin' }],
      ['navigate', { path: '/reports' }],
      ['set-session', { sessionId: 'mine' }],
      ['set-session', { sessionId: 's2' }],
    ]);
    expect(renewed).toEqual([{ trigger: 'manual', attempts: 1 }]);
  });

  it('mintSessionId removed after connecting: the renewal fails (invalid-option, named) and svc-renewal-failed says so', async () => {
    vi.useFakeTimers();
    const element = makeElement();
    element.mintSessionId = () => 's1';
    const failures: any[] = [];
    document.body.addEventListener('svc-renewal-failed', (e) => failures.push((e as CustomEvent).detail));
    await connectReady(element);
    element.mintSessionId = undefined;
    const done = element.renewSession();
    done.catch(() => {});
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await done.then(() => undefined, (reason: unknown) => reason);
    const cause = { code: 'invalid-option', message: 'set the mintSessionId property or the session-endpoint attribute' };
    expect(error).toMatchObject({ code: 'mint-failed', cause });
    expect(failures).toEqual([expect.objectContaining({ trigger: 'manual', error: expect.objectContaining({ code: 'mint-failed', cause: expect.objectContaining(cause) }) })]);
  });

  it('mintSessionId without revokeSessionId: logout counts its ids as revoked (nothing to call)', async () => {
    vi.useFakeTimers();
    const element = makeElement();
    element.mintSessionId = () => 's1';
    await connectReady(element);
    expect(await element.logout()).toEqual({ revoked: ['s1'], failed: [], pending: [], unconfirmed: [], backend: 'none', complete: true });
  });
});
