// The root README's Vue, Svelte and Angular quick starts, as pasted (see quick-starts.ts): each
// type-checks strictly with its framework's checker and builds with its framework's toolchain; the
// browser suite then runs the builds against the emulator.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingExample, runInExample } from './examples.js';
import { QUICK_STARTS, quickStartBuild, writeQuickStart } from './quick-starts.js';

describe.each(QUICK_STARTS)('the README\'s "$heading"', (quickStart) => {
  const run = ([command, ...args]: string[]) => runInExample(quickStart.example, command ?? '', args);

  it('type-checks strictly as pasted, and builds with its framework\'s toolchain', () => {
    expect(missingExample(quickStart.example, 'install')).toBeUndefined();
    writeQuickStart(quickStart);
    const check = run(quickStart.check);
    expect(check.status, check.output).toBe(0);
    const build = run(quickStart.build);
    expect(build.status, build.output).toBe(0);
    expect(existsSync(join(quickStartBuild(quickStart.example), 'index.html'))).toBe(true);
  });
});
