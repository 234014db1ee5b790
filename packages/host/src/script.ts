// What the script-tag files give a page without a bundler (the global `SvcEmbed` of
// `svc-embed.min.js` and `svc-embed-element.min.js`): every value `index.ts` exports but `urlParam`,
// which only the bindings' `syncUrl` prop takes (a page calls `syncUrl` itself).
export { createEmbed } from './create-embed.js';
export { createSessionLedger } from './ledger/session-ledger.js';
export { syncUrl } from './sync-url/sync-url.js';
export { whenVisible } from './mount/when-visible.js';
export { recordTimings } from './mount/embed-timings.js';
export { EmbedError, EMBED_ERROR_CODES } from './base/errors.js';
