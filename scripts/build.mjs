// Build every package: .d.ts with `tsc -b` (TypeScript 7 has no JS API, so no rollup TS plugin),
// JS with rollup + esbuild, then give dist/cjs its own package.json and a copy of the .d.ts files
// so `require` resolves CommonJS code and CommonJS types.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

const packages = readdirSync(join(root, 'packages'));
for (const name of packages) {
  rmSync(join(root, 'packages', name, 'dist'), { recursive: true, force: true });
  rmSync(join(root, 'packages', name, 'types'), { recursive: true, force: true }); // JS packages' .d.ts
}

run(bin('tsc'), ['-b']);
run(bin('rollup'), ['-c', '--silent']);

/**
 * The three modules `#dev-mode` resolves to in the ESM files (the package's `imports`, see
 * packages/host/src/base/dev-mode.ts): the `development` and `production` conditions' constants,
 * which the app's bundler inlines, and without either a read of `process.env.NODE_ENV` that a bundler
 * replaces, guarded for a browser without `process` (production messages there). The CommonJS files
 * carry that read inline (rollup.config.mjs): their scope, dist/cjs/package.json, would need an
 * `imports` of its own, which tools read inconsistently (publint warns).
 */
const DEV_MODES = {
  'dev-mode.development': 'true',
  'dev-mode.production': 'false',
  'dev-mode': "typeof process !== 'undefined' && process.env.NODE_ENV !== 'production'",
};
const writeDevModes = (dist) => {
  for (const [file, value] of Object.entries(DEV_MODES)) writeFileSync(join(dist, 'esm', `${file}.js`), `export const DEV = ${value};\n`);
};

for (const name of packages) {
  const dist = join(root, 'packages', name, 'dist');
  if (!existsSync(join(dist, 'cjs'))) continue;
  writeFileSync(join(dist, 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
  if (existsSync(join(root, 'packages', name, 'src', 'base', 'dev-mode.ts'))) writeDevModes(dist);
  cpSync(join(dist, 'esm'), join(dist, 'cjs'), {
    recursive: true,
    filter: (src) => !/\.js$/.test(src) && !src.endsWith('.tsbuildinfo'),
  });
}
