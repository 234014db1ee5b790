/**
 * Whether this build says every sentence (development) or only the code, the data and a link
 * (production). In the sources it is `true`: unit tests and an app that compiles the sources see
 * every sentence. The build replaces this module (rollup.config.mjs):
 * - the script files: `svc-embed.js` (development) with `true`, `svc-embed.min.js` (production) with
 *   `false`, so the minifier drops every sentence;
 * - the npm ESM files import `#dev-mode` (the package's `imports`; its three modules are written by
 *   scripts/build.mjs), which the app's bundler resolves by the `development` and `production`
 *   conditions (Vite, webpack, Parcel set them by mode) to a module saying `true` or `false`, inlined
 *   and the dead branch dropped; without either condition (Node, esbuild, Rollup) to one reading
 *   `process.env.NODE_ENV` at run time, guarded by `typeof process` (an unbundled import in a
 *   browser has none: production messages);
 * - the npm CommonJS files carry that read of `process.env.NODE_ENV` inline.
 *
 * The pattern at a message site: `DEV ? \`the sentence with ${data}\` : [data]`, given to
 * `EmbedError` (or to {@link said} for a console line), which in production writes the data and a
 * link to the host README's row of the code. Keep the data (an origin, a directive, a status, what
 * was given) in the array; everything else is the sentence. A message with no data gives `[]` (the
 * link alone). A new code needs an `<a id="code"></a>` in its README row (test/docs/error-links.test.ts).
 */
export const DEV: boolean = true;
