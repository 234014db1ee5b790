// The test kit's README examples run as pasted: each test block of packages/testing/README.md (the
// host page's and the surface's) is written to a file of its own and run by vitest against the built
// packages (imported by their published names), once in happy-dom and once in jsdom; happy-dom prints
// nothing about the iframes the kit fakes. And its vitest configuration, for test files that do not
// import the kit, is the configuration of a vitest run whose iframe takes its URL, fires `load` and
// prints nothing (with happy-dom's defaults it prints an error and never loads). Needs a build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBlock } from './readme-blocks.js';
import { ROOT, type CodeBlock } from './readme-files.js';

const README = 'packages/testing/README.md';
const tests = [runBlock('testingHostPage'), runBlock('testingSurface')];
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const NOISE = /Iframe page loading is disabled|NotSupportedError/;

/** The environment of this run, without what would make the child vitest think it runs inside one. */
function childEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'));
}

/** A fresh folder for one vitest run. */
function freshDir(name: string): string {
  const dir = join(ROOT, 'reports', 'snippets-run', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Runs vitest in `dir` with its JSON report; resolves with what it printed and the report. */
function runVitest(dir: string): { status: number | null; printed: string; json: JsonReport } {
  const report = join(dir, 'report.json');
  const run = spawnSync(process.execPath, [VITEST, 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: dir, encoding: 'utf8', env: childEnvironment(), timeout: 100_000,
  });
  if (run.error || run.signal) throw new Error(`vitest did not run in ${dir}: ${run.error?.message ?? run.signal}`);
  return { status: run.status, printed: `${run.stdout}\n${run.stderr}`, json: JSON.parse(readFileSync(report, 'utf8')) as JsonReport };
}

/** Writes each block as a test file named after its README line, and a config for `environment`. */
function writeProject(environment: string): { dir: string; files: Record<string, CodeBlock> } {
  const dir = freshDir(`testing-readme-${environment}`);
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
    const { status, printed, json } = runVitest(dir);
    const failures = json.testResults.flatMap((file) => [
      ...(file.status === 'failed' && !file.assertionResults.length ? [`${README} (${file.name}): ${file.message}`] : []),
      ...file.assertionResults.filter((test) => test.status !== 'passed').map((test) => `${README} (${file.name}) ${test.title}: ${test.failureMessages.join('\n')}`),
    ]);
    expect(failures).toEqual([]);
    expect(json.numPassedTests).toBe(tests.length);
    expect(printed).not.toMatch(NOISE);
    expect(status, printed).toBe(0);
  });
});

describe('the host-page example of the test kit README, without its frame.ready()', () => {
  it("fails with the kit's TestKitError saying what to add, before the runner's own timeout", () => {
    const example = runBlock('testingHostPage').code;
    const withoutReady = example.split('\n').filter((line) => !/^\s*frame\.ready\(\);/.test(line)).join('\n');
    expect(withoutReady, 'the example should have one frame.ready() line').not.toBe(example);
    const dir = freshDir('testing-readme-no-ready');
    writeFileSync(join(dir, 'no-ready.test.ts'), `${withoutReady}\n`);
    writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['*.test.ts'], environment: 'happy-dom' } };\n");
    const { printed, json } = runVitest(dir);
    const messages = json.testResults.flatMap((file) => file.assertionResults.flatMap((test) => test.failureMessages)).join('\n');
    expect(json.numFailedTests, printed).toBe(1);
    expect(messages).toContain('TestKitError: embed.ready did not settle within 2000 ms: the fake frame never sent ready: call frame.ready()');
    expect(messages).not.toMatch(/timed out in \d+ms/);
  });
});

/** A test file that does not import the kit: an iframe given a URL in happy-dom. */
const PLAIN_IFRAME_TEST = `import { expect, it } from 'vitest';

it('an iframe takes its URL and loads nothing', async () => {
  const iframe = document.createElement('iframe');
  const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  iframe.src = 'https://tenant.example/embed/dashboard/d-42';
  document.body.append(iframe);
  await loaded;
  expect(iframe.getAttribute('src')).toBe('https://tenant.example/embed/dashboard/d-42');
});
`;

describe("the test kit README's vitest configuration", () => {
  it('keeps happy-dom quiet for a test file that does not import the kit: its iframe loads, nothing is printed', () => {
    const dir = freshDir('testing-readme-config');
    writeFileSync(join(dir, 'vitest.config.ts'), runBlock('testingConfig').code);
    writeFileSync(join(dir, 'iframe.test.ts'), PLAIN_IFRAME_TEST);
    const { status, printed, json } = runVitest(dir);
    expect(json.numPassedTests, printed).toBe(1);
    expect(printed).not.toMatch(NOISE);
    expect(status, printed).toBe(0);
  });
});
