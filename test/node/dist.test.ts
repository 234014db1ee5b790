// Checks the built packages as users get them: every package has ESM, CJS and types behind its
// `exports` map, loads in plain Node with no DOM (no window/document at import time), and the two
// IIFE files define their globals. Needs `npm run build` first (the test command builds).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const PACKAGES = ['protocol', 'host', 'frame', 'platform', 'react', 'testing'];
const IIFES = [
  ['host', 'svc-embed.min.js', 'SvcEmbed'],
  ['frame', 'svc-embed-frame.min.js', 'SvcEmbedFrame'],
] as const;

const manifest = (name: string) => JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });

describe.each(PACKAGES)('@svc-embed/%s dist', (name) => {
  const pkg = manifest(name);
  const dir = join(root, 'packages', name);

  it('declares an exports map with ESM, CJS and types, and no side effects (but the element entry, which registers <svc-embed>)', () => {
    if (name === 'host') expect(pkg.sideEffects).toEqual(['./dist/esm/element.js', './dist/cjs/element.js', './dist/iife/*.js', './src/element.ts']);
    else expect(pkg.sideEffects).toBe(false);
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

  it('svc-embed-element.min.js defines SvcEmbed with the element API, and registers nothing without a DOM', () => {
    const code = readFileSync(join(root, 'packages', 'host', 'dist', 'iife', 'svc-embed-element.min.js'), 'utf8');
    const context: Record<string, any> = {};
    runInNewContext(code, context);
    expect(typeof context.SvcEmbed.createEmbed).toBe('function');
    expect(typeof context.SvcEmbed.defineSvcEmbedElement).toBe('function');
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
