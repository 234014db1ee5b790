// The README files of the repository and how to read them: every file, its blocks (paragraphs,
// list items, table rows and fenced code blocks, whitespace-normalised). As rendered: readme-render.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** The READMEs of the folders of `dir` that have one, as paths relative to the repository. */
const readmesIn = (dir: string) => readdirSync(join(ROOT, dir)).map((name) => `${dir}/${name}/README.md`).filter((path) => existsSync(join(ROOT, path)));

/** Every README, as paths relative to the repository: the root, each package's and example's, the demo's, and ARCHITECTURE.md. */
export function readmeFiles(): string[] {
  return ['README.md', 'ARCHITECTURE.md', ...readmesIn('packages'), ...readmesIn('examples'), 'demo/README.md'];
}

export const readText = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** A fenced code block: its language, its text, and the line it starts on. */
export interface CodeBlock {
  file: string;
  line: number;
  language: string;
  code: string;
}

/** The fenced code blocks of a README. */
export function codeBlocks(file: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = readText(file).split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^```(\S*)\s*$/.exec(lines[index]!);
    if (!open) continue;
    const start = index;
    const body: string[] = [];
    for (index += 1; index < lines.length && !lines[index]!.startsWith('```'); index += 1) body.push(lines[index]!);
    blocks.push({ file, line: start + 1, language: open[1] ?? '', code: body.join('\n') });
  }
  return blocks;
}

/** Prose blocks (paragraphs, list items, table rows) and code blocks, each normalised, with its line. */
export function textBlocks(file: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const lines = readText(file).split('\n');
  let current: string[] = [];
  let start = 0;
  const flush = () => {
    if (current.length) out.push({ line: start + 1, text: current.join(' ').replace(/\s+/g, ' ').trim() });
    current = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith('```')) {
      flush();
      const begin = index;
      const body: string[] = [];
      for (index += 1; index < lines.length && !lines[index]!.startsWith('```'); index += 1) body.push(lines[index]!);
      out.push({ line: begin + 1, text: body.join('\n').trim() });
      continue;
    }
    // A table row or a list item is a block of its own; a blank line or a heading ends a paragraph.
    if (/^\s*$/.test(line) || /^#{1,6} /.test(line) || /^\s*(\||[-*] |\d+\. )/.test(line)) flush();
    if (/^\s*$/.test(line) || /^#{1,6} /.test(line)) continue;
    if (!current.length) start = index;
    current.push(line);
    if (/^\s*\|/.test(line)) flush();
  }
  flush();
  return out;
}
