// The root README's Vue, Svelte and Angular quick starts, as pasted (see quick-starts.ts): each
// type-checks strictly with its framework's checker and builds with its framework's toolchain; the
// browser suite then runs the builds against the emulator.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleDir, missingExample } from './examples.js';
import { QUICK_STARTS, quickStartBuild, writeQuickStart } from './quick-starts.js';

describe.each(QUICK_STARTS)('the README\'s "$heading"', (quickStart) => {
  const run = ([command, ...args]: string[]) => {
    const result = spawnSync(join(exampleDir(quickStart.example), command ?? ''), args, { cwd: exampleDir(quickStart.example), encoding: 'utf8', env: { ...process.env, NG_CLI_ANALYTICS: 'false', NO_COLOR: '1' } });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

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
