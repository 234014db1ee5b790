// The type tests in ./types: each @ts-expect-error line must fail to compile, every other line must compile.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { compileTypeTests, TYPE_TEST_TIMEOUT_MS } from '../../../test/support/type-tests.js';

it('protocol.types.ts compiles exactly as its @ts-expect-error lines say', () => {
  expect(compileTypeTests(join(__dirname, 'types'))).toEqual({ status: 0, output: '' });
}, TYPE_TEST_TIMEOUT_MS);
