// Prints the mutation score per package (and in total) from Stryker's JSON report,
// reports/mutation/mutation.json, written by `npm run mutation`. Score = detected (killed +
// timeout) / valid (detected + survived + no coverage), as Stryker counts it; mutants that did not
// compile or broke the run are left out of the score and shown as errors.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const file = process.argv[2] ?? join(root, 'reports', 'mutation', 'mutation.json');
const report = JSON.parse(readFileSync(file, 'utf8'));

const PACKAGES = ['protocol', 'runtime', 'host', 'frame'];
const empty = () => ({ killed: 0, survived: 0, timeout: 0, noCoverage: 0, errors: 0 });
const rows = Object.fromEntries([...PACKAGES, 'total'].map((name) => [name, empty()]));
const survivorsPerFile = new Map();

for (const [path, { mutants }] of Object.entries(report.files)) {
  const name = /packages\/([^/]+)\//.exec(path.replaceAll('\\', '/'))?.[1] ?? 'other';
  rows[name] ??= empty();
  for (const { status } of mutants) {
    const key = { Killed: 'killed', Survived: 'survived', Timeout: 'timeout', NoCoverage: 'noCoverage', CompileError: 'errors', RuntimeError: 'errors' }[status];
    if (!key) continue; // Ignored, Pending
    rows[name][key] += 1;
    rows.total[key] += 1;
    if (key === 'survived' || key === 'noCoverage') survivorsPerFile.set(path, (survivorsPerFile.get(path) ?? 0) + 1);
  }
}

const score = (r) => {
  const valid = r.killed + r.timeout + r.survived + r.noCoverage;
  return valid ? ((100 * (r.killed + r.timeout)) / valid).toFixed(2) : 'n/a';
};
const columns = ['killed', 'survived', 'timeout', 'no cov', 'errors', 'score %'];
console.log(`\nMutation score per package (${file.replace(`${root}/`, '')})`);
console.log(`${'package'.padEnd(10)}${columns.map((c) => c.padStart(10)).join('')}`);
for (const [name, r] of Object.entries(rows)) {
  if (name === 'total') continue;
  const cells = [r.killed, r.survived, r.timeout, r.noCoverage, r.errors, score(r)];
  console.log(`${name.padEnd(10)}${cells.map((c) => String(c).padStart(10)).join('')}`);
}
const t = rows.total;
console.log(`${'total'.padEnd(10)}${[t.killed, t.survived, t.timeout, t.noCoverage, t.errors, score(t)].map((c) => String(c).padStart(10)).join('')}`);

const top = [...survivorsPerFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
if (top.length) {
  console.log('\nMost undetected mutants (survived + no coverage):');
  for (const [path, count] of top) console.log(`${String(count).padStart(5)}  ${path}`);
}
