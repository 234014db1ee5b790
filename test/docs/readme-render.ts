// A README as GitHub and npm render it: parsed by a CommonMark parser (markdown-it, with GitHub's
// tables), its headings with the anchors GitHub gives them, its fenced blocks with their closing
// lines, and its in-page links. test/docs/readme-render.test.ts fails on what would render wrong.
import MarkdownIt from 'markdown-it';
import { readText } from './readme-files.js';

interface Token {
  type: string;
  tag: string;
  content: string;
  markup: string;
  map: [number, number] | null;
  children: Token[] | null;
  attrGet(name: string): string | null;
}

const parser = new MarkdownIt();

/** The parser's tokens of a README (block tokens; inline ones are their children). */
const tokens = (file: string): Token[] => parser.parse(readText(file), {}) as Token[];

/** A heading as rendered: its text (code spans without their backticks), its line and its anchor. */
export interface RenderedHeading {
  line: number;
  text: string;
  anchor: string;
}

/**
 * GitHub's anchor for a heading's text: lower case, every character that is no letter, digit,
 * space, `-` or `_` dropped, spaces made `-`; a repeated anchor gets `-1`, `-2` … in order.
 */
export function githubSlug(text: string, taken: Map<string, number>): string {
  const base = text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
  const count = taken.get(base) ?? 0;
  taken.set(base, count + 1);
  return count === 0 ? base : `${base}-${count}`;
}

const inlineText = (inline: Token | undefined) =>
  (inline?.children ?? []).filter((child) => child.type === 'text' || child.type === 'code_inline').map((child) => child.content).join('');

/** The headings the parser finds, in order, with GitHub's anchors. */
export function renderedHeadings(file: string): RenderedHeading[] {
  const all = tokens(file);
  const taken = new Map<string, number>();
  return all.flatMap((token, index) => {
    if (token.type !== 'heading_open') return [];
    const text = inlineText(all[index + 1]);
    return [{ line: (token.map?.[0] ?? 0) + 1, text, anchor: githubSlug(text, taken) }];
  });
}

/**
 * A fenced block as rendered: the line it opens on, whether a closing fence ends it, and the lines
 * inside it that start like its closing fence but have text after (CommonMark takes them as code).
 */
export interface RenderedFence {
  line: number;
  closed: boolean;
  almostClosing: number[];
}

/** The fence of `line`, when it starts with one: its character and length, and whether text follows. */
function fenceOf(line: string | undefined): { marker: string; alone: boolean } | null {
  const fence = /^ *(`{3,}|~{3,})(.*)$/.exec(line ?? '');
  return fence ? { marker: fence[1] ?? '', alone: (fence[2] ?? '').trim() === '' } : null;
}

/** Whether `fence` has the character of `markup` and at least as many. */
const sameFence = (fence: { marker: string }, markup: string) => fence.marker[0] === markup[0] && fence.marker.length >= markup.length;

/** The fenced code blocks the parser finds; one without its closing fence runs to the end of its list item or the file. */
export function renderedFences(file: string): RenderedFence[] {
  const lines = readText(file).split('\n');
  return tokens(file).flatMap((token) => {
    if (token.type !== 'fence' || !token.map) return [];
    const [start, end] = token.map;
    const last = fenceOf(lines[end - 1]);
    const closed = end - 1 > start && last !== null && last.alone && sameFence(last, token.markup);
    const inside = lines.slice(start + 1, closed ? end - 1 : end).map((line, index) => ({ fence: fenceOf(line), line: start + 2 + index }));
    const almostClosing = inside.filter(({ fence }) => fence !== null && sameFence(fence, token.markup)).map(({ line }) => line);
    return [{ line: start + 1, closed, almostClosing }];
  });
}

/** The lines that a plain scan (a line starting with three backticks opens or ends a block) takes for headings. */
export function scannedHeadings(file: string): { line: number; text: string }[] {
  let fence = false;
  return readText(file).split('\n').flatMap((line, index) => {
    if (/^ {0,3}```/.test(line)) fence = !fence;
    const heading = fence ? null : /^#{1,6} +(.*?)\s*$/.exec(line);
    return heading ? [{ line: index + 1, text: heading[1]! }] : [];
  });
}

/** The in-page links (`[text](#anchor)`) of a README as rendered, with the line of their paragraph. */
export function inPageLinks(file: string): { line: number; anchor: string }[] {
  return tokens(file).flatMap((token) =>
    (token.children ?? []).flatMap((child) => {
      const href = child.type === 'link_open' ? child.attrGet('href') : null;
      return href?.startsWith('#') ? [{ line: (token.map?.[0] ?? 0) + 1, anchor: decodeURIComponent(href.slice(1)) }] : [];
    }),
  );
}
