// The plain-code rules of every package under packages/ (the list is read from the folder, so a new
// package is ruled without editing this file) and of the repository's own code in `demo/`, `bench/`
// and `scripts/`, checked on the syntax tree of their sources: the TypeScript and JavaScript files
// (.ts, .tsx, .js, .jsx, .mjs, .cjs; not .d.ts) under a package's `src/`, `bin/` and `public/`
// folders, and everywhere under `demo/`, `bench/` and `scripts/` (browser pages included). Folders
// whose name starts with a dot, `node_modules` and `dist` hold what a build or an install wrote
// (`demo/.build/`, the React page's bundle), not code of ours, and are not read. Each file must have:
// - no comma expression;
// - no condition used as a statement (`ready && go()`, or `||`, `??`, `?:`);
// - no `as any`, and no non-null assertion (`!`): a value that may be missing is checked;
// - no array-destructured parameter (one options object instead of positional values);
// - no `throw` of a string (throw an Error with a code);
// - no endpoint literal: a session endpoint's answer code or route written outside the protocol's
//   contract module (scripts/rules/endpoint-literals.mjs says which strings count, and where);
// - no function over 60 lines: a function, method, arrow function or accessor, with everything
//   written inside it, classes included (a class made inside a function counts for that function;
//   its methods are measured too). Files follow concepts, not a line count.
// And each package, and each of `demo/`, `bench/` and `scripts/`, must have no import circle among
// its files: static imports and re-exports, type-only ones included (`import type`,
// `import('./x.js').T`, JSDoc `{import('./x.js').T}` and `@import`), and dynamic `import('./x.js')`;
// relative paths and a package's own name (`@svc-embed/<name>/...`, through its `exports`) are
// resolved to its files.
// And no dead export in a package: see rules/dead-exports.mjs.
//
// Exceptions: none (the build output above is not code of ours). A rule that must not hold
// somewhere is written here, with the file and why.
//
// `node scripts/code-rules.mjs [--list] [--check] [folder …]`: the findings per package and per folder
// of RULED_FOLDERS (or of the folders named), each listed with `--list`; `--check` exits 1 on any.
//
// TypeScript 7 has no compiler API, so this reads the syntax with the TypeScript 5 that
// @arethetypeswrong/core brings along (parsing only, no type checking).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINT_LITERAL, endpointLiteralRule } from './rules/endpoint-literals.mjs';
import { deadExportFindings } from './rules/dead-exports.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const endpointLiteral = endpointLiteralRule(root);
const ts = createRequire(createRequire(join(root, 'package.json')).resolve('@arethetypeswrong/core'))('typescript');

/** Longest function allowed, in lines, with everything written inside it (classes included). */
export const MAX_FUNCTION_LINES = 60;
/** The folders of a package that hold its sources. */
export const SOURCE_FOLDERS = ['src', 'bin', 'public'];
/** The repository's folders of code outside the packages, each read whole. */
export const RULED_FOLDERS = ['demo', 'bench', 'scripts'];
const SOURCE_FILE = /\.(?:tsx?|jsx?|mjs|cjs)$/;
/** Folders of build or install output, never read: `.build`, `node_modules`, `dist`. */
const OUTPUT_FOLDER = /^(?:\..*|node_modules|dist)$/;

/** Every package: each folder of `packages/` with a `package.json`. */
export function packageNames(dir = join(root, 'packages')) {
  return readdirSync(dir).filter((name) => existsSync(join(dir, name, 'package.json'))).sort();
}

/** The packages whose sources follow the rules: all of them. */
export const RULED_PACKAGES = packageNames();

const sourceFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return OUTPUT_FOLDER.test(name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

const CONDITIONAL_OPERATORS = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken,
]);

/** The script kind of a file, so that JSX and JSDoc are read as the compiler reads them. */
function scriptKind(path) {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.ts')) return ts.ScriptKind.TS;
  return path.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
}

/** The rule a node breaks, if any (the function length is measured apart). */
function brokenRule(node) {
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.CommaToken) return 'comma expression';
  if (ts.isNonNullExpression(node)) return 'non-null assertion';
  if (ts.isAsExpression(node) && node.type.kind === ts.SyntaxKind.AnyKeyword) return 'as any';
  if (ts.isParameter(node) && ts.isArrayBindingPattern(node.name)) return 'array-tuple parameter';
  if (ts.isThrowStatement(node) && node.expression && (ts.isStringLiteral(node.expression) || ts.isTemplateExpression(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)))
    return 'throw of a string';
  return isConditionStatement(node) ? 'condition used as a statement' : undefined;
}

/** `a && b()` (or `||`, `??`, `?:`) as a statement, or as the `void` body of an arrow function. */
function isConditionStatement(node) {
  const statement = ts.isExpressionStatement(node) ? node.expression : ts.isArrowFunction(node) && !ts.isBlock(node.body) && ts.isVoidExpression(node.body) ? node.body.expression : undefined;
  if (!statement) return false;
  const inner = ts.isVoidExpression(statement) ? statement.expression : statement;
  const bare = ts.isParenthesizedExpression(inner) ? inner.expression : inner;
  return (ts.isBinaryExpression(bare) && CONDITIONAL_OPERATORS.has(bare.operatorToken.kind)) || ts.isConditionalExpression(bare);
}

/** The module a node imports, if it is an import: a declaration, a re-export, `import()` or an import type. */
function importedModule(node) {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isJSDocImportTag(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
    return node.moduleSpecifier.text;
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]))
    return node.arguments[0].text;
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) return node.argument.literal.text;
  return undefined;
}

/**
 * Findings of one file: `{ rule, line }` for each break, its length in lines, and what it imports
 * (`{ specifier, line }`, type-only imports and JSDoc import types included).
 */
export function checkFile(path) {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
  const findings = [];
  const imports = [];
  const lineOf = (position) => file.getLineAndCharacterOfPosition(position).line + 1;
  const at = (node) => lineOf(node.getStart(file));
  // JSDoc holds only types: its imports count, the code rules do not apply to it.
  const visitDoc = (node) => {
    const specifier = importedModule(node);
    if (specifier !== undefined) imports.push({ specifier, line: at(node) });
    ts.forEachChild(node, visitDoc);
  };
  const visit = (node) => {
    const rule = brokenRule(node) ?? endpointLiteral(ts, node, path);
    if (rule) findings.push({ rule, line: at(node) });
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const length = lineOf(node.body.getEnd()) - lineOf(node.body.getStart(file)) + 1;
      if (length > MAX_FUNCTION_LINES) findings.push({ rule: `function of ${length} lines (at most ${MAX_FUNCTION_LINES})`, line: at(node) });
    }
    const specifier = importedModule(node);
    if (specifier !== undefined) imports.push({ specifier, line: at(node) });
    for (const doc of node.jsDoc ?? []) visitDoc(doc);
    ts.forEachChild(node, visit);
  };
  visit(file);
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return { findings, imports, lines };
}

/** The file a source path stands for: `./x.js` may be `x.ts` or `x.tsx`, `./x` may be `x/index.ts`. */
function sourceFileAt(path) {
  const stem = path.replace(/\.(?:m?js|jsx)$/, '');
  const candidates = [path, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${path}.ts`, `${path}.tsx`, `${path}.js`, join(path, 'index.ts'), join(path, 'index.js')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The source file behind an `exports` target: `./src/x.js` itself, `./dist/esm/x.js` from `src/x.ts`. */
function exportTarget(dir, target) {
  if (typeof target === 'object' && target !== null) return exportTarget(dir, target.import ?? target.default);
  if (typeof target !== 'string') return undefined;
  return sourceFileAt(join(dir, target.replace(/^\.\/dist\/(?:esm|cjs)\//, './src/')));
}

/** Resolves what a file of the package in `dir` imports to one of its files, or undefined (another package). */
function resolverFor(dir) {
  let manifest = {};
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch {
    // A folder without a package.json (the fixtures) has no name to import itself by.
  }
  const self = manifest.name;
  return (from, specifier) => {
    if (specifier.startsWith('.')) return sourceFileAt(resolve(dirname(from), specifier));
    if (!self || (specifier !== self && !specifier.startsWith(`${self}/`))) return undefined;
    const key = `.${specifier.slice(self.length)}`;
    return exportTarget(dir, typeof manifest.exports === 'object' ? manifest.exports?.[key] : key === '.' ? manifest.main : undefined);
  };
}

/** Strongly connected groups of files (Tarjan): each group of two or more, or a file importing itself, is a circle. */
function circlesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file).keys()) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file).has(file)) groups.push(group);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return groups;
}

/** One way round a circle: from its first file, through files of the group, back to it. */
function pathRound(graph, group) {
  const members = new Set(group);
  const start = [...group].sort()[0];
  const seen = new Set();
  const walk = (file, path) => {
    for (const next of [...graph.get(file).keys()].sort()) {
      if (next === start) return [...path, start];
      if (!members.has(next) || seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}

/**
 * The import circles among `files` (each `{ path, imports }`, paths absolute), as findings of the
 * circle's first file: `import circle: a.ts -> b.ts -> a.ts` at the line of its import of the next.
 */
export function findImportCircles({ dir, files }) {
  const resolveImport = resolverFor(dir);
  const known = new Set(files.map((file) => file.path));
  const graph = new Map(files.map((file) => [file.path, new Map()]));
  for (const file of files) {
    for (const { specifier, line } of file.imports) {
      const target = resolveImport(file.path, specifier);
      const edges = graph.get(file.path);
      if (target && known.has(target) && !edges.has(target)) edges.set(target, line);
    }
  }
  return circlesOf(graph).map((group) => {
    const path = pathRound(graph, group);
    const [first, next] = path;
    return { path: first, finding: { rule: `import circle: ${path.map((file) => relative(dir, file)).join(' -> ')}`, line: graph.get(first).get(next) } };
  });
}

/** Every finding of the sources under a package's source folders (or under `folder` itself when it has none). */
export function checkSources(folder, folders = SOURCE_FOLDERS) {
  const dir = resolve(root, folder);
  const present = folders.map((folder) => join(dir, folder)).filter((folder) => existsSync(folder) && statSync(folder).isDirectory());
  const paths = (present.length ? present : [dir]).flatMap(sourceFiles).sort();
  const files = paths.map((path) => ({ path, ...checkFile(path) }));
  for (const circle of findImportCircles({ dir, files })) files.find((file) => file.path === circle.path).findings.push(circle.finding);
  for (const dead of deadExportFindings(dir)) files.find((file) => relative(root, file.path) === dead.path)?.findings.push(dead.finding);
  return files.map(({ path, findings, lines }) => ({ path: relative(root, path), findings, lines }));
}

/** Every finding, per package. */
export function checkPackages(packages = RULED_PACKAGES) {
  return packages.map((name) => ({ name, files: checkSources(join(root, 'packages', name)) }));
}

/** Every finding, per folder of RULED_FOLDERS (all its sources, wherever in it), under `base` (the repository's root; the rules' fixtures). */
export function checkFolders(folders = RULED_FOLDERS, base = root) {
  return folders.map((name) => ({ name, files: checkSources(join(base, name), []) }));
}

/** The kinds of finding the summary line counts, by the start of their rule. */
const SUMMARY = [
  ['comma expression', 'comma expressions'], ['non-null assertion', 'non-null assertions'],
  ['condition used as a statement', 'conditions as statements'], ['as any', 'as any'],
  ['array-tuple parameter', 'array-tuple parameters'], ['throw of a string', 'throws of a string'],
  ['function of', `functions over ${MAX_FUNCTION_LINES} lines`], ['import circle', 'import circles'], [ENDPOINT_LITERAL, 'endpoint literals'],
  ['dead export', 'dead exports'],
];

/** Every rule, by the start of its findings: test/node/plain-code.test.ts has a fixture each must flag. */
export const RULES = SUMMARY.map((kind) => kind[0]);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let broken = 0;
  // Folders named on the command line are checked instead (the rules' fixtures): a package (a folder
  // with a package.json) by its source folders, any other folder whole.
  const folders = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const sourcesOf = (folder) => checkSources(folder, existsSync(join(folder, 'package.json')) ? SOURCE_FOLDERS : []);
  const checked = folders.length > 0 ? folders.map((folder) => ({ name: folder, files: sourcesOf(folder) })) : [...checkPackages(), ...checkFolders()];
  for (const { name, files } of checked) {
    const findings = files.flatMap((file) => file.findings.map((finding) => ({ ...finding, path: file.path })));
    const counts = SUMMARY.map((kind) => `${findings.filter((finding) => finding.rule.startsWith(kind[0])).length} ${kind[1]}`);
    console.log(`${name}: ${counts.join(', ')}`);
    broken += findings.length;
    if (process.argv.includes('--list')) for (const finding of findings) console.log(`  ${finding.path}:${finding.line} ${finding.rule}`);
  }
  if (broken && process.argv.includes('--check')) process.exit(1);
}
