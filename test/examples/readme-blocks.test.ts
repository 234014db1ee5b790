// Every Vue, Svelte and Angular code block of every README (the quick starts, the Vue reference, the
// element's notes) type-checks with its framework's own checker, in that framework's example app:
// vue-tsc with strictTemplates, svelte-check, the Angular compiler with strictTemplates. The root
// TypeScript 7 cannot run them (test/docs/snippets.test.ts leaves these blocks to this test).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks, readmeFiles, type CodeBlock } from '../docs/readme-files.js';
import { exampleDir, missingExample, runInExample, type FrameworkExample } from './examples.js';

/** A framework's blocks: which ones, the file each becomes, and the check over them all. */
interface BlockCheck {
  example: FrameworkExample['name'];
  takes: (block: CodeBlock) => boolean;
  extension: string;
  tsconfig: (files: string[]) => object;
  check: string[];
}

export const FRAMEWORK_BLOCKS: readonly BlockCheck[] = [
  {
    example: 'vue-app', takes: (block) => block.language === 'vue', extension: 'vue',
    tsconfig: () => ({ extends: '../tsconfig.json', include: ['./*.vue'] }),
    check: ['node_modules/.bin/vue-tsc', '--noEmit', '-p', '.readme-blocks/tsconfig.json'],
  },
  {
    example: 'svelte-app', takes: (block) => block.language === 'svelte', extension: 'svelte',
    tsconfig: () => ({ extends: '../tsconfig.json', include: ['./*.svelte'] }),
    check: ['node_modules/.bin/svelte-check', '--tsconfig', '.readme-blocks/tsconfig.json', '--fail-on-warnings', '--output', 'machine'],
  },
  {
    example: 'angular-app', takes: (block) => block.language === 'ts' && block.code.includes("from '@angular/core'"), extension: 'ts',
    tsconfig: (files) => ({ extends: '../tsconfig.json', files }),
    check: ['node_modules/.bin/ngc', '-p', '.readme-blocks/tsconfig.json', '--noEmit'],
  },
];

const blocks = readmeFiles().flatMap(codeBlocks).filter((block) => !/snippet-not-run:/.test(block.code.split('\n')[0] ?? ''));

describe.each(FRAMEWORK_BLOCKS)('README blocks checked in examples/$example', ({ example, takes, extension, tsconfig, check }) => {
  const taken = blocks.filter(takes);

  it('type-check as written', () => {
    expect(missingExample(example, 'install')).toBeUndefined();
    expect(taken.length).toBeGreaterThan(0);
    const dir = join(exampleDir(example), '.readme-blocks');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const names = new Map<string, CodeBlock>();
    for (const block of taken) {
      // A component name for the single-file components (letters only); a module name for the rest.
      const name = `Readme${block.file.replace(/[^a-zA-Z]/g, '')}${block.line}.${extension}`;
      writeFileSync(join(dir, name), extension === 'ts' ? `${block.code}\nexport {};\n` : block.code);
      names.set(name, block);
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig([...names.keys()])));
    const [command, ...args] = check;
    const result = runInExample(example, command ?? '', args);
    rmSync(dir, { recursive: true, force: true });
    // Name the README and line of each error, not the generated file.
    let { output } = result;
    for (const [name, block] of names) output = output.replaceAll(name, `${block.file}:${block.line} (+lines)`);
    expect(result.status, output).toBe(0);
  });
});
