// Every code block of every README is exercised as a reader would use it, or says why it cannot be
// (its first line holds `snippet-not-run: <why>`):
// - TypeScript and JavaScript blocks are type-checked against the built packages (imported by their
//   published names), with only the reader's own names declared (snippet-context/); some also run:
//   the emulator in code, the frame's script-tag snippet, the SPA quick start rendered on the server;
// - the script-tag quick start is served and driven in the three browser engines
//   (test/browser/readme-quick-start.test.ts); the frame's HTML snippet runs in happy-dom here;
// - Vue and Svelte blocks, and TypeScript blocks of Angular components, are type-checked by their
//   frameworks' own checkers in the example apps (test/examples/readme-blocks.test.ts), and the
//   root README's quick starts among them are built and driven in the three engines
//   (test/examples/quick-starts.ts, test/browser/framework-quick-starts.test.ts);
// - shell blocks: every command names a script, vitest project, bin or package that exists;
// - the strict-CSP header block is the policy the strict-CSP browser test serves.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks, readmeFiles, ROOT, type CodeBlock } from './readme-files.js';
import { typeCheck } from './run-tool.js';

const NOT_RUN = /snippet-not-run:\s*(.*)/;
const blocks = readmeFiles().flatMap(codeBlocks);
const marked = (block: CodeBlock) => NOT_RUN.exec(block.code.split('\n')[0] ?? '')?.[1]?.replace(/\s*(-->|\*\/)\s*$/, '').trim();
const where = (block: CodeBlock) => `${block.file}:${block.line}`;
const SCRIPT_LANGUAGES = ['ts', 'tsx', 'js'];
/** Checked in the framework example apps, by their own toolchains (see the top of this file). */
const FRAMEWORK_LANGUAGES = ['vue', 'svelte'];
const isAngular = (block: CodeBlock) => block.language === 'ts' && block.code.includes("from '@angular/core'");
const KNOWN = ['html', 'sh', 'http', 'text', ...SCRIPT_LANGUAGES, ...FRAMEWORK_LANGUAGES];

describe('README code blocks', () => {
  it('each has a language this test runs, or says why it is not run', () => {
    const unexplained = blocks.filter((block) => !marked(block) && !KNOWN.includes(block.language)).map(where);
    expect(unexplained, 'give the block a language (ts, tsx, js, html, sh, http) or a first line "snippet-not-run: <why>"').toEqual([]);
    for (const block of blocks.filter(marked)) expect(marked(block)!.length, `${where(block)}: say why it is not run`).toBeGreaterThan(10);
    const text = blocks.filter((block) => block.language === 'text' && !marked(block)).map(where);
    expect(text, 'text blocks are output or diagrams: mark them').toEqual([]);
  });

  it('every HTML block is one a test loads (add the test before the block)', () => {
    const html = blocks.filter((block) => block.language === 'html' && !marked(block));
    const covered = [
      // test/browser/readme-quick-start.test.ts serves it against the emulator in three engines.
      (block: CodeBlock) => block.file === 'README.md' && block.code.includes('SvcEmbed.createEmbed'),
      // test/browser/readme-quick-start.test.ts serves the element's quick start too.
      (block: CodeBlock) => block.file === 'README.md' && block.code.includes('<svc-embed '),
      // test/docs/snippets-run.test.ts runs it in happy-dom.
      (block: CodeBlock) => block.file === 'packages/frame/README.md' && block.code.includes('SvcEmbedFrame.createFrame'),
    ];
    expect(html.filter((block) => !covered.some((test) => test(block))).map(where)).toEqual([]);
    expect(html).toHaveLength(covered.length);
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
