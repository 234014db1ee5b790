// The emulator's two halves, src/embed (ids, exchange, revocation, the embedded dashboard) and
// src/platform (the platform API), never import each other: each uses only the shared plumbing at
// the root of src/ (options, router, HTTP helpers, API keys, the demo dashboards and their rows).
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module without types
import { checkFile } from '../../../scripts/code-rules.mjs';

const SRC = join(__dirname, '..', 'src');
const HALVES = ['embed', 'platform'];

/** Every import of a half's files that lands in the other half, as `file -> imported`. */
function crossings(half: string): string[] {
  const other = HALVES.find((name) => name !== half) ?? '';
  const files = readdirSync(join(SRC, half), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
  return files.flatMap((name) => {
    const path = join(SRC, half, name);
    const imports = (checkFile(path) as { imports: { specifier: string }[] }).imports.map((entry) => entry.specifier);
    return imports
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => relative(SRC, resolve(dirname(path), specifier)))
      .filter((target) => target.startsWith(`${other}/`))
      .map((target) => `${half}/${name} -> ${target}`);
  });
}

it.each(HALVES)('src/%s imports nothing of the other half', (half) => {
  expect(crossings(half)).toEqual([]);
});
