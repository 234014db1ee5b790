// The `@svc-embed/host/element` entry: importing it registers `<svc-embed>` where the page has a
// custom-element registry (nothing happens in Node, so server rendering can import it).
import { defineSvcEmbedElement } from './element/svc-embed-element.js';

if (typeof globalThis.customElements !== 'undefined' && typeof HTMLElement !== 'undefined') defineSvcEmbedElement();

export { defineSvcEmbedElement } from './element/svc-embed-element.js';
export { SVC_EMBED_ATTRIBUTES } from './element/element-attributes.js';
export { enableKeepAlive } from './element/element-keep-alive.js';
export type { SvcEmbedElement } from './element/svc-embed-types.js';
export { sessionEndpointCallbacks } from './endpoint/session-endpoint.js';
export type { SessionEndpointCallbacks } from './endpoint/session-endpoint.js';
// Types only: `<svc-embed>` in HTMLElementTagNameMap, its svc-* events in HTMLElementEventMap and
// DocumentEventMap, and in React 19's JSX.IntrinsicElements (where @types/react is installed).
export type { SvcEmbedAttributes, SvcEmbedEventMap, SvcEmbedEventProps } from './element/svc-embed-types.js';
export type { SvcEmbedSvelteAttributes, SvcEmbedSvelteCallbacks, SvcEmbedSvelteEndpoint, SvcEmbedSvelteEvents, SvcEmbedSveltePrivate, SvcEmbedSvelteSettings } from './element/svc-embed-svelte-types.js';
