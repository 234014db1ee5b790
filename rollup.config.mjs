// One function mapped over packages x formats: ESM and CJS for bundlers and Node
// (dependencies stay external), minified IIFE for <script> use (everything bundled).
import { nodeResolve } from '@rollup/plugin-node-resolve';
import path from 'node:path';
import esbuild from 'rollup-plugin-esbuild';
import { minify } from 'terser';

/**
 * Packages, their extra entry points (besides `src/index.ts`, each a subpath export) and, for those
 * loaded by a <script> tag, their IIFE file and global name (`iifeExtra`: further script files, each
 * from its own entry).
 */
const PACKAGES = [
  { dir: 'protocol', entries: ['zod-mini-subset', 'session-endpoint'] },
  // The host's script files start from src/script.ts: what a page without a bundler uses.
  // With `devMode` (the package has packages/<dir>/src/base/dev-mode.ts), each script file comes
  // twice: `x.min.js` for production (no sentences) and `x.js` for development (unminified).
  { dir: 'host', devMode: true, entries: ['element'], iife: { input: 'script', file: 'svc-embed.min.js', name: 'SvcEmbed' }, iifeExtra: [{ input: 'element-iife', file: 'svc-embed-element.min.js', name: 'SvcEmbed' }, { input: 'element-keep-alive-iife', file: 'svc-embed-element-keep-alive.min.js', name: 'SvcEmbed' }] },
  { dir: 'frame', iife: { file: 'svc-embed-frame.min.js', name: 'SvcEmbedFrame' } },
  { dir: 'platform' }, // Node-only: ESM and CJS, no IIFE
  { dir: 'server', entries: ['redis', 'postgres'] }, // the customer's backend: ESM and CJS, no IIFE
  { dir: 'testing' }, // the test kit: ESM and CJS
  { dir: 'react', banner: "'use client';" }, // React components: marked for the client in frameworks with server components
  { dir: 'vue' }, // Vue components and composables: ESM and CJS
];

/** The private runtime that host and frame share: bundled into both, never a dependency of either. */
const RUNTIME = '@svc-embed/runtime';
const isExternal = (id) => id !== RUNTIME && !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

/** Resolves the private runtime to its sources, so every build of host and frame carries it inside. */
const bundledRuntime = {
  name: 'bundled-runtime',
  resolveId: (id) => (id === RUNTIME ? path.resolve('packages/runtime/src/index.ts') : null),
};

/**
 * Script-tag bundles run the protocol's zod/mini schemas on the protocol's own runtime for the
 * subset of zod/mini they use (see packages/protocol/src/zod-mini-subset.ts): about 0.5 KB gzip
 * instead of 5.5 KB. npm builds keep real zod/mini. Parity is tested in test/node/zod-subset-parity.test.ts.
 */
const zodMiniSubset = {
  name: 'zod-mini-subset',
  resolveId: (id) => (id === 'zod/mini' ? path.resolve('packages/protocol/src/zod-mini-subset.ts') : null),
};

/**
 * Script-tag bundles go through terser after esbuild's minifier: compress passes find what one
 * pass of esbuild leaves (about 4% of the gzip size of each script file: 528 B of the host's,
 * measured in issue 30, which spends it on naming failures). Safe options only; npm builds are left
 * to the app's bundler. The host's script files are written as ES2022 (19 B less): they need ES2022
 * at run time already (`Array.prototype.at`). A third pass and `unsafe_arrows` (a function
 * expression that never reads `this` or `arguments` written as an arrow: safe here, the sources make
 * no constructor of a plain function) took 40 B more off the host's in the size pass of issue 30.
 */
const terser = {
  name: 'terser',
  renderChunk: async (code) => ({ code: (await minify(code, { ecma: 2020, compress: { passes: 3, unsafe_arrows: true } })).code ?? code, map: null }),
};

/** The module that says whether a build keeps every sentence (see packages/host/src/base/dev-mode.ts; the protocol has one too). */
const DEV_MODE = path.join('src', 'base', 'dev-mode.ts');

/** What `DEV` is in each build that does not import `#dev-mode`. */
const DEV_VALUES = {
  development: 'true',
  production: 'false',
  // CommonJS: Node and the bundlers that still read it replace or read NODE_ENV; no `process` is production.
  cjs: "typeof process !== 'undefined' && process.env.NODE_ENV !== 'production'",
};

/**
 * The dev flag of a build: in a script file, `true` (the development file) or `false` (the
 * production file: the minifier drops every sentence); in the ESM files, an import of `#dev-mode`
 * that the app's bundler resolves by its conditions (the files are written by scripts/build.mjs); in
 * the CommonJS files, a read of NODE_ENV.
 */
const devMode = (flavour) => ({
  name: 'dev-mode',
  async resolveId(source, importer, options) {
    // A script file bundles the protocol's ESM files, which import their own `#dev-mode`: the script's flag.
    if (source === '#dev-mode' && flavour !== 'esm' && flavour !== 'cjs') return `\0dev-mode:${flavour}`;
    if (!source.endsWith('/dev-mode.js') || !importer) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved?.id.endsWith(DEV_MODE)) return null;
    return flavour === 'esm' ? { id: '#dev-mode', external: true } : `\0dev-mode:${flavour}`;
  },
  load: (id) => (id.startsWith('\0dev-mode:') ? `export const DEV = ${DEV_VALUES[id.slice('\0dev-mode:'.length)]};` : null),
});

/** The development twin of a script file: `svc-embed.min.js` becomes `svc-embed.js`, unminified. */
const developmentTwin = (script) => ({ ...script, file: script.file.replace(/\.min\.js$/, '.js'), development: true });

/** @returns {import('rollup').RollupOptions} */
function bundle(pkg, format, script = pkg.iife) {
  const root = `packages/${pkg.dir}`;
  const iife = format === 'iife';
  const minified = iife && !script.development;
  return {
    input: iife
      ? `${root}/src/${script.input ?? 'index'}.ts`
      : Object.fromEntries(['index', ...(pkg.entries ?? [])].map((name) => [name, `${root}/src/${name}.ts`])),
    external: iife ? [] : isExternal,
    plugins: [
      ...(iife ? [zodMiniSubset] : []),
      // A script file without a development twin (the frame's) keeps every sentence of the protocol.
      devMode(iife ? (script.development || !pkg.devMode ? 'development' : 'production') : format),
      bundledRuntime,
      nodeResolve({ extensions: ['.ts', '.js', '.mjs'] }),
      esbuild({ target: iife && pkg.dir === 'host' ? 'es2022' : 'es2020', minify: minified, tsconfig: `${root}/tsconfig.json` }),
      ...(minified ? [terser] : []),
    ],
    output: iife
      ? { file: `${root}/dist/iife/${script.file}`, format, name: script.name }
      : { dir: `${root}/dist/${format}`, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', format, exports: 'named', banner: pkg.banner },
    treeshake: { moduleSideEffects: false },
  };
}

const scripts = (pkg) => (pkg.iife ? [pkg.iife, ...(pkg.iifeExtra ?? [])] : []);
export default PACKAGES.flatMap((pkg) => [
  ...['esm', 'cjs'].map((format) => bundle(pkg, format)),
  ...scripts(pkg).flatMap((script) => [bundle(pkg, 'iife', script), ...(pkg.devMode ? [bundle(pkg, 'iife', developmentTwin(script))] : [])]),
]);
