// Every code block of every README is run as a reader would run it, or is listed below (CHECKED_ONLY)
// with how it is checked instead and why it does not run; a block that is neither fails here, so a
// new block cannot slip in unchecked. Which test runs each block is in readme-blocks.ts (RUN_BLOCKS):
// - browser blocks in the browser tier, served on the host origin of the two-origin demo against the
//   emulator, in three engines (test/browser/readme-quick-start, readme-apps, readme-react, and
//   framework-quick-starts for the Vue, Svelte and Angular quick starts, built in test/examples);
// - backend blocks against the emulator (server-readme-run, platform-readme-run, snippets-run), the
//   Redis store against a real redis-server;
// - the test kit's examples and its vitest configuration as a vitest run of their own
//   (testing-readme-run); the surface-side blocks in happy-dom (snippets-run);
// - shell blocks where they are safe to run (the emulator's command line and its curl); every shell
//   command names a script, project, bin or package that exists (snippets-run).
// Besides, every TypeScript and JavaScript block is type-checked against the built packages (by
// their published names, with only the reader's own names declared: snippet-context/), and every
// Vue, Svelte and Angular block by its framework's checker (test/examples/readme-blocks.test.ts). A
// block whose first line holds `snippet-not-run: <why>` is not code to check at all.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockWithLine, hasLine, RUN_BLOCKS } from './readme-blocks.js';
import { codeBlocks, readmeFiles, readText, ROOT, type CodeBlock } from './readme-files.js';
import { typeCheck } from './run-tool.js';

/** How a block that does not run is checked. */
type Check = 'type-checked' | 'framework checker' | 'names checked' | 'not code';

/** The blocks that do not run: the README, a line of the block (as in RUN_BLOCKS), how it is checked, and why it does not run. */
export const CHECKED_ONLY: { file: string; key: string; checked: Check; why: string }[] = [
  {
    file: 'README.md', key: 'npm ci && npm run demo   # install, build, and serve the two-origin demo; prints both URLs, runs until Ctrl-C', checked: 'names checked',
    why: '`npm ci` would reinstall node_modules under the running tests, `npm run demo` serves on fixed ports until Ctrl-C (the browser suites start the same demo on free ports), and `npm test` is this run',
  },
  { file: 'README.md', key: 'npm install @svc-embed/host', checked: 'names checked', why: 'installs from the npm registry, which tests do not reach; test/node/pack.test.ts installs the packed tarballs into an empty folder instead' },
  { file: 'README.md', key: 'npm install @svc-embed/react @svc-embed/host', checked: 'names checked', why: 'installs from the npm registry (see test/node/pack.test.ts)' },
  { file: 'README.md', key: 'npm install @svc-embed/vue @svc-embed/host', checked: 'names checked', why: 'installs from the npm registry (see test/node/pack.test.ts)' },
  { file: 'README.md', key: 'npm install @svc-embed/host   # in the Svelte app', checked: 'names checked', why: 'installs from the npm registry (see test/node/pack.test.ts); examples/svelte-app takes the package as a file: link' },
  { file: 'README.md', key: 'npm install @svc-embed/host   # in the Angular app', checked: 'names checked', why: 'installs from the npm registry (see test/node/pack.test.ts); examples/angular-app takes the package as a file: link' },
  { file: 'README.md', key: '// vite.config.js', checked: 'type-checked', why: "a bundler's configuration, which Vite reads and nobody runs; npm run size bundles with the same alias (its \"zod/mini aliased\" rows)" },
  {
    file: 'packages/host/README.md', key: "import type { LogoutResult } from '@svc-embed/host';", checked: 'type-checked',
    why: 'a value of the result type, for its fields; what logout() resolves with runs in packages/host/test/endpoint/logout-truth.test.ts and, on the demo, in test/browser/sign-out-truth.test.ts',
  },
  {
    file: 'packages/host/README.md', key: "import { createEmbed, keepAlive, preloadOnIntent, recordTimings } from '@svc-embed/host';", checked: 'type-checked',
    why: 'a route module (mountReports, a link to hover): the same flow, reports → settings → reports with keepAlive, runs on the demo in test/browser/keep-alive.test.ts (1 mint, 1 iframe load, ready at once, adopted: parked), preloadEmbed in packages/host/test/keep-alive/keep-alive.test.ts and preloadOnIntent in preload-on-intent.test.ts',
  },
  {
    file: 'packages/host/README.md', key: 'let { canExport }: { canExport: boolean } = $props();', checked: 'framework checker',
    why: "the element's Svelte notes, for what svelte-check refuses; the element in Svelte runs as the root README's Svelte quick start and in examples/svelte-app, in three engines",
  },
  {
    file: 'packages/host/README.md', key: 'export class SalesComponent {', checked: 'framework checker',
    why: "the element's Angular notes, for what the Angular compiler checks; the element in Angular runs as the root README's Angular quick start and in examples/angular-app, in three engines",
  },
  { file: 'packages/platform/README.md', key: 'npm install @svc-embed/platform', checked: 'names checked', why: "installs from the npm registry; its vitest line is the node project's platform tests, which npm test runs" },
  {
    file: 'packages/platform/README.md', key: 'export SVC_EMBED_API_KEY=...                  # never a flag, so it stays out of shell history', checked: 'names checked',
    why: "a synopsis ([optional] arguments, | between alternatives), not lines to paste; each command is checked to be in the CLI's --help, and packages/platform/test runs every command against the emulator",
  },
  { file: 'packages/react/README.md', key: 'npm install @svc-embed/react @svc-embed/host', checked: 'names checked', why: 'installs from the npm registry (see test/node/pack.test.ts)' },
  {
    file: 'packages/react/README.md', key: "'use client';", checked: 'type-checked',
    why: "Next.js is no dependency of the repository: the recipe is checked against next/navigation's documented signatures (snippet-context/next-navigation.d.ts); its adapter is the React Router recipe's, which runs",
  },
  {
    file: 'packages/server/README.md', key: "import { headers } from 'next/headers';", checked: 'type-checked',
    why: "Next.js is no dependency of the repository: the server component is checked against next/headers' documented signature (snippet-context/next-headers.d.ts); what it calls, mintForPage and pageSessionScript, runs in the Express quick start's /reports route",
  },
  { file: 'packages/server/README.md', key: 'npm install @svc-embed/server @svc-embed/platform', checked: 'names checked', why: "installs from the npm registry; its vitest line is the node project's server tests, which npm test runs" },
  {
    file: 'packages/server/README.md', key: "import type { LogoutAnswer } from '@svc-embed/server';", checked: 'type-checked',
    why: "a value of the type, held to its fields by the type check; packages/server's node tests check each field of real sign-outs' answers",
  },
  { file: 'packages/testing/README.md', key: 'npm install --save-dev @svc-embed/testing', checked: 'names checked', why: 'installs from the npm registry (see test/node/pack.test.ts)' },
  { file: 'packages/vue/README.md', key: 'npm install @svc-embed/vue @svc-embed/host', checked: 'names checked', why: 'installs from the npm registry (see test/node/pack.test.ts)' },
  {
    file: 'packages/vue/README.md', key: "const scheme = ref<'light' | 'dark'>('light');", checked: 'framework checker',
    why: "a component needs Vite and the Vue plugin, which only the example apps have: vue-tsc checks it strictly; <SvcEmbed> with a session endpoint runs as the root README's Vue quick start and in examples/vue-app, in three engines",
  },
  { file: 'packages/vue/README.md', key: "const emit = defineEmits<{ exported: [format: string] }>();", checked: 'framework checker', why: 'a component (see the first Vue block): vue-tsc checks it strictly' },
  {
    file: 'packages/vue/README.md', key: "const dash = useRouterUrl({ router: useRouter(), param: 'dash' });", checked: 'framework checker',
    why: 'a component (see the first Vue block): vue-tsc checks it strictly; examples/vue-app runs the same useRouterUrl with Vue Router in three engines',
  },
  { file: 'demo/README.md', key: 'npm install && npm run demo       # builds every package, then serves the demo until Ctrl-C', checked: 'names checked', why: 'the same commands as the root README\'s first block' },
  { file: 'packages/emulator/README.md', key: '// src/platform/routes/deployments.js', checked: 'not code', why: "a file inside the emulator's source (platform/routes/), whose relative imports resolve only there" },
  { file: 'packages/frame/README.md', key: 'snippet-not-run: a state diagram, not code', checked: 'not code', why: 'a state diagram' },
  { file: 'packages/protocol/README.md', key: '// snippet-not-run: a bundler configuration file, read by Vite, not code to run', checked: 'not code', why: "a bundler's configuration, which Vite reads (the root README's Sizes section has the same, type-checked)" },
  { file: 'demo/README.md', key: 'snippet-not-run: what npm run demo prints', checked: 'not code', why: 'the output of npm run demo' },
];

const NOT_RUN = /snippet-not-run:\s*(.*)/;
const blocks = readmeFiles().flatMap(codeBlocks);
const marked = (block: CodeBlock) => NOT_RUN.exec(block.code.split('\n')[0] ?? '')?.[1]?.replace(/\s*(-->|\*\/)\s*$/, '').trim();
const where = (block: CodeBlock) => `${block.file}:${block.line}`;
const SCRIPT_LANGUAGES = ['ts', 'tsx', 'js'];
/** Checked in the framework example apps, by their own toolchains (see the top of this file). */
const FRAMEWORK_LANGUAGES = ['vue', 'svelte'];
const isAngular = (block: CodeBlock) => block.language === 'ts' && block.code.includes("from '@angular/core'");
const KNOWN = ['html', 'sh', 'http', 'text', ...SCRIPT_LANGUAGES, ...FRAMEWORK_LANGUAGES];
const runs = (block: CodeBlock) => Object.values(RUN_BLOCKS).some((run) => run.file === block.file && hasLine(block, run.key));
const listed = (block: CodeBlock) => CHECKED_ONLY.some((entry) => entry.file === block.file && hasLine(block, entry.key));

describe('README code blocks', () => {
  it('each runs (readme-blocks.ts) or is listed here as checked only, with why', () => {
    const neither = blocks.filter((block) => !runs(block) && !listed(block)).map((block) => `${where(block)}: ${block.code.split('\n')[0]}`);
    expect(neither, 'run it in a test and name it in readme-blocks.ts, or list it in CHECKED_ONLY with why').toEqual([]);
    expect(blocks.filter((block) => runs(block) && listed(block)).map(where), 'a block that runs is no longer "checked only"').toEqual([]);
    for (const entry of CHECKED_ONLY) expect(entry.why.length, `${entry.file}: ${entry.key}: say why it does not run`).toBeGreaterThan(10);
  });

  it('each entry of both lists is one block, and each block that runs is named by the test that runs it', () => {
    for (const entry of CHECKED_ONLY) blockWithLine(entry.file, entry.key);
    for (const [name, run] of Object.entries(RUN_BLOCKS)) {
      blockWithLine(run.file, run.key);
      expect(readText(run.by), `${run.by} runs ${name}`).toContain(`'${name}'`);
    }
  });

  it('each has a language this test knows, and one marked not to run says why', () => {
    const unexplained = blocks.filter((block) => !marked(block) && !KNOWN.includes(block.language)).map(where);
    expect(unexplained, 'give the block a language (ts, tsx, js, html, sh, http) or a first line "snippet-not-run: <why>"').toEqual([]);
    for (const block of blocks.filter(marked)) expect(marked(block)?.length, `${where(block)}: say why it is not run`).toBeGreaterThan(10);
    const text = blocks.filter((block) => block.language === 'text' && !marked(block)).map(where);
    expect(text, 'text blocks are output or diagrams: mark them').toEqual([]);
  });

  it('TypeScript and JavaScript blocks type-check against the built packages', () => {
    const dir = join(ROOT, 'reports', 'snippets');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files: Record<string, string> = {};
    for (const block of blocks.filter((block) => SCRIPT_LANGUAGES.includes(block.language) && !marked(block) && !isAngular(block))) {
      const name = `${block.file.replace(/[/.]/g, '_')}_${block.line}.${block.language}`;
      // Each block is a module of its own (top-level await, no names shared between blocks).
      writeFileSync(join(dir, name), `${block.code}\nexport {};\n`);
      files[name] = where(block);
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true,
        allowJs: true, checkJs: true, jsx: 'react-jsx', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['node', 'react', 'react-dom'],
        typeRoots: [join(ROOT, 'node_modules', '@types')],
      },
      include: ['*.ts', '*.tsx', '*.js', join(ROOT, 'test', 'docs', 'snippet-context', '*.d.ts')],
    }, null, 2));
    expect(Object.keys(files).length).toBeGreaterThan(15);
    const output = typeCheck({ what: 'tsc on the README blocks', tsc: join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), args: ['-p', dir], cwd: ROOT });
    // Name the README and line of each error, not the generated file.
    const errors = output.map((line) => line.replace(/reports\/snippets\/([\w.-]+)\((\d+),(\d+)\)/, (_, file: string, row: string) => `${files[file] ?? file} (+${Number(row) - 1} lines)`));
    expect(errors).toEqual([]);
  }, 120_000);
});
