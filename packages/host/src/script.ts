// The API of the script file `svc-embed.min.js` (the global `SvcEmbed`), and of the package's entry,
// which adds what only a server or a build uses (`requiredCsp`: a page's policy comes from its server,
// before any script runs).
export { createEmbed } from './create-embed.js';
export { createSessionLedger } from './ledger/session-ledger.js';
export { syncUrl } from './sync-url/sync-url.js';
export { EmbedError, EMBED_ERROR_CODES } from './base/errors.js';
