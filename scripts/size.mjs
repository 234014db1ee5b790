// `npm run size`: prints the gzip size (level 9) of every IIFE and ESM entry and of the bundles an
// app makes, and fails when an entry is above its budget or has none. Run after `npm run build`.
// Budgets are in bytes (1 KB = 1024), tightened to what the bundles reach plus a little room (the
// first budgets were 8 KB each). Writes the rows as JSON to reports/sizes.json (git-ignored; the
// docs tests compare the READMEs' figures with it), or to `--report <file>`. `--with-entries
// <file.json>` measures the built files listed there too (`[{ file, budget, what }]`): the fixture
// of test/node/size.test.ts, a bundle over its budget that must fail the run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;

/** [file, budget in bytes (or relative to the host file, the first row) or null, what it is] */
const ENTRIES = [
  // Raised from 6.5 and 5.5 KB by the shared runtime, the explicit phases and the pure renewal step
  // of issue 11 (host +1,799 B, frame +786 B), then from 8.3 and 6.0 KB by issue 18's renewal as data
  // (effects as plain data, a state keyed by phase) and the four parts of each half (host +965 B,
  // frame +104 B): readability chosen over the budget the issue set, the cost in BENCHMARKS.md.
  // Issues 22 and 23 moved both: the host by the connection warm-up (+140 B) and syncUrl in the
  // script file (+880 B: script pages get deep links too; an npm app pays only when it imports it),
  // the frame by the stricter navigate path (+82 B).
  ['packages/host/dist/iife/svc-embed.min.js', 12.7 * KB, 'host <script>: everything bundled, schemas on the zod/mini subset runtime'],
  ['packages/frame/dist/iife/svc-embed-frame.min.js', 6.2 * KB, 'frame <script>: everything bundled, schemas on the zod/mini subset runtime'],
  // The element's script file may cost at most 1.5 KB more than the host's (budget set below from it).
  ['packages/host/dist/iife/svc-embed-element.min.js', 'host+1.5KB', 'host <script> plus <svc-embed> registered'],
  // The ESM files and every bundle below got their budgets in issue 33: the figure measured then plus
  // about 2% (at least 16 B), rounded up to 10 B: room for a small fix, not for a feature. Raise one
  // in the change that needs it, saying why here.
  ['packages/protocol/dist/esm/index.js', 4300, 'protocol ESM (zod external)'],
  ['packages/host/dist/esm/index.js', 180, 'host ESM (protocol, nanoevents external)'],
  ['packages/host/dist/esm/element.js', 2470, 'the @svc-embed/host/element entry ESM (the rest of host external)'],
  ['packages/react/dist/esm/index.js', 1980, '@svc-embed/react ESM (react, host external)'],
  ['packages/vue/dist/esm/index.js', 2200, '@svc-embed/vue ESM (vue, host external)'],
  ['packages/frame/dist/esm/index.js', 5440, 'frame ESM (protocol, nanoevents external)'],
];
/** The budgets of the bundles measured below, by row (issue 33, set as said above the ESM files). */
const BUNDLE_BUDGETS = {
  '(npm) import * from @svc-embed/protocol': 8380,
  '(npm) import { parseEventMessage }': 7390,
  '(npm) import * from @svc-embed/host': 18090,
  '(npm) import * from @svc-embed/frame': 11350,
  '(npm, zod/mini aliased) @svc-embed/host': 13170,
  '(npm, zod/mini aliased) @svc-embed/frame': 6360,
  '(npm) the zod/mini subset runtime': 690,
  '(npm) zod/mini, the kinds the protocol uses': 5720,
  '(app) createEmbed, default': 17220,
  '(app) createEmbed, zod/mini aliased': 12300,
  '(app) createEmbed, app already has zod': 12020,
  '(app) createFrame, default': 11230,
  '(app) createFrame, zod/mini aliased': 6250,
  '(app) createFrame, app already has zod': 6020,
  '(app) @svc-embed/vue, every export': 1290,
};
const withEntries = process.argv.indexOf('--with-entries');
if (withEntries > 0) {
  for (const { file, budget, what } of JSON.parse(readFileSync(resolve(root, process.argv[withEntries + 1] ?? ''), 'utf8'))) ENTRIES.push([file, budget, what]);
}

const gzip = (code) => gzipSync(code, { level: 9 }).length;
const rows = [];
let over = 0;

for (const [file, declared, what] of ENTRIES) {
  const path = join(root, file);
  const budget = declared === null ? null : Math.round(declared === 'host+1.5KB' ? rows[0][1] + 1.5 * KB : declared);
  if (!existsSync(path)) {
    console.error(`missing ${file}: run npm run build first`);
    process.exit(1);
  }
  const size = gzip(readFileSync(path));
  const fails = budget !== null && size > budget;
  over += fails ? 1 : 0;
  rows.push([file, size, budget, what, fails]);
}

// What an app's bundler emits (minified, zod/mini included) for a given import.
async function bundled(label, contents, what, alias) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', alias,
  });
  rows.push([label, gzip(result.outputFiles[0].contents), null, what, false]);
}
await bundled('(npm) import * from @svc-embed/protocol', "export * from '@svc-embed/protocol';", 'whole protocol + real zod/mini, as an app bundler would emit it');
await bundled('(npm) import { parseEventMessage }', "export { parseEventMessage } from '@svc-embed/protocol';", 'only the inbound parser + real zod/mini');
await bundled('(npm) import * from @svc-embed/host', "export * from '@svc-embed/host';", 'host + protocol + real zod/mini + nanoevents');
await bundled('(npm) import * from @svc-embed/frame', "export * from '@svc-embed/frame';", 'frame + protocol + real zod/mini');
const subset = { 'zod/mini': '@svc-embed/protocol/zod-mini-subset' };
await bundled('(npm, zod/mini aliased) @svc-embed/host', "export * from '@svc-embed/host';", 'the same with zod/mini aliased to the subset', subset);
await bundled('(npm, zod/mini aliased) @svc-embed/frame', "export * from '@svc-embed/frame';", 'the same with zod/mini aliased to the subset', subset);
// The two runtimes the aliasing chooses between, for the READMEs' figures: the subset, and real
// zod/mini with only the schema kinds the protocol uses.
await bundled('(npm) the zod/mini subset runtime', "export * from '@svc-embed/protocol/zod-mini-subset';", 'the subset runtime alone (what the aliasing brings)');
await bundled('(npm) zod/mini, the kinds the protocol uses', "import * as z from 'zod/mini'; export const kinds = [z.object, z.looseObject, z.string, z.number, z.boolean, z.enum, z.optional, z.nullable, z.unknown, z.custom];", 'real zod/mini with only the schema kinds the protocol uses');

// A minimal app as a user writes it, bundled with esbuild as their bundler would: what each entry
// costs by default (real zod/mini comes along), with zod/mini aliased to the subset, and, in an app
// that already uses zod/mini for its own schemas, what the SDK adds on top (the difference).
async function gzipOfApp(contents, alias) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', alias,
  });
  return gzip(result.outputFiles[0].contents);
}
const OWN_ZOD = "import * as z from 'zod/mini'; export const signup = z.object({ email: z.string(), age: z.optional(z.number()), plan: z.enum(['free', 'pro']) }); export const check = (value) => signup.safeParse(value).success;";
const APPS = {
  host: "import { createEmbed } from '@svc-embed/host'; export const embed = () => createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#analytics' });",
  frame: "import { createFrame } from '@svc-embed/frame'; export const frame = () => createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: ['https://customer.example'] });",
};
for (const [name, app] of Object.entries(APPS)) {
  const call = name === 'host' ? 'createEmbed' : 'createFrame';
  rows.push([`(app) ${call}, default`, await gzipOfApp(app), null, `a minimal app using @svc-embed/${name}: real zod/mini comes along`, false]);
  rows.push([`(app) ${call}, zod/mini aliased`, await gzipOfApp(app, subset), null, 'the same app with zod/mini aliased to @svc-embed/protocol/zod-mini-subset', false]);
  const added = (await gzipOfApp(`${OWN_ZOD} ${app}`)) - (await gzipOfApp(OWN_ZOD));
  rows.push([`(app) ${call}, app already has zod`, added, null, 'what the SDK adds to an app that already uses zod/mini (difference of two bundles)', false]);
}

// syncUrl (issue 23) is its own function: what an app pays once it uses it (the difference of two
// bundles), and proof that an app that does not import it carries none of it (its two marks, the
// `popstate` listener and its claim message, are in no other code; both must be in the app that
// uses it, so the proof cannot pass by accident). Budget: the 700 B, raised to 800 B for
// the other parameters kept byte for byte, a readable `?dash=/orders` and back pressed twice.
const SYNC_URL_BUDGET = 800;
const SYNC_URL_MARKS = ['popstate', 'is used by another embed'];
async function appCode(contents) {
  const result = await build({ stdin: { contents, resolveDir: root, loader: 'js' }, bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent' });
  return result.outputFiles[0].contents;
}
const syncApp = APPS.host.replace('import { createEmbed }', 'import { createEmbed, syncUrl }').replace("=> createEmbed(", "=> syncUrl(createEmbed(").replace("'#analytics' });", "'#analytics' }), { param: 'dash' });");
const [withSync, withoutSync] = await Promise.all([appCode(syncApp), appCode(APPS.host)]);
const syncCost = gzip(withSync) - gzip(withoutSync);
const marksIn = (code) => SYNC_URL_MARKS.filter((mark) => Buffer.from(code).toString('utf8').includes(mark)).length;
const carried = marksIn(withoutSync);
const proven = marksIn(withSync) === SYNC_URL_MARKS.length;
rows.push(['(app) createEmbed + syncUrl, added', syncCost, SYNC_URL_BUDGET, 'what syncUrl adds to the createEmbed app once it is used', syncCost > SYNC_URL_BUDGET]);
rows.push(['(app) createEmbed, syncUrl marks in it', carried, 0, `of syncUrl's ${SYNC_URL_MARKS.length} marks (all found in the app that uses it: ${proven})`, carried > 0 || !proven]);
over += (syncCost > SYNC_URL_BUDGET ? 1 : 0) + (carried > 0 || !proven ? 1 : 0);

// @svc-embed/vue (issue 32): what the Vue package adds to a Vue app over the SDK code it uses
// (createEmbed, createSessionLedger, syncUrl, the event names), vue left out (the app has it
// anyway), bundled and minified as a Vite app's build does. The budgeted app is the usual one:
// <SvcEmbed> under provideSessionLedger(); its other exports (useEmbed, useRouterUrl for deep links
// with Vue Router, useUrlAdapter) are measured all together, without a budget. Budget: 1 KB.
const VUE_BUDGET = 1024;
async function gzipOfVueApp(contents) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', external: ['vue'],
  });
  return gzip(result.outputFiles[0].contents);
}
const SDK_IT_USES = await gzipOfVueApp("export { createEmbed, createSessionLedger, syncUrl } from '@svc-embed/host'; export { EVENT_NAMES } from '@svc-embed/protocol';");
const vueCost = (await gzipOfVueApp("export { SvcEmbed, provideSessionLedger, useSessionLedger } from '@svc-embed/vue';")) - SDK_IT_USES;
const vueEverything = (await gzipOfVueApp("export * from '@svc-embed/vue';")) - SDK_IT_USES;
rows.push(['(app) @svc-embed/vue over the SDK code it uses', vueCost, VUE_BUDGET, '<SvcEmbed> with provideSessionLedger/useSessionLedger, over createEmbed, createSessionLedger, syncUrl (vue external)', vueCost > VUE_BUDGET]);
rows.push(['(app) @svc-embed/vue, every export', vueEverything, null, 'the same with useEmbed, useRouterUrl and useUrlAdapter too', false]);
over += vueCost > VUE_BUDGET ? 1 : 0;

// Every other row takes its budget from BUNDLE_BUDGETS; a row without one fails: a new entry comes
// with its budget.
for (const row of rows.filter((measured) => measured[2] === null)) {
  row[2] = BUNDLE_BUDGETS[row[0]] ?? null;
  row[4] = row[2] === null || row[1] > row[2];
  over += row[4] ? 1 : 0;
}

const report = process.argv.includes('--report') ? resolve(root, process.argv[process.argv.indexOf('--report') + 1] ?? '') : join(root, 'reports', 'sizes.json');
mkdirSync(dirname(report), { recursive: true });
const asJson = (row) => ({ entry: row[0], bytes: row[1], budget: row[2], what: row[3], fails: row[4] });
writeFileSync(report, `${JSON.stringify({ rows: rows.map(asJson) }, null, 2)}\n`);

const width = Math.max(...rows.map((row) => row[0].length));
console.log(`${'entry'.padEnd(width)}  gzip bytes  budget      `);
for (const [file, size, budget, what, fails] of rows) {
  const budgetText = budget === null ? '-' : `${budget} (${(budget / KB).toFixed(1)} KB)`;
  const verdict = budget === null ? ' NO BUDGET' : ' OVER BUDGET';
  console.log(`${file.padEnd(width)}  ${String(size).padStart(10)}  ${budgetText.padEnd(16)}${fails ? verdict : ''}  ${what}`);
}
if (over) {
  console.error(`\n${over} entr${over === 1 ? 'y is' : 'ies are'} over budget or without one`);
  process.exit(1);
}

