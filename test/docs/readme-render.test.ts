// Every README renders as written: on GitHub and npm a fence that does not close turns the rest of
// the page into one code block (headings, tables and all), which type-checking the blocks never sees.
// Each page is parsed with a CommonMark parser (test/docs/readme-render.ts) and must have every fence
// closed, every heading a line scan finds also rendered as a heading, and every in-page link landing.
import { describe, expect, it } from 'vitest';
import { readmeFiles } from './readme-files.js';
import { inPageLinks, renderedFences, renderedHeadings, scannedHeadings } from './readme-render.js';

describe.each(readmeFiles())('%s, rendered', (file) => {
  it('closes every fenced block', () => {
    const fences = renderedFences(file);
    const open = fences.filter((fence) => !fence.closed).map((fence) => `${file}:${fence.line} opens a block that runs to the end`);
    const almost = fences.flatMap((fence) => fence.almostClosing.map((line) => `${file}:${line} has text after the fence that should close the block of line ${fence.line}`));
    expect([...open, ...almost], 'a fence closes with a line of backticks alone (as many as it opened with, nothing after them)').toEqual([]);
  });

  it('renders every heading as a heading, none lost inside a code block', () => {
    const rendered = new Set(renderedHeadings(file).map((heading) => heading.line));
    const lost = scannedHeadings(file).filter((heading) => !rendered.has(heading.line)).map((heading) => `${file}:${heading.line} ${heading.text}`);
    expect(lost, 'these lines render as code: look for the fence above them that does not close').toEqual([]);
  });

  it('links in the page only to headings it renders', () => {
    const anchors = new Set(renderedHeadings(file).map((heading) => heading.anchor));
    const broken = inPageLinks(file).filter((link) => !anchors.has(link.anchor)).map((link) => `${file}:${link.line} #${link.anchor}`);
    expect(broken, `the page's anchors: ${[...anchors].join(' ')}`).toEqual([]);
  });
});
