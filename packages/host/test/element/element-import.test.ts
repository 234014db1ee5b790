// Importing `@svc-embed/host/element`: it registers <svc-embed> where the page has a custom-element
// registry and HTMLElement, and does nothing (never throws) where either is missing (server rendering,
// workers). Each test imports the module afresh (vi.resetModules); this file never imports it statically.
import { afterEach, describe, expect, it, vi } from 'vitest';

const importElement = () => import('../../src/element.js');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('importing the element entry', () => {
  it('registers <svc-embed> in the page registry', async () => {
    expect(customElements.get('svc-embed')).toBeUndefined();
    const { SVC_EMBED_ATTRIBUTES } = await importElement();
    const defined = customElements.get('svc-embed');
    expect(defined).toBeDefined();
    expect((defined as unknown as { observedAttributes: string[] }).observedAttributes).toEqual([...SVC_EMBED_ATTRIBUTES]);
  });

  it('without customElements: defines nothing and does not throw', async () => {
    vi.stubGlobal('customElements', undefined);
    vi.resetModules();
    await expect(importElement()).resolves.toHaveProperty('defineSvcEmbedElement');
  });

  it('without HTMLElement: defines nothing and does not throw', async () => {
    const define = vi.fn();
    vi.stubGlobal('customElements', { get: () => undefined, define });
    vi.stubGlobal('HTMLElement', undefined);
    vi.resetModules();
    await expect(importElement()).resolves.toHaveProperty('defineSvcEmbedElement');
    expect(define).not.toHaveBeenCalled();
  });
});
