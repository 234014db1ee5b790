// Reads the JSON report of one test run (vitest's and jest's have the same shape) into its counts,
// and names every test it did not run (skipped, todo, pending) by file and name. In CI a skipped test
// is a failure: a test that does not run checks nothing, and nobody reads a warning there.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The statuses of a test that ran. */
const RAN = ['passed', 'failed'];

/**
 * @typedef {object} TestCounts
 * @property {number} passed
 * @property {number} failed
 * @property {number} skipped Tests not run, when skips are not failures.
 * @property {string[]} skippedTests Each test not run, as `<file> > <full name>`.
 */

/**
 * The counts of the report at `report`. A suite that failed to load (a syntax error, a missing
 * browser in beforeAll) has no failed tests: it counts as one failure. With `skipsFail`, each test
 * not run counts as a failure instead of a skip.
 * @param {{ report: string, root: string, skipsFail: boolean }} options
 * @returns {TestCounts}
 */
export function readTestReport({ report, root, skipsFail }) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const skippedTests = json.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => !RAN.includes(test.status)).map((test) => `${relative(root, file.name)} > ${test.fullName ?? test.title}`),
  );
  const unloaded = json.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests + unloaded + (skipsFail ? skippedTests.length : 0),
    skipped: skipsFail ? 0 : skippedTests.length,
    skippedTests,
  };
}
