// Runs the type tests in ./types: lines under @ts-expect-error must fail to compile (an unused
// directive is itself an error), every other line must compile.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

test('frame.types.ts compiles exactly as its @ts-expect-error lines say', () => {
  const tsc = fileURLToPath(new URL('../../../node_modules/.bin/tsc', import.meta.url));
  const project = fileURLToPath(new URL('./types', import.meta.url));
  const result = spawnSync(tsc, ['-p', project], { encoding: 'utf8' });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
});
