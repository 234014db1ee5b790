// The script-tag file `svc-embed-element.min.js`: the global `SvcEmbed` as in `svc-embed.min.js`,
// plus `<svc-embed>` registered. (The registration is written here, in the file's entry: the
// bundle keeps an entry's own statements, not those of modules it only re-exports.)
import { defineSvcEmbedElement } from './element/svc-embed-element.js';

export * from './script.js';
export { defineSvcEmbedElement } from './element/svc-embed-element.js';
export { SVC_EMBED_ATTRIBUTES } from './element/element-attributes.js';
export { sessionEndpointCallbacks } from './endpoint/session-endpoint.js';

if (typeof globalThis.customElements !== 'undefined' && typeof HTMLElement !== 'undefined') defineSvcEmbedElement();
