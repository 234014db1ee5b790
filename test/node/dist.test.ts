// Checks the built packages as users get them: every package has ESM, CJS and types behind its
// `exports` map, loads in plain Node with no DOM (no window/document at import time), and the two
// IIFE files define their globals. Needs `npm run build` first (the test command builds).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const PACKAGES = ['protocol', 'host', 'frame', 'platform', 'server', 'react', 'vue', 'testing'];
const IIFES = [
  ['host', 'svc-embed.min.js', 'SvcEmbed'],
  ['frame', 'svc-embed-frame.min.js', 'SvcEmbedFrame'],
] as const;

const manifest = (name: string) => JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });

describe.each(PACKAGES)('@svc-embed/%s dist', (name) => {
  const pkg = manifest(name);
  const dir = join(root, 'packages', name);

  it('declares an exports map with ESM, CJS and types, and no side effects (but the element entry, which registers <svc-embed>, and the test kit, which registers its cleanup and quiets happy-dom on import)', () => {
    if (name === 'host') expect(pkg.sideEffects).toEqual(['./dist/esm/element.js', './dist/cjs/element.js', './dist/iife/*.js', './src/element.ts']);
    else expect(pkg.sideEffects).toBe(name === 'testing');
    const entry = pkg.exports['.'];
    for (const file of [entry.import.types, entry.import.default, entry.require.types, entry.require.default, pkg.main, pkg.module, pkg.types]) {
      expect(existsSync(join(dir, file)), `${name}: ${file} (run npm run build)`).toBe(true);
    }
  });

  it('loads with require() in Node with no DOM', () => {
    const out = node(['-e', `const m = require('@svc-embed/${name}'); if (typeof window !== 'undefined') throw 1; console.log(Object.keys(m).length)`]);
    expect(Number(out)).toBeGreaterThan(0);
  });

  it('loads with import in Node with no DOM', () => {
    const out = node(['--input-type=module', '-e', `const m = await import('@svc-embed/${name}'); console.log(Object.keys(m).length)`]);
    expect(Number(out)).toBeGreaterThan(0);
  });

  it('has the same exports from ESM and CJS', () => {
    const cjs = node(['-e', `console.log(Object.keys(require('@svc-embed/${name}')).sort().join())`]);
    const esm = node(['--input-type=module', '-e', `console.log(Object.keys(await import('@svc-embed/${name}')).filter(k => k !== 'default').sort().join())`]);
    expect(esm).toBe(cjs);
  });
});

describe('@svc-embed/host/element', () => {
  it('imports in Node without a DOM and registers nothing there, with import and require', () => {
    const esm = node(['--input-type=module', '-e', "const m = await import('@svc-embed/host/element'); console.log(typeof m.defineSvcEmbedElement, typeof customElements)"]);
    const cjs = node(['-e', "const m = require('@svc-embed/host/element'); console.log(typeof m.defineSvcEmbedElement, typeof customElements)"]);
    expect(esm.trim()).toBe('function undefined');
    expect(cjs.trim()).toBe('function undefined');
  });

  it.each(['svc-embed-element.min.js', 'svc-embed-element-keep-alive.min.js'])('%s defines SvcEmbed with the element API, and registers nothing without a DOM', (file) => {
    const code = readFileSync(join(root, 'packages', 'host', 'dist', 'iife', file), 'utf8');
    const context: Record<string, any> = {};
    runInNewContext(code, context);
    expect(typeof context.SvcEmbed.createEmbed).toBe('function');
    expect(typeof context.SvcEmbed.defineSvcEmbedElement).toBe('function');
  });
});

// The element entry's types augment React's JSX where @types/react is installed, and must not
// break a project where it is not (see packages/host/src/element/svc-embed-types.ts). Each case is a
// project in a temporary folder whose node_modules links only what it names (preserveSymlinks, so
// nothing resolves from this repository's node_modules), compiled with skipLibCheck off.
describe('@svc-embed/host/element types, without and with @types/react', () => {
  const project = (links: string[], file: { name: string; code: string }, options: Record<string, unknown> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-embed-types-'));
    const linked: Record<string, string> = {
      '@svc-embed/host': join(root, 'packages', 'host'), '@svc-embed/protocol': join(root, 'packages', 'protocol'),
      zod: join(root, 'node_modules', 'zod'), '@types/react': join(root, 'node_modules', '@types', 'react'), csstype: join(root, 'node_modules', 'csstype'),
      svelte: join(root, 'node_modules', 'svelte'),
    };
    for (const name of links) {
      mkdirSync(join(dir, 'node_modules', dirname(name)), { recursive: true });
      symlinkSync(linked[name]!, join(dir, 'node_modules', name), 'dir');
    }
    writeFileSync(join(dir, file.name), file.code);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, skipLibCheck: false, preserveSymlinks: true, module: 'ESNext', moduleResolution: 'Bundler',
        target: 'ES2022', lib: ['ES2022', 'DOM'], types: [], ...options,
      },
      files: [file.name],
    }));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    return { status: run.status, output: run.stdout + run.stderr };
  };
  const HOST = ['@svc-embed/host', '@svc-embed/protocol', 'zod'];

  it('compile without @types/react (the React part is dropped), with the svc-* events typed', () => {
    const code = [
      "import '@svc-embed/host/element';",
      "document.querySelector('svc-embed')?.addEventListener('svc-download', (event) => event.detail.format satisfies 'csv' | 'xlsx' | 'png' | 'pdf');",
      '// @ts-expect-error no such field on the download payload',
      "document.createElement('svc-embed').addEventListener('svc-download', (event) => event.detail.rows);",
    ].join('\n');
    expect(project(HOST, { name: 'page.ts', code })).toEqual({ status: 0, output: '' });
  });

  it('declare <svc-embed> in React 19 JSX where @types/react is installed', () => {
    const code = [
      "import '@svc-embed/host/element';",
      "export const ok = <svc-embed base-url=\"https://tenant.example\" public-id=\"d-42\" onsvc-download={(event) => event.detail.format} />;",
      '// @ts-expect-error an unknown attribute',
      "export const unknown = <svc-embed base-url=\"https://tenant.example\" dashboard=\"d-42\" />;",
    ].join('\n');
    expect(project([...HOST, '@types/react', 'csstype'], { name: 'page.tsx', code }, { jsx: 'react-jsx' })).toEqual({ status: 0, output: '' });
  });

  // svelte-check itself runs on the Svelte example app (test/examples); this is the same declaration as plain types.
  it('declare <svc-embed> in Svelte 5\'s SvelteHTMLElements where svelte is installed', () => {
    const code = [
      "import '@svc-embed/host/element';",
      "import type { SvelteHTMLElements } from 'svelte/elements';",
      "type Tag = SvelteHTMLElements['svc-embed'];",
      "export const ok: Tag = { 'base-url': 'https://tenant.example', 'public-id': 'd-42', 'allow-export': true, class: 'analytics', 'onsvc-download': (event) => event.detail.format };",
      "export const property: Tag = { allowExport: false, mintSessionId: () => 'ses_x' };",
      '// @ts-expect-error an unknown attribute',
      "export const unknown: Tag = { 'base-url': 'https://tenant.example', dashboard: 'd-42' };",
      '// @ts-expect-error no such field on the download payload',
      "export const wrong: Tag = { 'onsvc-download': (event) => event.detail.rows };",
      '// @ts-expect-error Svelte would write {false} as the present attribute allow-export="false"',
      "export const absent: Tag = { 'allow-export': false };",
    ].join('\n');
    // Svelte's own declarations name its compiler's dependencies: not checked here (skipLibCheck).
    expect(project([...HOST, 'svelte'], { name: 'page.ts', code }, { skipLibCheck: true })).toEqual({ status: 0, output: '' });
  });
});

describe.each(IIFES)('%s IIFE', (name, file, global) => {
  it(`defines ${global} when run as a classic script without touching the DOM`, () => {
    const code = readFileSync(join(root, 'packages', name, 'dist', 'iife', file), 'utf8');
    const context: Record<string, unknown> = {};
    runInNewContext(code, context);
    expect(typeof context[global]).toBe('object');
    expect(Object.keys(context[global] as object).length).toBeGreaterThan(0);
  });
});

// @svc-embed/runtime is private: bundled into host and frame, never published. No built JavaScript
// may import it, and no type file a user's compiler reads (those reachable from an `exports` entry)
// may name it.
describe.each(['host', 'frame'])('@svc-embed/%s carries the private runtime inside', (name) => {
  const dist = join(root, 'packages', name, 'dist');
  const typeEntries = (exports: unknown): string[] =>
    typeof exports === 'string' ? (exports.endsWith('.d.ts') ? [exports] : [])
    : exports && typeof exports === 'object' ? Object.entries(exports).flatMap(([key, value]) => (key === 'types' && typeof value === 'string' ? [value] : typeEntries(value)))
    : [];

  it('no built JavaScript imports @svc-embed/runtime', () => {
    const js = execFileSync('find', [dist, '-name', '*.js'], { encoding: 'utf8' }).trim().split('\n');
    expect(js.length).toBeGreaterThanOrEqual(3);
    expect(js.filter((file) => readFileSync(file, 'utf8').includes('@svc-embed/runtime'))).toEqual([]);
  });

  it('no type file reachable from its exports names @svc-embed/runtime', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        expect(specifier, `${file} imports ${specifier}`).not.toBe('@svc-embed/runtime');
        if (specifier?.startsWith('.')) visit(join(file, '..', specifier.replace(/\.js$/, '.d.ts')));
      }
    };
    const entries = typeEntries(manifest(name).exports);
    expect(entries.length).toBeGreaterThan(1);
    entries.forEach((entry) => visit(join(root, 'packages', name, entry)));
    expect(seen.size).toBeGreaterThan(entries.length);
  });
});

describe('@svc-embed/runtime', () => {
  it('is private, so npm never publishes it, and neither host nor frame depends on it at run time', () => {
    expect(manifest('runtime').private).toBe(true);
    for (const name of ['host', 'frame']) expect(Object.keys(manifest(name).dependencies)).not.toContain('@svc-embed/runtime');
  });
});
