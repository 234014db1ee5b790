// The test runner's reading of a report (scripts/test-report.mjs): in CI a skipped or todo test is a
// failure named by file and test; locally it is counted as skipped, named all the same. The fixture
// is a report with one skipped and one todo test, which the reading must flag.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a JavaScript module without types
import { readTestReport } from '../../scripts/test-report.mjs';

const ROOT = '/checkout';
/** The fixture report, with its files under ROOT as a runner writes absolute paths. */
function fixtureReport(): string {
  const report = join(mkdtempSync(join(tmpdir(), 'test-report-')), 'report.json');
  writeFileSync(report, readFileSync(join(__dirname, 'fixtures', 'test-report', 'one-skipped.json'), 'utf8').replaceAll('ROOT', ROOT));
  return report;
}
const NAMED = ['test/unit/example.test.ts > the page renews the session', 'test/unit/example.test.ts > the page signs out'];

describe('a report with a skipped and a todo test', () => {
  it('in CI: each is a failure, named by file and test', () => {
    expect(readTestReport({ report: fixtureReport(), root: ROOT, skipsFail: true })).toEqual({ passed: 2, failed: 2, skipped: 0, skippedTests: NAMED });
  });

  it('locally: each is counted as skipped, named the same', () => {
    expect(readTestReport({ report: fixtureReport(), root: ROOT, skipsFail: false })).toEqual({ passed: 2, failed: 0, skipped: 2, skippedTests: NAMED });
  });
});
