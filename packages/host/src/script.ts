// The API of the script-tag files (the global `SvcEmbed` of `svc-embed.min.js` and
// `svc-embed-element.min.js`). The package's entry (`index.ts`) adds what only a server, a build or
// the bindings use: `requiredCsp` (a page's policy comes from its server, before any script runs) and
// `urlParam` (the bindings' `syncUrl` prop; a page calls `syncUrl` itself); and `keepAlive`,
// `preloadEmbed` and `preloadOnIntent`, for apps that route (about 2 KB the script file does not carry).
export { createEmbed } from './create-embed.js';
export { createSessionLedger } from './ledger/session-ledger.js';
export { syncUrl } from './sync-url/sync-url.js';
export { whenVisible } from './mount/when-visible.js';
export { recordTimings } from './mount/embed-timings.js';
export { EmbedError, EMBED_ERROR_CODES } from './base/errors.js';
