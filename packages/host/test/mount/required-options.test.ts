/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// createEmbed refuses at once, naming the missing option, what its types refuse (for JavaScript
// callers and options built from untyped data): no place, or a created iframe with nothing to load.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineSvcEmbedElement, type SvcEmbedElement } from '../../src/element.js';
import { createEmbed, type EmbedOptions } from '../../src/index.js';
import { tick } from '../support/element.js';
import { TENANT } from '../support/helpers.js';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

/** createEmbed with options its types refuse, as JavaScript would call it. */
const untyped = (options: Record<string, unknown>) => createEmbed(options as unknown as EmbedOptions);

const invalidOption = (message: string | RegExp) => expect.objectContaining({ name: 'EmbedError', code: 'invalid-option', message: expect.stringMatching(message) });

describe('a missing place or surface', () => {
  it('throws invalid-option naming container and iframe when neither is given, before anything is minted', () => {
    const mint = vi.fn(() => 's-1');
    expect(() => untyped({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: mint })).toThrow(invalidOption(/^give container or iframe$/));
    expect(() => untyped({ baseUrl: TENANT, publicId: 'd-42', container: undefined, iframe: undefined })).toThrow(invalidOption(/^give container or iframe$/));
    expect(mint).not.toHaveBeenCalled();
  });

  it.each([
    ['neither', {}],
    ['publicId undefined', { publicId: undefined }],
    ['src empty', { src: '' }],
  ])('throws invalid-option naming publicId and src for a container with %s, and creates no iframe', (_case, surface) => {
    const container = document.createElement('div');
    expect(() => untyped({ baseUrl: TENANT, container, ...surface })).toThrow(invalidOption(/^give publicId or src$/));
    expect(container.children).toHaveLength(0);
  });

  it('names the place first when both are missing', () => {
    expect(() => untyped({ baseUrl: TENANT })).toThrow(invalidOption(/^give container or iframe$/));
  });

  it('still refuses publicId "" as a malformed id (not as a missing one)', () => {
    expect(() => untyped({ baseUrl: TENANT, publicId: '', container: document.createElement('div') })).toThrow(invalidOption(/^publicId must be a dashboard's public id/));
  });

  it('checks baseUrl before the place (the first problem named is the first option)', () => {
    expect(() => untyped({ baseUrl: 'http://tenant.example' })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.not.stringMatching(/container/) }));
  });

  it('takes a wrapped iframe with no publicId or src: its own src is the surface', () => {
    const iframe = document.createElement('iframe');
    iframe.src = `${TENANT}/embed/dashboard/d-42`;
    const embed = createEmbed({ mode: 'private', baseUrl: TENANT, iframe });
    expect(embed.iframe).toBe(iframe);
    embed.destroy();
  });
});

describe('<svc-embed> with a base-url and nothing to load', () => {
  it('reports invalid-option naming public-id and src, makes no iframe, and embeds once one is set', async () => {
    defineSvcEmbedElement(customElements, 'svc-embed-no-surface');
    const element = document.createElement('svc-embed-no-surface') as SvcEmbedElement;
    element.setAttribute('base-url', TENANT);
    element.setAttribute('mode', 'private');
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    document.body.append(element);
    await tick();
    expect(reported).toEqual([invalidOption(/^<svc-embed> needs public-id or src$/)]);
    expect(element.querySelector('iframe')).toBeNull();
    element.publicId = 'd-42';
    await tick();
    expect(element.querySelector('iframe')?.src).toBe(`${TENANT}/embed/dashboard/d-42`);
  });
});
