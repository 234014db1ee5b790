// The type tests in ./types: each @ts-expect-error line must fail to compile, every other line must
// compile. They import the published declarations (types/), so these are built first, with the
// same `tsc -b` as the build.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { compileTypeTests, TYPE_TEST_TIMEOUT_MS } from '../../../test/support/type-tests.js';

const root = join(__dirname, '..', '..', '..');

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', join(__dirname, '..')], { cwd: root, encoding: 'utf8' });
});

it('emulator.types.ts compiles against types/ exactly as its @ts-expect-error lines say', () => {
  expect(compileTypeTests(join(__dirname, 'types'))).toEqual({ status: 0, output: '' });
}, TYPE_TEST_TIMEOUT_MS);
