// No source file of the emulator over 200 lines: a longer one is split along its concepts.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const SRC = join(__dirname, '..', 'src');
const MAX_LINES = 200;

it(`has no file under src over ${MAX_LINES} lines`, () => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(SRC, name)).isFile());
  expect(files.length).toBeGreaterThan(40);
  const lines = (name: string) => readFileSync(join(SRC, name), 'utf8').replace(/\n$/, '').split('\n').length;
  expect(files.filter((name) => lines(name) > MAX_LINES).map((name) => `${name}: ${lines(name)} lines`)).toEqual([]);
});
