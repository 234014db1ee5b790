// The root README's quick starts for Vue, Svelte and Angular, taken as pasted (the only change: the
// dashboard `d-42` is the emulator's `sales-overview`), each put in a small app of its example's
// folder (`.quick-start/`, git-ignored) with the entry its framework needs (Vue's and Svelte's
// `main.ts` as the README names it; Angular's block is its whole `main.ts`), type-checked and built
// by that framework's toolchain; the browser suite serves the build with the tenant URL replaced by
// the emulator's (test/browser/framework-quick-starts.test.ts).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBlock, type RunBlockName } from '../docs/readme-blocks.js';
import { exampleDir, type FrameworkExample } from './examples.js';

/** A quick start: its README heading, its block (test/docs/readme-blocks.ts), and how its framework makes an app of it. */
export interface QuickStart {
  example: FrameworkExample['name'];
  heading: string;
  block: RunBlockName;
  /** The files of the app around the block (the block itself included), by name. */
  files: (block: string) => Record<string, string>;
  /** The type check and the build, each a command run in the example's folder. */
  check: string[];
  build: string[];
}

const page = (body: string) => `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Quick start</title></head><body>\n${body}\n</body></html>\n`;
const tsconfig = (include: string[]) => JSON.stringify({ extends: '../tsconfig.json', include });

/**
 * A quick start built by Vite (Vue, Svelte): its component as `file`, an entry that mounts it with
 * `mount`, checked by `check` and built with the example's Vite configuration under its own path.
 */
function viteQuickStart(options: { example: 'vue-app' | 'svelte-app'; framework: string; block: RunBlockName; file: string; mount: string; check: string[] }): QuickStart {
  const { example, framework, block, file, mount, check } = options;
  const extension = file.slice(file.lastIndexOf('.') + 1);
  return {
    example, heading: `## Quick start: ${framework}`, block,
    files: (block) => ({
      [file]: block,
      'main.ts': `${mount}\n`,
      'index.html': page('<div id="app"></div>\n<script type="module" src="./main.ts"></script>'),
      'tsconfig.json': tsconfig(['./*.ts', `./*.${extension}`]),
    }),
    check,
    build: ['node_modules/.bin/vite', 'build', '.quick-start', '--config', 'vite.config.ts', '--base', `/${example}-quick-start/`, '--outDir', 'dist', '--emptyOutDir', '--logLevel', 'warn'],
  };
}

export const QUICK_STARTS: readonly QuickStart[] = [
  viteQuickStart({
    example: 'vue-app', framework: 'Vue', block: 'vueQuickStart', file: 'App.vue',
    mount: "import { createApp } from 'vue';\nimport App from './App.vue';\n\ncreateApp(App).mount('#app');",
    check: ['node_modules/.bin/vue-tsc', '--noEmit', '-p', '.quick-start/tsconfig.json'],
  }),
  viteQuickStart({
    example: 'svelte-app', framework: 'Svelte', block: 'svelteQuickStart', file: 'App.svelte',
    mount: "import { mount } from 'svelte';\nimport App from './App.svelte';\n\nmount(App, { target: document.getElementById('app')! });",
    check: ['node_modules/.bin/svelte-check', '--tsconfig', '.quick-start/tsconfig.json', '--fail-on-warnings'],
  }),
  {
    example: 'angular-app', heading: '## Quick start: Angular', block: 'angularQuickStart',
    // The block is the whole of src/main.ts (the component and its bootstrap); index.html holds its selector.
    files: (block) => {
      const selector = /selector: '([\w-]+)'/.exec(block)?.[1] ?? 'missing';
      return {
        'main.ts': block,
        'index.html': page(`<${selector}></${selector}>`),
        'tsconfig.json': JSON.stringify({ extends: '../tsconfig.json', files: ['main.ts'] }),
      };
    },
    check: ['node_modules/.bin/ngc', '-p', '.quick-start/tsconfig.json', '--noEmit'],
    build: ['node_modules/.bin/ng', 'build', 'quick-start'],
  },
];

/** Where the quick start's app is made, and its build. */
export const quickStartDir = (example: FrameworkExample['name']) => join(exampleDir(example), '.quick-start');
export const quickStartBuild = (example: FrameworkExample['name']) => join(quickStartDir(example), 'dist');

/** Writes the quick start's app, the README block as pasted (the dashboard id aside). */
export function writeQuickStart(quickStart: QuickStart): void {
  const dir = quickStartDir(quickStart.example);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const block = runBlock(quickStart.block).code.replace(/(['"])d-42\1/g, '$1sales-overview$1');
  for (const [name, text] of Object.entries(quickStart.files(block))) writeFileSync(join(dir, name), text);
}

/** Why the quick start's build cannot be served, or undefined. */
export const missingQuickStart = (example: FrameworkExample['name']) =>
  existsSync(join(quickStartBuild(example), 'index.html')) ? undefined : `the README's quick start for examples/${example} is not built: the examples suite builds it (npx vitest run --project examples)`;
