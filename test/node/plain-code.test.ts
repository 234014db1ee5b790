// The plain-code rules of every package (scripts/code-rules.mjs): no comma expressions, no condition
// used as a statement (`ready && go()`), no `as any`, no non-null assertion (`!`), no array-destructured
// parameters, no `throw` of a string, no function over 60 lines (a class written inside a function
// counts for it), no import circle in a package (type-only imports included), and no dead export
// (scripts/rules/dead-exports.mjs: exported, imported by no file, re-exported by no entry). The fixtures are
// small files that each break one rule (or one form of it), so each rule is seen to fail, in the
// checker and in its command line (`--check` exits 1); a rule without a fixture fails here.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module without types
import { checkPackages, checkSources, RULED_PACKAGES, RULES } from '../../scripts/code-rules.mjs';
// @ts-expect-error: a JavaScript module without types
import { deadExports } from '../../scripts/rules/dead-exports.mjs';

type Finding = { rule: string; line: number };
type Checked = { path: string; findings: Finding[] };

const FIXTURES = join('test', 'node', 'fixtures', 'code-rules');
// The fixtures, and those that are packages of their own (a name resolves to its files, an entry is public).
const fixtureFiles = [FIXTURES, join(FIXTURES, 'js-circle'), join(FIXTURES, 'dead-export')].flatMap((folder) => checkSources(folder) as Checked[]);
const rulesOf = (name: string) =>
  fixtureFiles.filter((file) => relative(FIXTURES, file.path) === name).flatMap((file) => file.findings.map((finding) => finding.rule));

describe('the checker', () => {
  it.each([
    ['comma-expression.ts', 'comma expression'],
    ['condition-statement.ts', 'condition used as a statement'],
    ['as-any.ts', 'as any'],
    ['non-null-assertion.ts', 'non-null assertion'],
    ['array-tuple-parameter.ts', 'array-tuple parameter'],
    ['throw-of-a-string.ts', 'throw of a string'],
    ['long-function.ts', 'function of 61 lines (at most 60)'],
    ['class-in-function.ts', 'function of 62 lines (at most 60)'],
    ['circle/a.ts', 'import circle: circle/a.ts -> circle/b.ts -> circle/a.ts'],
    ['js-circle/src/parse.js', 'import circle: src/parse.js -> src/read.js -> src/parse.js'],
    ['dead-export/src/parts.ts', 'dead export: unused'],
  ])('flags %s: %s', (name, rule) => {
    expect(rulesOf(name)).toEqual([rule]);
  });

  it('flags every form of a condition used as a statement, and of a throw of a string', () => {
    expect(rulesOf('condition-statement-forms.ts')).toEqual(Array(6).fill('condition used as a statement'));
    expect(rulesOf('throw-of-a-string-forms.ts')).toEqual(Array(2).fill('throw of a string'));
  });

  it('has a fixture that each of its rules flags', () => {
    const flagged = fixtureFiles.flatMap((file) => file.findings.map((finding) => finding.rule));
    expect((RULES as string[]).filter((rule) => !flagged.some((finding) => finding.startsWith(rule)))).toEqual([]);
  });

  it('fails its command line on the fixtures, listing each finding by file and line', () => {
    const run = spawnSync(process.execPath, [join('scripts', 'code-rules.mjs'), '--check', '--list', FIXTURES], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    for (const name of ['comma-expression.ts:3 comma expression', 'long-function.ts:2 function of 61 lines (at most 60)', 'circle/a.ts:2 import circle'])
      expect(run.stdout).toContain(join(FIXTURES, name));
  });

  it('lets a function of 60 lines and the other half of a circle pass', () => {
    expect(rulesOf('sixty-lines.ts')).toEqual([]);
    expect(rulesOf('circle/b.ts')).toEqual([]);
    expect(rulesOf('js-circle/src/read.js')).toEqual([]);
    expect(rulesOf('dead-export/src/shared.ts')).toEqual([]);
  });

  it('waits only for dead exports that are still dead', () => {
    expect((deadExports() as { staleAwaiting: string[] }).staleAwaiting).toEqual([]);
  });
});

const packages = (checkPackages() as { name: string; files: Checked[] }[]).map(({ name, files }) => [name, files] as const);

describe.each(packages)('packages/%s', (_name, files) => {
  it('breaks none of the plain-code rules and has no import circle', () => {
    const broken = files.flatMap((file) => file.findings.map((finding) => `${file.path}:${finding.line} ${finding.rule}`));
    expect(broken).toEqual([]);
  });
});

it('covers every package, and the emulator’s JavaScript', () => {
  const packages = readdirSync('packages').filter((name) => existsSync(join('packages', name, 'package.json'))).sort();
  expect(RULED_PACKAGES).toEqual(packages);
  const [emulator] = checkPackages(['emulator']) as { files: Checked[] }[];
  const paths = emulator?.files.map((file) => file.path) ?? [];
  expect(paths).toContain(join('packages', 'emulator', 'bin', 'svc-embed-emulator.js'));
  expect(paths).toContain(join('packages', 'emulator', 'public', 'app', 'main.js'));
  expect(paths).toContain(join('packages', 'emulator', 'src', 'index.js'));
});
