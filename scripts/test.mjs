// The one test command: build (which type-checks the packages), then the unit, Node and docs suites,
// the test kit's example suite (vitest with happy-dom and jsdom, jest with jsdom), the framework
// example apps (type-checked and built by their own toolchains), then the
// real-browser suites once per engine (Chromium, Firefox ESR, WebKitGTK), each engine in a vitest
// run of its own so its count and time are printed apart. Ends with one closing line
// `N passed, N failed` summed over every suite, and exits non-zero on any failure; with CI=true a
// skipped test is a failure (scripts/test-report.mjs), each named by file and test.
// Extra arguments (file filters, -t) are passed to every run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installExampleApps } from './example-apps.mjs';
import { readTestReport } from './test-report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
const extra = process.argv.slice(2);
// In CI a skipped test fails the run, named by file and test; locally it is a warning. A name filter
// (-t) skips the tests it leaves out by design, so it keeps skips as warnings.
const skipsFail = process.env.CI === 'true' && !extra.some((arg) => arg === '-t' || arg.startsWith('--testNamePattern'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];

// The build type-checks every package (tsc -b) and makes the dist files that the node and browser
// suites load. A failed build counts as one failed test and the suites still run.
if (run(process.execPath, [join(root, 'scripts', 'build.mjs')]) !== 0) {
  console.error('build failed: see the output above');
  totals.failed += 1;
}

// The framework example apps install their own toolchains (npm ci in each, when missing or stale).
// A failed install counts as one failed test; their suites then fail saying what is missing.
for (const dir of installExampleApps(root)) {
  console.error(`npm ci failed in ${dir}: see the output above`);
  totals.failed += 1;
}

mkdirSync(join(root, 'reports'), { recursive: true });

/**
 * Runs one test command that writes a JSON report (vitest's and jest's have the same counts) and
 * adds it to the totals, with a line of its own for the summary.
 */
function runReported(label, args, report) {
  rmSync(report, { force: true });
  const started = Date.now();
  const status = run(process.execPath, args);
  const seconds = Math.round((Date.now() - started) / 1000);
  let counts = { passed: 0, failed: 1, skipped: 0, skippedTests: [] };
  try {
    counts = readTestReport({ report, root, skipsFail });
  } catch {
    console.error(`no test report at ${report}`);
  }
  if (status !== 0 && counts.failed === 0) counts.failed = 1;
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  summary.push(`  ${label.padEnd(26)} ${String(counts.passed).padStart(5)} tests passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}, ${seconds} s`);
  summary.push(...counts.skippedTests.map((test) => `    skipped${skipsFail ? ' (a failure in CI)' : ''}: ${test}`));
}

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const reportFor = (label) => join(root, 'reports', `tests-${label}.json`);
const filters = extra.length ? ['--passWithNoTests', ...extra] : [];

/** Runs vitest on some projects of the repository's config. */
function runSuites(label, projects) {
  const report = reportFor(label);
  runReported(label, [vitest, 'run', ...projects.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...filters], report);
}

runSuites('unit+node+docs', ['unit', 'node', 'docs']);

// The test kit's example suite, written as a user writes tests (published package names), three
// ways: vitest with happy-dom, vitest with jsdom, jest with jsdom.
if (!extra.length) {
  const example = join(root, 'examples', 'testing-kit');
  for (const environment of ['happy-dom', 'jsdom']) {
    const label = `example vitest+${environment}`;
    const report = reportFor(`example-vitest-${environment}`);
    runReported(label, [vitest, 'run', '--root', example, '--environment', environment, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], report);
  }
  const jestReport = reportFor('example-jest-jsdom');
  runReported('example jest+jsdom', ['--experimental-vm-modules', join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', join(example, 'jest.config.js'), '--json', '--outputFile', jestReport], jestReport);
}

// The framework example apps (examples/vue-app, svelte-app, angular-app), each on its own toolchain:
// type-checked, their type tests, and built for the browser suites, which drive them next.
runSuites('examples', ['examples']);

for (const engine of ['chromium', 'firefox', 'webkit']) runSuites(`browser-${engine}`, [`browser-${engine}`]);

console.log(`\nPer suite:\n${summary.join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
