// The `@svc-embed/host/element` entry: importing it registers `<svc-embed>` where the page has a
// custom-element registry (nothing happens in Node, so server rendering can import it).
import { defineSvcEmbedElement } from './element/svc-embed-element.js';

if (typeof globalThis.customElements !== 'undefined' && typeof HTMLElement !== 'undefined') defineSvcEmbedElement();

export { defineSvcEmbedElement, SVC_EMBED_ATTRIBUTES } from './element/svc-embed-element.js';
export type { SvcEmbedElement } from './element/svc-embed-element.js';
export { sessionEndpointCallbacks } from './element/session-endpoint.js';
export type { SessionEndpointCallbacks } from './element/session-endpoint.js';

declare global {
  interface HTMLElementTagNameMap {
    /** The svc-embed element: see `@svc-embed/host/element`. */
    'svc-embed': import('./element/svc-embed-element.js').SvcEmbedElement;
  }
}
