// The codemap's check: every path and identifier ARCHITECTURE.md names in an inline-code span
// must exist. The rules, in the order they are tried on a span (fenced code blocks are not read):
// 1. A span with a blank, a quote, `<`, `>`, `*`, `:`, `=`, `{`, `|` or `,` is a fragment or a
//    value (`'signed-out'`, `POST <path>/logout`, `{ sessionId }`), and one starting with `.` a
//    file extension (`.d.ts`): skipped.
// 2. A span with a `/` or ending in a file extension is a path. It resolves from the repository
//    root; else it is the end of a path (at a `/`) inside the package whose section names it (the
//    nearest heading above that names `packages/<name>`), or inside the repository in a section
//    about no package. So `renewal/mint-call.ts` in the host's section is
//    `packages/host/src/renewal/mint-call.ts`, and `mint-call.ts` any file of that name there.
//    A path that resolves to nothing may still be a package specifier (`zod/mini`,
//    `@svc-embed/frame/iife`): an installed package, and its subpath one of its `exports`.
// 3. A span of names joined by `.`, each optionally followed by `()` (`createEmbed()`,
//    `ledger.signedOut`, `useEmbed().signedOut`), with a capital, an `_`, a `.` or a `()`, is an
//    identifier: its first name must be a word, and each name after a `.` a member (a word after a
//    `.`, as in `ledger.signedOut`), of a source or JSON file of the package whose section names it,
//    or, in a section about no package, of any under packages/, demo/, bench/, scripts/ or
//    examples/ (comments and strings count: a word-boundary search).
// 4. Anything else (a lower-case word such as `idle` or `destroy`, a kebab-case value such as
//    `signed-out`, a call with arguments, a number) is skipped: a lower-case word is too common to
//    tell a name from a value.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What a codemap is checked against: the repository's files and folders, and the words of its sources. */
export interface RepoIndex {
  root: string;
  /** Every file and folder, as a path from the root with `/`, folders without a trailing `/`. */
  paths: string[];
  /** Every word (`[A-Za-z_$][\w$]*`) of the source files, and every member as `.word`. */
  words: Set<string>;
  /** The words of each package's source files, by the package's folder name. */
  packageWords: Map<string, Set<string>>;
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'reports', '.stryker-tmp', 'test-results']);
const SOURCE_FILE = /\.(?:ts|tsx|js|mjs|cjs|json)$/;
const SOURCE_ROOTS = ['packages', 'demo', 'bench', 'scripts', 'examples'];
const EXTENSION = /\.(?:ts|tsx|js|mjs|cjs|json|md|html|css|lua|vue|svelte|yml|yaml|sh)$/;
const FRAGMENT = /[\s'"`<>*:={}|,]|^\./;
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\(\))?(?:\.[A-Za-z_$][\w$]*(?:\(\))?)*$/;

function walk(root: string, dir: string, out: string[]): void {
  for (const name of readdirSync(join(root, dir))) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = dir ? `${dir}/${name}` : name;
    out.push(path);
    if (statSync(join(root, path)).isDirectory()) walk(root, path, out);
  }
}

/** Reads the repository once: its paths, and the words of its sources. */
export function indexRepo(root: string): RepoIndex {
  const paths: string[] = [];
  walk(root, '', paths);
  const words = new Set<string>();
  const packageWords = new Map<string, Set<string>>();
  const sources = paths.filter((path) => SOURCE_ROOTS.includes(path.split('/')[0] ?? '') && SOURCE_FILE.test(path));
  for (const path of sources) {
    const [top, pkg] = path.split('/');
    const own = top === 'packages' && pkg ? (packageWords.get(pkg) ?? new Set<string>()) : undefined;
    if (own && pkg) packageWords.set(pkg, own);
    for (const [word] of readFileSync(join(root, path), 'utf8').matchAll(/\.?[A-Za-z_$][\w$]*/g)) {
      for (const name of word.startsWith('.') ? [word, word.slice(1)] : [word]) {
        words.add(name);
        own?.add(name);
      }
    }
  }
  return { root, paths, words, packageWords };
}

/** One inline-code span, with the line it is on and the package of its section (`''` for none). */
export interface Span {
  text: string;
  line: number;
  pkg: string;
}

/** Every inline-code span outside fenced blocks, with its section's package. */
export function codeSpans(markdown: string): Span[] {
  const spans: Span[] = [];
  let pkg = '';
  let fence = false;
  markdown.split('\n').forEach((line, index) => {
    if (line.startsWith('```')) fence = !fence;
    if (fence || line.startsWith('```')) return;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading) pkg = /packages\/([\w-]+)/.exec(heading[1] ?? '')?.[1] ?? '';
    for (const [, text] of line.matchAll(/`([^`]+)`/g)) spans.push({ text: text ?? '', line: index + 1, pkg });
  });
  return spans;
}

export type SpanKind = 'skipped' | 'path' | 'identifier';

/** Which rule a span falls under (see the top of this file). */
export function kindOf(text: string): SpanKind {
  if (FRAGMENT.test(text)) return 'skipped';
  if (text.includes('/') || EXTENSION.test(text)) return 'path';
  if (IDENTIFIER.test(text) && /[A-Z_.]|\(\)/.test(text)) return 'identifier';
  return 'skipped';
}

function packageExists(text: string, index: RepoIndex): boolean {
  const segments = text.split('/');
  const size = text.startsWith('@') ? 2 : 1;
  const name = segments.slice(0, size).join('/');
  const manifest = join(index.root, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return false;
  if (segments.length === size) return true;
  const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, unknown> }).exports ?? {};
  return `./${segments.slice(size).join('/')}` in exports;
}

function pathExists(text: string, pkg: string, index: RepoIndex): boolean {
  const path = text.replace(/^\.\//, '').replace(/\/$/, '');
  if (index.paths.includes(path)) return true;
  const within = pkg ? `packages/${pkg}/` : '';
  return index.paths.some((candidate) => candidate.startsWith(within) && (candidate === `${within}${path}` || candidate.endsWith(`/${path}`)));
}

function identifierExists(text: string, pkg: string, index: RepoIndex): boolean {
  const words = pkg ? (index.packageWords.get(pkg) ?? new Set<string>()) : index.words;
  return text.split('.').every((name, at) => words.has(`${at ? '.' : ''}${name.replace(/\(\)$/, '')}`));
}

/** What a codemap names that does not exist, one line each: `line N: path|identifier <span>`. */
export function missingNames(markdown: string, index: RepoIndex): string[] {
  const missing: string[] = [];
  for (const { text, line, pkg } of codeSpans(markdown)) {
    const kind = kindOf(text);
    const exists =
      kind === 'skipped' ||
      (kind === 'path' && (pathExists(text, pkg, index) || packageExists(text, index))) ||
      (kind === 'identifier' && identifierExists(text, pkg, index));
    if (!exists) missing.push(`line ${line}: ${kind} ${text}${pkg ? ` (in packages/${pkg})` : ''}`);
  }
  return missing;
}
