// One function mapped over packages x formats: ESM and CJS for bundlers and Node
// (dependencies stay external), minified IIFE for <script> use (everything bundled).
import { nodeResolve } from '@rollup/plugin-node-resolve';
import esbuild from 'rollup-plugin-esbuild';

/** Packages and, for those loaded by a <script> tag, their IIFE file and global name. */
const PACKAGES = [
  { dir: 'protocol' },
  { dir: 'host', iife: { file: 'svc-embed.min.js', name: 'SvcEmbed' } },
  { dir: 'frame', iife: { file: 'svc-embed-frame.min.js', name: 'SvcEmbedFrame' } },
];

const isExternal = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

/** @returns {import('rollup').RollupOptions} */
function bundle(pkg, format) {
  const root = `packages/${pkg.dir}`;
  const iife = format === 'iife';
  return {
    input: `${root}/src/index.ts`,
    external: iife ? [] : isExternal,
    plugins: [
      nodeResolve({ extensions: ['.ts', '.js', '.mjs'] }),
      esbuild({ target: 'es2020', minify: iife, tsconfig: `${root}/tsconfig.json` }),
    ],
    output: iife
      ? { file: `${root}/dist/iife/${pkg.iife.file}`, format, name: pkg.iife.name }
      : { file: `${root}/dist/${format}/index.js`, format, exports: 'named' },
    treeshake: { moduleSideEffects: false },
  };
}

export default PACKAGES.flatMap((pkg) =>
  ['esm', 'cjs', ...(pkg.iife ? ['iife'] : [])].map((format) => bundle(pkg, format)),
);
