// The one test command: build (which type-checks the packages), then every
// vitest project (unit in happy-dom, node, real-browser in Chromium), then one closing line
// `N passed, N failed` summed over every suite. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
let passed = 0;
let failed = 0;

// The build type-checks every package (tsc -b) and makes the dist files that the node and browser
// suites load. A failed build counts as one failed test and the suites still run.
if (run(process.execPath, [join(root, 'scripts', 'build.mjs')]) !== 0) {
  console.error('build failed: see the output above');
  failed += 1;
}

mkdirSync(join(root, 'reports'), { recursive: true });
const report = join(root, 'reports', 'vitest.json');
const vitest = run(process.execPath, [
  join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run',
  '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  // A suite that failed to load (syntax error, missing browser in beforeAll) has no failed tests.
  failed += json.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
} catch {
  console.error(`no vitest report at ${report}`);
  failed += 1;
}
if (vitest !== 0 && failed === 0) failed = 1;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
