// The plain-code rules of every package and of demo/, bench/ and scripts/ (scripts/code-rules.mjs): no comma expressions, no condition
// used as a statement (`ready && go()`), no `as any`, no non-null assertion (`!`), no array-destructured
// parameters, no `throw` of a string, no function over 60 lines (a class written inside a function
// counts for it), no import circle in a package (type-only imports included), and no dead export
// (scripts/rules/dead-exports.mjs: exported, imported by no file, re-exported by no entry). The fixtures are
// small files that each break one rule (or one form of it), so each rule is seen to fail, in the
// checker and in its command line (`--check` exits 1); a rule without a fixture fails here. A second
// set of fixtures (code-rules-repo) stands for the repository's demo/, bench/ and scripts/: each is
// read whole, wherever a file is in it, build output (a folder starting with a dot) excepted.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module without types
import { checkFolders, checkPackages, checkSources, RULED_FOLDERS, RULED_PACKAGES, RULES } from '../../scripts/code-rules.mjs';

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
    ['endpoint-literal.ts', "endpoint literal: the route '/logout' (take it from packages/protocol/src/session-endpoint.ts)"],
    ['endpoint-code/packages/server/src/answer.ts', "endpoint literal: the code 'signed-out' (take it from packages/protocol/src/session-endpoint.ts)"],
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
});

describe('demo/, bench/ and scripts/', () => {
  const REPO = join('test', 'node', 'fixtures', 'code-rules-repo');
  const checked = checkFolders(RULED_FOLDERS, REPO) as { name: string; files: Checked[] }[];
  const findings = Object.fromEntries(checked.map(({ name, files }) => [name, files.flatMap((file) => file.findings.map((finding) => `${relative(REPO, file.path)}:${finding.line} ${finding.rule}`))]));

  it('are the folders ruled besides the packages', () => {
    expect(RULED_FOLDERS).toEqual(['demo', 'bench', 'scripts']);
  });

  it('flags a file anywhere in each folder (not only in src/, bin/ or public/), and an import circle within one', () => {
    expect(findings).toEqual({
      demo: [join('demo', 'public', 'app', 'page.js:3 condition used as a statement'), join('demo', 'server.mjs:3 comma expression')],
      bench: [join('bench', 'left.mjs:2 import circle: left.mjs -> right.mjs -> left.mjs'), join('bench', 'pages', 'host.js:2 array-tuple parameter')],
      scripts: [join('scripts', 'tool.mjs:3 throw of a string')],
    });
  });

  it('reads no build output', () => {
    const paths = checked.flatMap(({ files }) => files.map((file) => relative(REPO, file.path)));
    expect(paths).not.toContain(join('demo', '.build', 'react', 'app.js'));
    expect(paths).toHaveLength(6);
  });

  it('fails the command line on a folder named, read whole', () => {
    const run = spawnSync(process.execPath, [join('scripts', 'code-rules.mjs'), '--check', '--list', join(REPO, 'demo')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(join(REPO, 'demo', 'server.mjs:3 comma expression'));
  });
});

const packages = (checkPackages() as { name: string; files: Checked[] }[]).map(({ name, files }) => [`packages/${name}`, files] as const);
const folders = (checkFolders() as { name: string; files: Checked[] }[]).map(({ name, files }) => [`${name}/`, files] as const);

describe.each([...packages, ...folders])('%s', (_name, files) => {
  it('breaks none of the plain-code rules and has no import circle', () => {
    const broken = files.flatMap((file) => file.findings.map((finding) => `${file.path}:${finding.line} ${finding.rule}`));
    expect(broken).toEqual([]);
  });
});

it('covers every package, the emulator’s JavaScript, and demo/, bench/ and scripts/ whole', () => {
  const packages = readdirSync('packages').filter((name) => existsSync(join('packages', name, 'package.json'))).sort();
  expect(RULED_PACKAGES).toEqual(packages);
  const [emulator] = checkPackages(['emulator']) as { files: Checked[] }[];
  const paths = emulator?.files.map((file) => file.path) ?? [];
  expect(paths).toContain(join('packages', 'emulator', 'bin', 'svc-embed-emulator.js'));
  expect(paths).toContain(join('packages', 'emulator', 'public', 'app', 'main.js'));
  expect(paths).toContain(join('packages', 'emulator', 'src', 'index.js'));
  const outside = (checkFolders() as { files: Checked[] }[]).flatMap(({ files }) => files.map((file) => file.path));
  for (const path of [join('demo', 'demo-server.mjs'), join('demo', 'test-hooks.mjs'), join('demo', 'public', 'app', 'demo.js'), join('demo', 'react', 'app.tsx'), join('bench', 'pages', 'bench-host.js'), join('scripts', 'code-rules.mjs')])
    expect(outside).toContain(path);
});
