// The size budgets are part of every test run: `npm run size` must pass on the built bundles.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('every script-tag bundle is within its gzip budget (npm run size)', () => {
  const root = join(__dirname, '..', '..');
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'size.mjs')], { cwd: root, encoding: 'utf8' });
  console.log(run.stdout);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}, 60_000);
