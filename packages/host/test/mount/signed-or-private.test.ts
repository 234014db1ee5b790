/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// Signed or private, said out loud (issue 39): a typo in an option or an attribute never embeds
// unsigned in silence. An unknown option is invalid-option with the nearest name; neither a session
// nor mode: 'private' is invalid-option naming both; an unknown attribute close to one of
// <svc-embed>'s warns once; a property of the element close to one of its own is refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closestName } from '../../src/base/closest-name.js';
import { defineSvcEmbedElement, type SvcEmbedElement } from '../../src/element.js';
import { createEmbed, type EmbedOptions } from '../../src/index.js';
import { makeElement, tick } from '../support/element.js';
import { TENANT } from '../support/helpers.js';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** createEmbed with options its types refuse, as JavaScript (or a spread object) would call it. */
const untyped = (options: Record<string, unknown>) => createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: document.createElement('div'), ...options } as unknown as EmbedOptions);
const invalidOption = (message: string | RegExp) => expect.objectContaining({ name: 'EmbedError', code: 'invalid-option', message: expect.stringMatching(message) });

describe('an option createEmbed does not know', () => {
  it.each([
    ['sessionEndPoint', 'sessionEndpoint'],
    ['session_endpoint', 'sessionEndpoint'],
    ['allowExports', 'allowExport'],
    ['mintSessionID', 'mintSessionId'],
    ['publicID', 'publicId'],
  ])('%s is invalid-option: did you mean %s? Nothing is minted, no iframe', (name, near) => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const container = document.createElement('div');
    expect(() => untyped({ container, [name]: '/api/embed-session', mode: 'private' })).toThrow(invalidOption(`createEmbed has no option ${name}: did you mean ${near}?`));
    expect(container.children).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('one near none is refused too, without a guess', () => {
    expect(() => untyped({ mode: 'private', zzzzzzzz: 1 })).toThrow(invalidOption(/^createEmbed has no option zzzzzzzz$/));
  });
});

describe('signed or private', () => {
  it('neither a session nor mode is invalid-option naming both, before anything is created', () => {
    const container = document.createElement('div');
    expect(() => untyped({ container })).toThrow(invalidOption(/give sessionEndpoint .* or mode: 'private'/));
    expect(container.children).toHaveLength(0);
  });

  it.each([
    ['sessionEndpoint', { sessionEndpoint: '/api/embed-session' }],
    ['mintSessionId', { mintSessionId: () => 's1' }],
  ])("mode: 'private' beside %s is invalid-option", (_name, session) => {
    expect(() => untyped({ mode: 'private', ...session })).toThrow(invalidOption(/for one without a session \(got mode "private" and a session option\)$/));
  });

  it('a mode other than private is invalid-option', () => {
    expect(() => untyped({ mode: 'public' })).toThrow(invalidOption(/^give sessionEndpoint .* or mode: 'private' for one without a session \(got mode "public"\)$/));
  });

  it.each([
    ['private', { mode: 'private' }],
    ['signed by an endpoint', { sessionEndpoint: '/api/embed-session' }],
    ['signed by callbacks', { mintSessionId: () => 's1' }],
  ])('%s is taken', (_name, session) => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    untyped(session).destroy();
  });
});

describe('<svc-embed>', () => {
  const reports = () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    return reported;
  };

  it('without session-endpoint, mintSessionId or mode="private" makes no embed: invalid-option naming both', async () => {
    const reported = reports();
    const element = makeElement();
    document.body.append(element);
    await tick();
    expect(reported).toEqual([invalidOption(/give sessionEndpoint .* or mode: 'private'/)]);
    expect(element.querySelector('iframe')).toBeNull();
  });

  it('an attribute close to one of its own warns once in the console, naming it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reports();
    const element = makeElement({ 'session-endpont': '/api/embed-session' });
    document.body.append(element, makeElement({ 'session-endpont': '/api/embed-session' }));
    await tick();
    element.setAttribute('public-id', 'd-43');
    await tick();
    expect(warn.mock.calls).toEqual([['[svc-embed] <svc-embed> has no attribute session-endpont: did you mean session-endpoint?']]);
  });

  it('an attribute of the page (class, lang, data-*) is not warned about', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.append(makeElement({ mode: 'private', class: 'x', lang: 'de', 'data-src': 'y', 'aria-label': 'Sales' }));
    await tick();
    expect(warn).not.toHaveBeenCalled();
  });

  it('a property close to one of its own is invalid-option naming it; no embed', async () => {
    const reported = reports();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    defineSvcEmbedElement(customElements, 'svc-embed-typo');
    const element = Object.assign(document.createElement('svc-embed-typo') as SvcEmbedElement, { sessionEndPoint: '/api/embed-session' });
    element.setAttribute('base-url', TENANT);
    element.setAttribute('public-id', 'd-42');
    document.body.append(element);
    await tick();
    expect(reported).toEqual([invalidOption('<svc-embed> has no property sessionEndPoint: did you mean sessionEndpoint?')]);
    expect(element.querySelector('iframe')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('closestName', () => {
  it.each([
    ['sessionEndPoint', 'sessionEndpoint'],
    ['lang', undefined],
    ['srcc', 'src'],
    ['x', undefined],
  ])('%s finds %s', (name, near) => {
    expect(closestName(name, ['sessionEndpoint', 'lazy', 'src', 'mode'])).toBe(near);
  });
});
