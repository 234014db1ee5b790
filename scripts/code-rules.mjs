// The plain-code rules of packages/{host,frame,runtime,protocol}/src, checked on the syntax tree:
// no comma expressions, no `cond && effect()` (or `||`, `??`, `?:`) used as a statement, no `as any`,
// no array-destructured parameters, no `throw` of a non-Error literal, and no function over 60 lines
// (files follow concepts, not a line count).
// Non-null assertions (`!`) are counted, not forbidden: each must follow a line that proves it.
// TypeScript 7 has no compiler API, so this reads the syntax with the TypeScript 5 that
// @arethetypeswrong/core brings along (parsing only, no type checking).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ts = createRequire(createRequire(join(root, 'package.json')).resolve('@arethetypeswrong/core'))('typescript');

/** The packages whose sources follow the rules. */
export const RULED_PACKAGES = ['host', 'frame', 'runtime', 'protocol'];
/**
 * Longest function allowed, in lines: a function, method, arrow function or accessor. A class written
 * inside a function (the element's class, made when it is defined, not at import) is a unit of its
 * own: its methods are measured, its lines do not count for the function around it.
 */
export const MAX_FUNCTION_LINES = 60;

const sourceFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

const CONDITIONAL_OPERATORS = new Set([
  ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken,
]);

/** Lines taken by the classes written directly inside `body` (not inside a nested function). */
function classLines(body) {
  const file = body.getSourceFile();
  const line = (position) => file.getLineAndCharacterOfPosition(position).line;
  let lines = 0;
  const visit = (node) => {
    if (ts.isClassLike(node)) lines += line(node.getEnd()) - line(node.getStart(file)) + 1;
    else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return lines;
}

/** Findings of one file: `{ rule, line }` for each break, and its count of non-null assertions. */
export function checkFile(path) {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const findings = [];
  let nonNull = 0;
  const at = (node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const lineOf = (position) => file.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.CommaToken)
      findings.push({ rule: 'comma expression', line: at(node) });
    if (ts.isNonNullExpression(node)) nonNull++;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const length = lineOf(node.body.getEnd()) - lineOf(node.body.getStart(file)) + 1 - classLines(node.body);
      if (length > MAX_FUNCTION_LINES) findings.push({ rule: `function of ${length} lines (at most ${MAX_FUNCTION_LINES})`, line: at(node) });
    }
    if (ts.isAsExpression(node) && node.type.kind === ts.SyntaxKind.AnyKeyword) findings.push({ rule: 'as any', line: at(node) });
    if (ts.isParameter(node) && ts.isArrayBindingPattern(node.name)) findings.push({ rule: 'array-tuple parameter', line: at(node) });
    if (ts.isThrowStatement(node) && node.expression && (ts.isStringLiteral(node.expression) || ts.isTemplateExpression(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)))
      findings.push({ rule: 'throw of a string', line: at(node) });
    const statement = ts.isExpressionStatement(node) ? node.expression : ts.isArrowFunction(node) && !ts.isBlock(node.body) && ts.isVoidExpression(node.body) ? node.body.expression : undefined;
    if (statement) {
      const inner = ts.isVoidExpression(statement) ? statement.expression : statement;
      const bare = ts.isParenthesizedExpression(inner) ? inner.expression : inner;
      if ((ts.isBinaryExpression(bare) && CONDITIONAL_OPERATORS.has(bare.operatorToken.kind)) || ts.isConditionalExpression(bare))
        findings.push({ rule: 'condition used as a statement', line: at(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { findings, nonNull, lines };
}

/** Every finding and the `!` count, per package. */
export function checkPackages(packages = RULED_PACKAGES) {
  return packages.map((name) => {
    const dir = join(root, 'packages', name, 'src');
    const files = sourceFiles(dir).map((path) => ({ path: relative(root, path), ...checkFile(path) }));
    return { name, files };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let broken = 0;
  for (const { name, files } of checkPackages(RULED_PACKAGES.filter((name) => { try { return statSync(join(root, 'packages', name, 'src')).isDirectory(); } catch { return false; } }))) {
    const count = (rule) => files.reduce((sum, file) => sum + file.findings.filter((f) => f.rule === rule).length, 0);
    const nonNull = files.reduce((sum, file) => sum + file.nonNull, 0);
    const long = files.reduce((sum, file) => sum + file.findings.filter((f) => f.rule.startsWith('function of')).length, 0);
    console.log(`${name}: ${count('comma expression')} comma expressions, ${nonNull} non-null assertions, ${count('condition used as a statement')} conditions as statements, ${count('as any')} as any, ${long} functions over ${MAX_FUNCTION_LINES} lines`);
    for (const file of files) for (const finding of file.findings) {
      broken++;
      if (process.argv.includes('--list')) console.log(`  ${file.path}:${finding.line} ${finding.rule}`);
    }
  }
  if (broken && process.argv.includes('--check')) process.exit(1);
}
