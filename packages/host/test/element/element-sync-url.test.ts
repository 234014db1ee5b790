/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// <svc-embed sync-url>: the element keeps its embed's place in the page URL, releases it with the
// embed, and refuses a parameter another element uses (reported, no embed left behind).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeElement, tick } from '../support/element.js';
import { attachFrameWindow, deliver, event, READY, TENANT } from '../support/helpers.js';

const param = (name: string) => new URLSearchParams(window.location.search).get(name);

afterEach(async () => {
  document.body.replaceChildren();
  await tick();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('<svc-embed sync-url>', () => {
  it('writes the in-embed path into its parameter, sends the one found there once ready, and stops with the embed', async () => {
    window.history.replaceState(null, '', '/reports?dash=/orders&keep=1');
    const element = makeElement({ mode: 'private', 'sync-url': 'dash' });
    expect(element.syncUrl).toBe('dash');
    document.body.append(element);
    await tick();
    const frame = attachFrameWindow(element.querySelector('iframe')!);
    deliver(event('ready', READY), TENANT, frame);
    deliver(event('view', { surface: 'dashboard', path: '/overview' }), TENANT, frame);
    expect(frame.posted.map((entry) => entry.message.payload)).toEqual([{ path: '/orders' }]);
    deliver(event('navigate', { path: '/orders', previousPath: '/overview' }), TENANT, frame);
    deliver(event('navigate', { path: '/products', previousPath: '/orders' }), TENANT, frame);
    expect(window.location.search).toBe('?keep=1&dash=/products');
    element.remove();
    await tick();
    // The parameter is free again: a new element may take it.
    const next = makeElement({ mode: 'private', 'sync-url': 'dash' });
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    document.body.append(next);
    await tick();
    expect(reported).not.toHaveBeenCalled();
    expect(next.embed).toBeDefined();
  });

  it('a parameter another element uses is reported as invalid-option and leaves no embed and no iframe', async () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const first = makeElement({ mode: 'private', 'sync-url': 'dash' });
    const second = makeElement({ mode: 'private', 'sync-url': 'dash', 'public-id': 'd-43' });
    document.body.append(first, second);
    await tick();
    expect(first.embed).toBeDefined();
    expect(second.embed).toBeUndefined();
    expect(second.querySelector('iframe')).toBeNull();
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('"dash" is used by another embed') }));
  });

  it('the property reflects the attribute; removing it stops the sync (the embed is made again without it)', async () => {
    const element = makeElement({ mode: 'private' });
    element.syncUrl = 'dash';
    expect(element.getAttribute('sync-url')).toBe('dash');
    document.body.append(element);
    await tick();
    element.syncUrl = null;
    await tick();
    const frame = attachFrameWindow(element.querySelector('iframe')!);
    deliver(event('ready', READY), TENANT, frame);
    deliver(event('navigate', { path: '/orders', previousPath: '/overview' }), TENANT, frame);
    expect(param('dash')).toBeNull();
  });
});
