// Dead exports: what a file under a package's `src/` exports that no other file imports and no entry
// of the package re-exports. An entry is a file the package's `exports` (or `main`) names, mapped
// from `dist/` back to `src/`, and the script files' own starting points (SCRIPT_ENTRIES): everything
// an entry exports is public, through `export { … } from` and `export * from` as far as they go.
// The importers are every source file of the repository (packages, tests, demo, bench, examples,
// scripts): an export a test alone imports is alive, and counted apart (`--list` names them).
// Read on the syntax tree with the TypeScript 5 that code-rules.mjs uses (parsing only, so an
// `import * as ns` or a dynamic `import()` keeps every export of its module alive).
//
// `node scripts/rules/dead-exports.mjs [--list] [--check]`: the dead exports, by file and line;
// `--list` adds those only tests import; `--check` exits 1 on a dead one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ts = createRequire(createRequire(join(root, 'package.json')).resolve('@arethetypeswrong/core'))('typescript');

/** Where the importers are read, from the repository's root. */
const IMPORTER_FOLDERS = ['packages', 'test', 'demo', 'bench', 'examples', 'scripts'];
/** The script files' starting points (rollup.config.mjs): entries no `exports` names. */
const SCRIPT_ENTRIES = ['packages/host/src/script.ts', 'packages/host/src/element-iife.ts'];
const SOURCE_FILE = /\.(?:tsx?|jsx?|mjs|cjs|vue)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'types', '.vite', 'coverage']);
/** A use of every export of a module (`import * as`, `export *`, a dynamic `import()`). */
const ALL = '*';

const filesUnder = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED.has(name) || name.startsWith('.') ? [] : filesUnder(path);
    return SOURCE_FILE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

/** The file a source path stands for: `./x.js` may be `x.ts` or `x.tsx`, `./x` may be `x/index.ts`. */
function sourceFileAt(path) {
  const stem = path.replace(/\.(?:m?js|jsx)$/, '');
  const candidates = [path, `${stem}.ts`, `${stem}.tsx`, `${path}.ts`, `${path}.tsx`, `${path}.js`, join(path, 'index.ts'), join(path, 'index.js')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The source file behind an `exports` target: `./src/x.js` itself, `./dist/esm/x.js` from `src/x.ts`. */
function exportTarget(dir, target) {
  if (typeof target === 'object' && target !== null) return exportTarget(dir, target.import ?? target.default);
  if (typeof target !== 'string' || !/\.m?js$/.test(target)) return undefined;
  return sourceFileAt(join(dir, target.replace(/^\.\/dist\/(?:esm|cjs)\//, './src/')));
}

/** The folders of `packages/` that are packages. */
const packageDirs = () => readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name)).filter((dir) => existsSync(join(dir, 'package.json')));

/** Every package of `dirs` by name: its folder and its entry files. */
function readPackages(dirs) {
  const packages = new Map();
  for (const dir of dirs) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const exportsMap = typeof manifest.exports === 'object' ? manifest.exports : { '.': manifest.main };
    const subpaths = new Map(Object.keys(exportsMap).map((key) => [key, exportTarget(dir, exportsMap[key])]));
    packages.set(manifest.name, { dir, subpaths });
  }
  return packages;
}

/** Resolves a specifier from a file to a source file of the repository, or undefined. */
function resolverOf(packages) {
  return (from, specifier) => {
    if (specifier.startsWith('.')) return sourceFileAt(resolve(dirname(from), specifier));
    const [scope, name, ...rest] = specifier.split('/');
    const found = packages.get(`${scope}/${name}`);
    return found?.subpaths.get(rest.length ? `./${rest.join('/')}` : '.');
  };
}

/** The script kind of a file, so that JSX and JSDoc are read as the compiler reads them. */
function scriptKind(path) {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (path.endsWith('.ts')) return ts.ScriptKind.TS;
  return path.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
}

const hasExportKeyword = (node) => (ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The names a declaration statement with `export` declares. */
function declaredNames(node) {
  if (ts.isVariableStatement(node)) return node.declarationList.declarations.flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [declaration.name.text] : []));
  const isDefault = (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
  return isDefault ? ['default'] : node.name ? [node.name.text] : [];
}

/** `import('./x.js').T` and `import('./x.js')` in types: the name used, or every one. */
function importTypeUse(node) {
  const qualifier = node.qualifier;
  if (!qualifier) return ALL;
  return ts.isIdentifier(qualifier) ? qualifier.text : ts.isQualifiedName(qualifier) ? leftmost(qualifier).text : ALL;
}
const leftmost = (name) => (ts.isQualifiedName(name) ? leftmost(name.left) : name);

/** The names an import or re-export clause takes from its module. */
function clauseUses(node) {
  if (ts.isExportDeclaration(node)) {
    if (!node.exportClause) return [ALL];
    if (ts.isNamespaceExport(node.exportClause)) return [ALL];
    return node.exportClause.elements.map((element) => (element.propertyName ?? element.name).text);
  }
  const clause = node.importClause;
  if (!clause) return [];
  const names = clause.name ? ['default'] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(ALL);
  if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((element) => (element.propertyName ?? element.name).text));
  return names;
}

/**
 * One file read: what it exports (`{ name, line }`; a `@typedef` of a JavaScript file is not
 * counted) and what it takes from other modules (`{ specifier, names, reexport }`).
 */
export function readModule(path) {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, path.endsWith('.vue') ? vueScript(text) : text, ts.ScriptTarget.Latest, true, scriptKind(path.replace(/\.vue$/, '.ts')));
  const exported = [];
  const uses = [];
  const at = (node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const visit = (node) => {
    if (node.parent === file && hasExportKeyword(node)) for (const name of declaredNames(node)) exported.push({ name, line: at(node) });
    if (node.parent === file && ts.isExportAssignment(node)) exported.push({ name: 'default', line: at(node) });
    if (node.parent === file && ts.isExportDeclaration(node) && !node.moduleSpecifier && node.exportClause && ts.isNamedExports(node.exportClause))
      for (const element of node.exportClause.elements) exported.push({ name: element.name.text, line: at(element) });
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isJSDocImportTag(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      uses.push({ specifier: node.moduleSpecifier.text, names: clauseUses(node), reexport: ts.isExportDeclaration(node), line: at(node) });
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]))
      uses.push({ specifier: node.arguments[0].text, names: [ALL], reexport: false });
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      uses.push({ specifier: node.argument.literal.text, names: [importTypeUse(node)], reexport: false });
    for (const doc of node.jsDoc ?? []) visit(doc);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { exported, uses };
}

/** The `<script>` blocks of a Vue single-file component (the rest is blank lines, so lines stay true). */
function vueScript(text) {
  return text.replace(/^(?!<script)[\s\S]*?(?=<script|$)|<\/?script[^>]*>/g, (part) => part.replace(/[^\n]/g, ''));
}

const isTestPath = (path) => /(?:^|\/)(?:test|tests|e2e)\//.test(path) || /\.(?:test|spec)\.[cm]?[jt]sx?$/.test(path);

/**
 * Every export of a `src/` file of the packages in `dirs` (default: all of `packages/`) that no entry
 * makes public: `{ path, line, name, importers }`, where `importers` are the files under `folders`
 * (default: the repository's) that import it (none: dead; tests only: kept for them).
 */
export function findExportUses({ dirs = packageDirs(), folders = IMPORTER_FOLDERS.map((folder) => join(root, folder)) } = {}) {
  const packages = readPackages(dirs);
  const resolveFrom = resolverOf(packages);
  const paths = folders.filter((folder) => existsSync(folder)).flatMap(filesUnder);
  const modules = new Map(paths.map((path) => [path, readModule(path)]));
  // By module: name -> the files that take it, and the modules that re-export it (or all of it).
  const takers = new Map();
  const reexports = [];
  for (const [path, { uses }] of modules) {
    for (const use of uses) {
      const target = resolveFrom(path, use.specifier);
      if (!target || target === path) continue;
      const names = takers.get(target) ?? new Map();
      takers.set(target, names);
      for (const name of use.names) names.set(name, [...(names.get(name) ?? []), path]);
      if (use.reexport) reexports.push({ from: path, target, names: use.names });
    }
  }
  const entries = new Set([...[...packages.values()].flatMap((pkg) => [...pkg.subpaths.values()]), ...SCRIPT_ENTRIES.map((path) => join(root, path))].filter(Boolean));
  const publicNames = publicNamesOf({ entries, reexports, modules });
  const sources = dirs.map((dir) => join(dir, 'src', ''));
  const found = [];
  for (const [path, { exported }] of modules) {
    if (!sources.some((source) => path.startsWith(source)) || entries.has(path)) continue;
    const names = takers.get(path) ?? new Map();
    for (const { name, line } of exported) {
      if (publicNames.get(path)?.has(name) || publicNames.get(path)?.has(ALL)) continue;
      const importers = [...new Set([...(names.get(name) ?? []), ...(names.get(ALL) ?? [])])];
      found.push({ path: relative(root, path), line, name, importers: importers.map((importer) => relative(root, importer)) });
    }
  }
  return found;
}

/** The names an entry makes public, by module: what the entries re-export, followed through re-exports. */
function publicNamesOf({ entries, reexports, modules }) {
  const publicNames = new Map([...entries].map((entry) => [entry, new Set([ALL])]));
  let grew = true;
  while (grew) {
    grew = false;
    for (const { from, target, names } of reexports) {
      const open = publicNames.get(from);
      if (!open) continue;
      const own = publicNames.get(target) ?? new Set();
      publicNames.set(target, own);
      const passed = names.includes(ALL) ? [...open].flatMap((name) => (name === ALL ? [ALL] : [name])) : names.filter((name) => open.has(ALL) || open.has(name));
      for (const name of passed) if (!own.has(name)) grew = own.add(name) && true;
    }
  }
  for (const path of publicNames.keys()) if (!modules.has(path)) publicNames.delete(path);
  return publicNames;
}

/** The dead exports (`importers` empty) and those only tests import, each `{ path, line, name }`. */
export function deadExports(uses = findExportUses()) {
  const dead = uses.filter((use) => use.importers.length === 0);
  const testsOnly = uses.filter((use) => use.importers.length > 0 && use.importers.every(isTestPath));
  return { dead, testsOnly };
}

let repositoryDead;
/**
 * code-rules' findings for the folder `dir`, by path from the root: `dead export: <name>` at its
 * line. A package of `packages/` is read with every importer of the repository (read once); another
 * folder with a `package.json` (the rule's fixture) with its own files only; any other folder has none.
 */
export function deadExportFindings(dir) {
  const inPackages = resolve(dir).startsWith(join(root, 'packages', ''));
  if (!inPackages && !existsSync(join(dir, 'package.json'))) return [];
  const dead = inPackages ? (repositoryDead ??= deadExports().dead) : deadExports(findExportUses({ dirs: [resolve(dir)], folders: [resolve(dir)] })).dead;
  const prefix = relative(root, resolve(dir));
  return dead.filter((use) => use.path.startsWith(`${prefix}/`)).map(({ path, line, name }) => ({ path, finding: { rule: `dead export: ${name}`, line } }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { dead, testsOnly } = deadExports();
  for (const { path, line, name } of dead) console.log(`${path}:${line} ${name}: dead export`);
  if (process.argv.includes('--list')) for (const { path, line, name, importers } of testsOnly) console.log(`${path}:${line} ${name}: only tests import it (${importers.join(', ')})`);
  console.log(`${dead.length} dead exports, ${testsOnly.length} exports only tests import`);
  if (dead.length && process.argv.includes('--check')) process.exit(1);
}
