/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// Mistakes refused before they run: options that could only fail later, and under another name, are
// `invalid-option` at once, with a message that says what to write; nothing is created or minted.
// The page is http://localhost:3000 (happy-dom). The element reports the same through reportError.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, syncUrl, type EmbedOptions } from '../../src/index.js';
import { makeElement, tick } from '../support/element.js';
import { privateUnlessSigned, TENANT } from '../support/helpers.js';

/** Calls createEmbed with the dashboard options and `change` (typed loosely: JavaScript callers pass anything). */
function attempt(change: Record<string, unknown>) {
  const container = document.createElement('div');
  const mint = vi.fn(() => 's1');
  const make = () => createEmbed({ baseUrl: TENANT, publicId: 'd-42', container, ...privateUnlessSigned(change) } as unknown as EmbedOptions);
  return { make, container, mint };
}

/** Expects `make` to throw invalid-option with exactly `message`. */
const refuses = (make: () => unknown, message: string) => expect(make).toThrow(expect.objectContaining({ code: 'invalid-option', message }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sessionEndpoint with mintSessionId or revokeSessionId', () => {
  it.each([
    ['mintSessionId', { mintSessionId: () => 's1' }],
    ['revokeSessionId', { revokeSessionId: () => undefined }],
    ['both functions', { mintSessionId: () => 's1', revokeSessionId: () => undefined }],
  ])('with %s: invalid-option in JavaScript, nothing created', (_, functions) => {
    const { make, container } = attempt({ sessionEndpoint: '/api/embed-session', ...functions });
    refuses(make, 'give sessionEndpoint or mintSessionId and revokeSessionId, not both');
    expect(container.children).toHaveLength(0);
  });
});

describe('a sessionEndpoint on another origin', () => {
  it.each(['https://api.example/embed-session', '//api.example/embed-session', 'http://localhost:3001/api/embed-session', 'https://localhost:3000/api/embed-session'])(
    '%s is refused, naming the page origin and what to write',
    (sessionEndpoint) => {
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      const { make, container } = attempt({ sessionEndpoint });
      refuses(make, `sessionEndpoint must be a path on this page's origin (http://localhost:3000), such as /api/embed-session (got ${JSON.stringify(sessionEndpoint)})`);
      expect(container.children).toHaveLength(0);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it.each(['/api/embed-session', 'api/embed-session', 'http://localhost:3000/api/embed-session'])('%s, on the page origin, is taken', (sessionEndpoint) => {
    const { make } = attempt({ sessionEndpoint });
    const embed = make();
    expect(embed.state).toBe('minting');
    embed.destroy();
  });
});

describe('a baseUrl with a path, query or hash', () => {
  it.each([
    'https://tenant.example/analytics',
    'https://tenant.example/analytics/',
    'https://tenant.example/embed/dashboard/d-42',
    'https://tenant.example/?tenant=acme',
    'https://tenant.example/#top',
  ])('%s is refused, naming the origin to write; nothing is minted', (baseUrl) => {
    const { make, container, mint } = attempt({ baseUrl, mintSessionId: undefined });
    const signed = () => createEmbed({ baseUrl, publicId: 'd-42', container, mintSessionId: mint });
    const message = `baseUrl is the tenant's origin alone: write https://tenant.example (got ${baseUrl})`;
    refuses(make, message);
    refuses(signed, message);
    expect(container.children).toHaveLength(0);
    expect(mint).not.toHaveBeenCalled();
  });

  it.each(['https://tenant.example', 'https://tenant.example/'])('%s is taken', (baseUrl) => {
    const embed = attempt({ baseUrl }).make();
    expect(new URL(embed.iframe.src).pathname).toBe('/embed/dashboard/d-42');
    embed.destroy();
  });
});

describe('a syncUrl param that is not a plain name', () => {
  it.each(['?dash', 'dash=', 'a b', 'a&b', 'dash#', 'dásh', 'x'.repeat(65)])('%j is refused with what to write, and the URL is untouched', (param) => {
    const embed = attempt({}).make();
    const before = window.location.href;
    refuses(() => syncUrl(embed, { param }), `syncUrl: give an embed from createEmbed, param (a plain name such as "dash") or adapter, and history "push" or "replace" (got param ${JSON.stringify(param)})`);
    expect(window.location.href).toBe(before);
    // The parameter was not claimed: a plain one works on the same embed.
    expect(typeof syncUrl(embed, { param: 'dash' })).toBe('function');
    embed.destroy();
  });

  it.each(['dash', 'report.path', 'a-b_c~d', 'x'.repeat(64)])('%j is taken', (param) => {
    const embed = attempt({}).make();
    expect(typeof syncUrl(embed, { param })).toBe('function');
    embed.destroy();
  });
});

describe('<svc-embed> reports the same mistakes in its attributes, and makes no embed', () => {
  afterEach(async () => {
    document.body.replaceChildren();
    await tick();
  });

  it.each([
    [{ 'base-url': `${TENANT}/analytics` }, `baseUrl is the tenant's origin alone: write ${TENANT} (got ${TENANT}/analytics)`],
    [{ 'session-endpoint': 'https://api.example/embed-session' }, expect.stringContaining("sessionEndpoint must be a path on this page's origin (http://localhost:3000)")],
    [{ mode: 'private', 'sync-url': '?dash' }, expect.stringContaining('param (a plain name such as "dash") or adapter, and history "push" or "replace" (got param "?dash")')],
  ])('%j', async (attributes, message) => {
    const element = makeElement(attributes);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    document.body.append(element);
    await tick();
    expect(reported).toEqual([expect.objectContaining({ code: 'invalid-option', message })]);
    expect(element.querySelector('iframe')).toBeNull();
    expect(element.embed).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });
});
