// What users install: `npm pack` of every published package, its file list checked against the
// expected one (a stray file, such as build info, source maps or tests, fails naming it; so does an
// expected kind of file that is missing), then every tarball installed into an empty folder and
// each package and export path imported there in plain Node, with `import` and with `require`.
// Needs a build (the test command builds first). A new package is one entry in PACKED.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

/** Per published package: the files its tarball must hold (patterns), and the export paths to load. */
const PACKED: Record<string, { files: RegExp[]; exports: string[]; commonjs: boolean }> = {
  protocol: {
    // dist/esm/dev-mode.{development,production}.js and base/dev-mode: what its `#dev-mode` resolves to, as the host's.
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^dist\/(esm|cjs)\/(base\/)?[\w-]+\.(js|d\.ts)$/, /^dist\/esm\/dev-mode\.(development|production)\.js$/, /^dist\/cjs\/package\.json$/, /^src\/(base\/)?[\w-]+\.ts$/, /^(zod-mini-subset|session-endpoint)\/package\.json$/],
    exports: ['', '/zod-mini-subset', '/session-endpoint'],
    commonjs: true,
  },
  host: {
    // dist/esm/dev-mode{,.development,.production}.js: what `#dev-mode` resolves to; each script file in production (.min.js) and development.
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^dist\/(esm|cjs)\/([\w-]+\/)?[\w-]+\.(js|d\.ts)$/, /^dist\/esm\/dev-mode\.(development|production)\.js$/, /^dist\/cjs\/package\.json$/, /^dist\/iife\/svc-embed(-element(-keep-alive)?)?(\.min)?\.js$/, /^src\/([\w-]+\/)?[\w-]+\.ts$/, /^element\/package\.json$/],
    exports: ['', '/iife', '/element', '/element/iife', '/element/keep-alive/iife'],
    commonjs: true,
  },
  testing: {
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^dist\/(esm|cjs)\/[\w-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^src\/[\w-]+\.ts$/],
    exports: [''],
    commonjs: true,
  },
  react: {
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^dist\/(esm|cjs)\/[\w-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^src\/[\w-]+\.tsx?$/],
    exports: [''],
    commonjs: true,
  },
  vue: {
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^dist\/(esm|cjs)\/[\w-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^src\/[\w-]+\.ts$/],
    exports: [''],
    commonjs: true,
  },
  frame: {
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^dist\/(esm|cjs)\/[\w-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^dist\/iife\/svc-embed-frame\.min\.js$/, /^src\/[\w-]+\.ts$/],
    exports: ['', '/iife'],
    commonjs: true,
  },
  platform: {
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^bin\/svc-embed\.mjs$/, /^dist\/(esm|cjs)\/([\w-]+\/)*[\w-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^src\/([\w-]+\/)*[\w-]+\.ts$/],
    exports: [''],
    commonjs: true,
  },
  // The customer's backend: the session endpoint, its Redis store behind /redis (`redis` an optional
  // peer) and its Postgres store behind /postgres (`pg` an optional peer), with its SQL migration.
  server: {
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^dist\/(esm|cjs)\/([\w-]+\/)*[\w-]+\.(js|d\.ts)$/, /^dist\/cjs\/package\.json$/, /^src\/([\w-]+\/)*[\w-]+\.ts$/, /^redis\/package\.json$/, /^postgres\/package\.json$/, /^sql\/postgres\/\d{3}-[\w-]+\.sql$/],
    exports: ['', '/redis', '/postgres'],
    commonjs: true,
  },
  // JavaScript with JSDoc types, ES modules only.
  emulator: {
    files: [/^(LICENSE|README\.md|CHANGELOG\.md|package\.json)$/, /^bin\/svc-embed-emulator\.js$/, /^src\/([\w-]+\/)*[\w-]+\.js$/, /^types\/([\w-]+\/)*[\w-]+\.d\.ts$/, /^public\/app\/[\w-]+\.(js|css)$/],
    exports: ['', '/platform'],
    commonjs: false,
  },
};

const work = mkdtempSync(join(tmpdir(), 'svc-embed-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const tarballs: string[] = [];

describe.each(Object.keys(PACKED))('npm pack @svc-embed/%s', (name) => {
  it('holds exactly the expected kinds of files', () => {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'packages', name), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
    tarballs.push(join(work, packed.filename));
    const files: string[] = packed.files.map((file: { path: string }) => file.path);
    const { files: expected } = PACKED[name]!;
    const stray = files.filter((file) => !expected.some((pattern) => pattern.test(file)));
    expect(stray, `files in the @svc-embed/${name} tarball that no user needs (fix "files" in its package.json)`).toEqual([]);
    const missing = expected.filter((pattern) => !files.some((file) => pattern.test(file))).map(String);
    expect(missing, `kinds of file missing from the @svc-embed/${name} tarball (run the build; check "files")`).toEqual([]);
    expect(files).toContain('LICENSE');
  });
});

describe('the packed tarballs, installed into an empty folder', () => {
  it('install together, and every package and export path loads with import and require', () => {
    expect(tarballs, 'every package was packed above').toHaveLength(Object.keys(PACKED).length);
    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pack-check', private: true, version: '1.0.0' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock', ...tarballs], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
    const specifiers = Object.entries(PACKED).flatMap(([name, { exports, commonjs }]) => exports.map((path) => ({ specifier: `@svc-embed/${name}${path}`, commonjs })));
    // The iife paths are browser scripts: resolving them is the check; the rest must load.
    const isScript = (specifier: string) => specifier.endsWith('/iife');
    writeFileSync(join(app, 'check.mjs'), specifiers.map(({ specifier }) =>
      isScript(specifier)
        ? `if (!(await import('node:fs')).existsSync(new URL(import.meta.resolve('${specifier}')))) throw new Error('${specifier} resolves to no file');`
        : `if (Object.keys(await import('${specifier}')).length === 0) throw new Error('${specifier} exports nothing');`).join('\n') + "\nconsole.log('esm ok');\n");
    writeFileSync(join(app, 'check.cjs'), specifiers.filter(({ commonjs }) => commonjs).map(({ specifier }) =>
      isScript(specifier)
        ? `if (!require('node:fs').existsSync(require.resolve('${specifier}'))) throw new Error('${specifier} resolves to no file');`
        : `if (Object.keys(require('${specifier}')).length === 0) throw new Error('${specifier} exports nothing');`).join('\n') + "\nconsole.log('cjs ok');\n");
    expect(execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' }).trim()).toBe('esm ok');
    expect(execFileSync(process.execPath, ['check.cjs'], { cwd: app, encoding: 'utf8' }).trim()).toBe('cjs ok');
    // The two command lines of the packages start from the installed bins.
    expect(existsSync(join(app, 'node_modules', '.bin', 'svc-embed'))).toBe(true);
    expect(existsSync(join(app, 'node_modules', '.bin', 'svc-embed-emulator'))).toBe(true);
    expect(execFileSync(join(app, 'node_modules', '.bin', 'svc-embed'), ['--help'], { cwd: app, encoding: 'utf8' })).toMatch(/svc-embed/);
  }, 180_000);
});
