// Runs the type tests in test/types: tsc must accept every line and reject each line marked
// @ts-expect-error (an unused directive is an error too).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('type tests compile, and every @ts-expect-error line fails', () => {
  const root = join(__dirname, '..', '..', '..');
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(__dirname, 'types', 'tsconfig.json')], { cwd: root, encoding: 'utf8' });
  expect(run.stdout + run.stderr).toBe('');
  expect(run.status).toBe(0);
});
