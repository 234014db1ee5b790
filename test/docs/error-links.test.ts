// A production build of the host names a failure by its code, its data and a link to the host
// README's row of that code (packages/host/src/base/dev-mode.ts): every code, and every other anchor
// a console line links to, must land on a row or a heading of that README.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBED_ERROR_CODES, README_ROW } from '../../packages/host/src/base/errors.js';
import { readText, ROOT } from './readme-files.js';
import { renderedHeadings } from './readme-render.js';

const README = 'packages/host/README.md';
/** The anchors of the host README: each `<a id="…"></a>` of a table row, and each heading's. */
const anchors = new Set([...readText(README).matchAll(/<a id="([\w-]+)"><\/a>/g)].map((match) => match[1]), ...renderedHeadings(README).map((heading) => heading.anchor));

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? sources(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));

describe('the links of production messages', () => {
  it('go to the npm page of @svc-embed/host', () => {
    const { name } = JSON.parse(readText('packages/host/package.json')) as { name: string };
    expect(README_ROW).toBe(`https://www.npmjs.com/package/${name}#`);
  });

  it.each(Object.values(EMBED_ERROR_CODES))('%s has its row in the host README', (code) => {
    expect(anchors).toContain(code);
  });

  it('every other anchor a console line links to (said(anchor, …)) is in the host README', () => {
    const named = sources(join(ROOT, 'packages/host/src')).flatMap((file) => [...readText(file.slice(ROOT.length + 1)).matchAll(/\bsaid\('([\w-]+)'/g)].map((match) => match[1]));
    expect(named.length).toBeGreaterThan(0);
    for (const anchor of named) expect(anchors, anchor).toContain(anchor);
  });
});
