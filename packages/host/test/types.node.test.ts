// The type tests in ./types and ./types-jsx: each @ts-expect-error line must fail to compile, every
// other line must compile. Both import `@svc-embed/host/element` as users do, from its built .d.ts
// (`npx tsc -b` writes them).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { compileTypeTests, TYPE_TEST_TIMEOUT_MS } from '../../../test/support/type-tests.js';

it('host.types.ts compiles exactly as its @ts-expect-error lines say', () => {
  expect(compileTypeTests(join(__dirname, 'types'))).toEqual({ status: 0, output: '' });
}, TYPE_TEST_TIMEOUT_MS);

it('element.types.tsx (<svc-embed> in TSX under strict, jsx: react-jsx) compiles exactly as its @ts-expect-error lines say', () => {
  expect(compileTypeTests(join(__dirname, 'types-jsx'))).toEqual({ status: 0, output: '' });
}, TYPE_TEST_TIMEOUT_MS);
