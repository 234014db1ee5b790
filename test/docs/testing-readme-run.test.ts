// The test kit's README examples run as pasted: each TypeScript block of packages/testing/README.md
// that is a test (it imports vitest) is written to a file of its own and run by vitest against the
// built packages (imported by their published names), once in happy-dom and once in jsdom; and
// happy-dom prints nothing about the iframes the kit fakes. Needs a build (npm test builds first).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks, ROOT, type CodeBlock } from './readme-files.js';

const README = 'packages/testing/README.md';
const tests = codeBlocks(README).filter((block) => block.language === 'ts' && block.code.includes("from 'vitest'"));
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const NOISE = /Iframe page loading is disabled|NotSupportedError/;

/** The environment of this run, without what would make the child vitest think it runs inside one. */
function childEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'));
}

/** Writes each block as a test file named after its README line, and a config for `environment`. */
function writeProject(environment: string): { dir: string; files: Record<string, CodeBlock> } {
  const dir = join(ROOT, 'reports', 'snippets-run', `testing-readme-${environment}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files: Record<string, CodeBlock> = {};
  for (const block of tests) {
    const name = `readme-line-${block.line}.test.ts`;
    writeFileSync(join(dir, name), `${block.code}\n`);
    files[name] = block;
  }
  writeFileSync(join(dir, 'vitest.config.mjs'), `export default { test: { include: ['*.test.ts'], environment: '${environment}' } };\n`);
  return { dir, files };
}

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; message: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

describe.each(['happy-dom', 'jsdom'])('the test kit README examples, in %s', (environment) => {
  it('every example passes as pasted, and nothing is printed about the faked iframes', () => {
    expect(tests.length, `${README} should have its host and surface examples`).toBeGreaterThanOrEqual(2);
    const { dir } = writeProject(environment);
    const report = join(dir, 'report.json');
    const run = spawnSync(process.execPath, [VITEST, 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
      cwd: dir, encoding: 'utf8', env: childEnvironment(), timeout: 100_000,
    });
    const printed = `${run.stdout}\n${run.stderr}`;
    const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    const failures = json.testResults.flatMap((file) => [
      ...(file.status === 'failed' && !file.assertionResults.length ? [`${README} (${file.name}): ${file.message}`] : []),
      ...file.assertionResults.filter((test) => test.status !== 'passed').map((test) => `${README} (${file.name}) ${test.title}: ${test.failureMessages.join('\n')}`),
    ]);
    expect(failures).toEqual([]);
    expect(json.numPassedTests).toBe(tests.length);
    expect(printed).not.toMatch(NOISE);
    expect(run.status, printed).toBe(0);
  });
});
