// Prints the mutation score per package (and in total) from Stryker's JSON reports, and per file for
// the server: reports/mutation/mutation.json (the browser halves: protocol, runtime, host, frame;
// `npm run mutation`), reports/mutation/server-fast.json (the server's store-independent code against
// its fast tests, `npm run mutation`), reports/mutation/server-redis.json (the Redis store against
// the Redis-backed suites, `npm run mutation:redis`) and reports/mutation/server-postgres.json (the
// Postgres store against the suites that start their own postgres, `npm run mutation:postgres`), each
// when present. Other reports may be named
// as arguments instead (runs over a few files with `--mutate`); a file in several reports counts as
// in the last one named. Score = detected (killed + timeout) / valid (detected + survived + no
// coverage), as Stryker counts it; mutants that did not compile or broke the run are left out of
// the score and shown as errors.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_REPORTS = ['mutation', 'server-fast', 'server-redis', 'server-postgres'].map((name) => join(root, 'reports', 'mutation', `${name}.json`));
const named = process.argv.slice(2);
const reports = named.length > 0 ? named : DEFAULT_REPORTS.filter((file) => existsSync(file));
if (reports.length === 0) {
  console.error('No mutation report found: run `npm run mutation` (and `npm run mutation:redis`, `npm run mutation:postgres`) first, or name report files.');
  process.exit(1);
}

/** Mutants per source file, the last report naming a file winning. */
const files = new Map();
for (const file of reports) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const [path, { mutants }] of Object.entries(report.files)) files.set(path.replaceAll('\\', '/'), mutants);
}

const PACKAGES = ['protocol', 'runtime', 'host', 'frame', 'server'];
const STATUS = { Killed: 'killed', Survived: 'survived', Timeout: 'timeout', NoCoverage: 'noCoverage', CompileError: 'errors', RuntimeError: 'errors' };
const empty = () => ({ killed: 0, survived: 0, timeout: 0, noCoverage: 0, errors: 0 });
const rows = Object.fromEntries([...PACKAGES, 'total'].map((name) => [name, empty()]));
const serverFiles = new Map();
const survivorsPerFile = new Map();

for (const [path, mutants] of files) {
  const name = /packages\/([^/]+)\//.exec(path)?.[1] ?? 'other';
  rows[name] ??= empty();
  const fileRow = empty();
  for (const { status } of mutants) {
    const key = STATUS[status];
    if (!key) continue; // Ignored, Pending
    rows[name][key] += 1;
    rows.total[key] += 1;
    fileRow[key] += 1;
    if (key === 'survived' || key === 'noCoverage') survivorsPerFile.set(path, (survivorsPerFile.get(path) ?? 0) + 1);
  }
  if (name === 'server') serverFiles.set(path.replace(/^.*packages\/server\/src\//, ''), fileRow);
}

const score = (r) => {
  const valid = r.killed + r.timeout + r.survived + r.noCoverage;
  return valid ? ((100 * (r.killed + r.timeout)) / valid).toFixed(2) : 'n/a';
};
const COLUMNS = ['killed', 'survived', 'timeout', 'no cov', 'errors', 'score %'];
const line = (label, width, r) => `${label.padEnd(width)}${[r.killed, r.survived, r.timeout, r.noCoverage, r.errors, score(r)].map((c) => String(c).padStart(10)).join('')}`;
const table = (title, width, entries) => {
  console.log(`\n${title}`);
  console.log(`${''.padEnd(width)}${COLUMNS.map((c) => c.padStart(10)).join('')}`);
  for (const [label, r] of entries) console.log(line(label, width, r));
};

console.log(`\nMutation reports: ${reports.map((file) => relative(root, file)).join(', ')}`);
const present = Object.entries(rows).filter((entry) => entry[0] !== 'total' && Object.values(entry[1]).some((n) => n > 0));
table('Mutation score per package', 10, [...present, ['total', rows.total]]);
const absent = PACKAGES.filter((name) => !present.some((entry) => entry[0] === name));
if (absent.length) console.log(`(not in these reports: ${absent.join(', ')})`);
if (serverFiles.size) {
  const width = Math.max(...[...serverFiles.keys()].map((path) => path.length)) + 2;
  table('Server, per file (packages/server/src/)', width, [...serverFiles].sort((a, b) => a[0].localeCompare(b[0])));
}

const top = [...survivorsPerFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
if (top.length) {
  console.log('\nMost undetected mutants (survived + no coverage):');
  for (const [path, count] of top) console.log(`${String(count).padStart(5)}  ${path}`);
}
