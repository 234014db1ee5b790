// The framework example apps, each with its own toolchain (see examples.ts): installed, type-checked
// strictly by the framework's checker (vue-tsc with strictTemplates, svelte-check, the Angular
// compiler with strictTemplates), built for the browser suites, and their type tests: the lines
// marked as refused (a misspelled attribute or event, a wrong payload field …) must be exactly the
// lines the checker refuses. A toolchain that fails is a failed test, never a skip.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, exampleBuild, exampleDir, missingExample, ROOT, runInExample, type FrameworkExample } from './examples.js';

const npm = (name: FrameworkExample['name'], script: string) => runInExample(name, 'npm', ['run', '--silent', script]);
const bin = (tool: string) => `node_modules/.bin/${tool}`;

/** The lines right under a `marker` comment of a type-test file: the ones that must be refused. */
function markedLines(file: string, marker: RegExp): number[] {
  return readFileSync(file, 'utf8').split('\n').flatMap((line, index) => (marker.test(line) ? [index + 2] : []));
}

/** The lines of `file` that the checker's output names in an error, by a pattern with the line as group 1. */
const errorLines = (output: string, pattern: RegExp) => [...new Set([...output.matchAll(pattern)].map((match) => Number(match[1])))].sort((a, b) => a - b);

/**
 * Each framework's refusal check: the type-test file, its marker, and a run of the checker that
 * gives the lines it refused in that file. Vue's file uses vue-tsc's own `@vue-expect-error` (so
 * `npm run check` already fails when a marked line compiles): here a copy without the directives,
 * each turned into a plain comment on the same line, must fail on exactly those lines.
 */
const REFUSALS: Record<FrameworkExample['name'], { file: string; marker: RegExp; refused: () => { status: number | null; lines: number[]; output: string } }> = {
  'vue-app': {
    file: 'type-tests/refusals.vue',
    marker: /<!-- @vue-expect-error /,
    refused() {
      const dir = join(exampleDir('vue-app'), '.refusals');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      const source = readFileSync(join(exampleDir('vue-app'), 'type-tests', 'refusals.vue'), 'utf8');
      writeFileSync(join(dir, 'refusals.vue'), source.replaceAll('<!-- @vue-expect-error ', '<!-- refused: '));
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../tsconfig.json', include: ['./refusals.vue'] }));
      const { status, output } = runInExample('vue-app', bin('vue-tsc'), ['--noEmit', '-p', '.refusals/tsconfig.json']);
      rmSync(dir, { recursive: true, force: true });
      return { status, output, lines: errorLines(output, /refusals\.vue\((\d+),\d+\): error/g) };
    },
  },
  'svelte-app': {
    file: 'type-tests/refusals.svelte',
    marker: /<!-- refused: /,
    refused() {
      const { status, output } = runInExample('svelte-app', bin('svelte-check'), ['--tsconfig', './tsconfig.refusals.json', '--output', 'machine']);
      return { status, output, lines: errorLines(output, /ERROR "type-tests\/refusals\.svelte" (\d+):\d+/g) };
    },
  },
  'angular-app': {
    file: 'type-tests/refusals.component.ts',
    marker: /<!-- refused: /,
    refused() {
      const { status, output } = runInExample('angular-app', bin('ngc'), ['-p', 'tsconfig.refusals.json']);
      return { status, output, lines: errorLines(output, /refusals\.component\.ts:(\d+):\d+ - error/g) };
    },
  },
};

describe.each(EXAMPLES)('examples/$name: $framework', ({ name }) => {
  it('is installed by its own npm ci, with TypeScript 5.9 and this repository\'s packages linked', () => {
    expect(missingExample(name, 'install')).toBeUndefined();
    const typescript = JSON.parse(readFileSync(join(exampleDir(name), 'node_modules', 'typescript', 'package.json'), 'utf8'));
    expect(typescript.version).toMatch(/^5\.9\./);
    const host = join(exampleDir(name), 'node_modules', '@svc-embed', 'host', 'dist', 'esm', 'element.js');
    expect(existsSync(host), `${host}: the packages are built (npm run build) and linked`).toBe(true);
  });

  it('type-checks strictly with its framework\'s checker (npm run check)', () => {
    const { status, output } = npm(name, 'check');
    expect(status, output).toBe(0);
  });

  it('builds with its framework\'s toolchain (npm run build)', () => {
    rmSync(exampleBuild(name), { recursive: true, force: true });
    const { status, output } = npm(name, 'build');
    expect(status, output).toBe(0);
    expect(existsSync(join(exampleBuild(name), 'index.html'))).toBe(true);
  });

  it('refuses exactly the lines its type tests mark as refused, and nothing else', () => {
    const { file, marker, refused } = REFUSALS[name];
    const expected = markedLines(join(exampleDir(name), file), marker);
    expect(expected.length, `${file} marks refused lines`).toBeGreaterThanOrEqual(3);
    const { status, lines, output } = refused();
    expect(status, output).not.toBe(0);
    expect(lines, output).toEqual(expected);
  });
});

describe("examples/vue-app: the Vue Router versions of @svc-embed/vue's peer range", () => {
  const version = (name: string) => (JSON.parse(readFileSync(join(exampleDir('vue-app'), 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  const range = (JSON.parse(readFileSync(join(ROOT, 'packages', 'vue', 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }).peerDependencies['vue-router'] ?? '';

  it('the app runs on Vue Router 5 (npm run check, the build and the browser suite), and type-checks with 4 beside it (type-tests/vue-router-4.ts)', () => {
    expect(version('vue-router')).toMatch(/^5\./);
    expect(version('vue-router-4')).toMatch(/^4\./);
    // The peer range names both majors, from the minor tried here: ^4.6.0 || ^5.0.0.
    expect(range.split('||').map((part) => part.trim())).toEqual([`^${version('vue-router-4').replace(/\.\d+$/, '.0')}`, '^5.0.0']);
    expect(readFileSync(join(exampleDir('vue-app'), 'type-tests', 'vue-router-4.ts'), 'utf8')).toContain("from 'vue-router-4'");
  });
});
