// One home for every piece of documentation: no paragraph, list item, table row or code block of
// one README stands again in another (the root README is the newcomer's page, each package's README
// its full reference), and every link between them lands on a file and heading that exist.
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeFiles, readText, ROOT, textBlocks } from './readme-files.js';
import { renderedHeadings } from './readme-render.js';

/** The anchors of the headings a README renders (GitHub's rule). */
const headingAnchors = (file: string) => new Set(renderedHeadings(file).map((heading) => heading.anchor));

/** Shorter blocks (a command, a table's header row) may well recur; these say something. */
const MIN_LENGTH = 80;

describe('README files', () => {
  it('write nothing twice', () => {
    const seen = new Map<string, string>();
    const repeated: string[] = [];
    for (const file of readmeFiles()) {
      for (const { line, text } of textBlocks(file)) {
        if (text.length < MIN_LENGTH || /^\|[\s|:-]+\|$/.test(text)) continue;
        const first = seen.get(text);
        if (first && !first.startsWith(`${file}:`)) repeated.push(`${file}:${line} repeats ${first}: ${text.slice(0, 100)}…`);
        else if (!first) seen.set(text, `${file}:${line}`);
      }
    }
    expect(repeated, 'keep each text in one README and link to it from the others').toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of readmeFiles()) {
      const prose = readText(file).replace(/```[\s\S]*?```/g, '');
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = path ? normalize(join(dirname(file), path)) : file;
        if (!existsSync(join(ROOT, resolved))) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !headingAnchors(resolved).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
