// The size budgets are part of every test run: `npm run size` must pass on the built bundles, every
// entry with a budget; and the fixture bundles show it failing on an entry over its budget and on
// one without a budget.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const size = (...args: string[]) => spawnSync(process.execPath, [join(root, 'scripts', 'size.mjs'), ...args], { cwd: root, encoding: 'utf8' });
const rowOf = (stdout: string, what: string) => stdout.split('\n').find((line) => line.endsWith(what)) ?? `(no row ${what})`;

it('every built file and bundle is within its gzip budget, and each has one (npm run size)', () => {
  const run = size();
  console.log(run.stdout);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}, 60_000);

it('fails on a fixture bundle over its budget and on one without a budget, and passes the one within', () => {
  const report = join(mkdtempSync(join(tmpdir(), 'sizes-')), 'sizes.json');
  const run = size('--with-entries', 'test/node/fixtures/size/entries.json', '--report', report);
  expect(run.status).toBe(1);
  expect(run.stderr.trim()).toBe('2 entries are over budget or without one');
  expect(rowOf(run.stdout, 'fixture: a bundle over its budget')).toContain('OVER BUDGET');
  expect(rowOf(run.stdout, 'fixture: a bundle without a budget')).toContain('NO BUDGET');
  expect(rowOf(run.stdout, 'fixture: a bundle within its budget')).not.toMatch(/OVER BUDGET|NO BUDGET/);
}, 60_000);
