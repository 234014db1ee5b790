// The script-tag file `svc-embed-element-keep-alive.min.js`: `svc-embed-element.min.js` with the
// `keep-alive` attribute enabled (the keep-alive code, which the element's own file does not carry).
// (The calls are written here, in the file's entry: the bundle keeps an entry's own statements.)
import { enableKeepAlive } from './element/element-keep-alive.js';
import { defineSvcEmbedElement } from './element/svc-embed-element.js';

export * from './script.js';
export { defineSvcEmbedElement } from './element/svc-embed-element.js';
export { SVC_EMBED_ATTRIBUTES } from './element/element-attributes.js';
export { sessionEndpointCallbacks } from './endpoint/session-endpoint.js';

enableKeepAlive();
if (typeof globalThis.customElements !== 'undefined' && typeof HTMLElement !== 'undefined') defineSvcEmbedElement();
