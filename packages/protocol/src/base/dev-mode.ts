/**
 * Whether this build says the protocol's long sentences (development) or a short form of them
 * (production): the refusal of a filter's parts, the descriptions of a path and of a locale tag. As
 * the host's (packages/host/src/base/dev-mode.ts, which says how the build replaces it): `true` in
 * the sources; the host's script files say `true` (`svc-embed.js`) or `false` (`svc-embed.min.js`);
 * the npm ESM files import `#dev-mode` (the package's `imports`), which the app's bundler resolves
 * by its `development` or `production` condition; the CommonJS files read NODE_ENV. The frame's
 * script file, which has no development twin, keeps every sentence.
 */
export const DEV: boolean = true;
