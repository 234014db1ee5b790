// `npm run size`: prints the gzip size (level 9) of every IIFE and ESM entry and of the bundles an
// app makes (for production: the `production` condition and NODE_ENV, as Vite and webpack build;
// the host's script files and the React app in development too: every sentence), and fails when an entry is above its budget or has none. Run after `npm run build`.
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

/**
 * What the element's script file may cost over the host's: 1.5 KB until issue 29 gave the element a
 * mint budget of its own and a signed-out state (1,578 B over it after the size pass, plus about 2%).
 * Issue 39 (the did-you-mean warning of an attribute, the refusal of a property close to a known
 * one, the element's `mode`) took it to 1,798 B over the host's, plus about 2%.
 */
// Round 4 of issue 40: 1,844 B over the host's, plus about 2%: closestName (the element's did-you-mean
// warning and refusal) is now in the element's script file only, the host's production file dropped it.
// Issue 42: 1,977 B over the host's, plus about 2%: the keep-alive attributes' names, the `keepAlive`
// property, the refusal of keep-alive when it is not enabled, and an element that left in the same
// task parked first (+132 B); the keep-alive room itself is in svc-embed-element-keep-alive.min.js only.
const ELEMENT_OVER_HOST = 2_020;
/** [file, budget in bytes (or `host+`: the host file's measured bytes, the first row, plus ELEMENT_OVER_HOST) or null, what it is] */
const ENTRIES = [
  // Raised from 6.5 and 5.5 KB by the shared runtime, the explicit phases and the pure renewal step
  // of issue 11 (host +1,799 B, frame +786 B), then from 8.3 and 6.0 KB by issue 18's renewal as data
  // (effects as plain data, a state keyed by phase) and the four parts of each half (host +965 B,
  // frame +104 B): readability chosen over the budget the issue set, the cost in BENCHMARKS.md.
  // Issues 22 and 23 moved both: the host by the connection warm-up (+140 B) and syncUrl in the
  // script file (+880 B: script pages get deep links too; an npm app pays only when it imports it),
  // the frame by the stricter navigate path (+82 B). Issue 30 asked for 13,000 B at most and added
  // +508 B of checks: syncUrl's history pace (+168 B), the refusals of a sessionEndpoint on another
  // origin (+120 B), of a lazy or timings no function made and of a margin IntersectionObserver
  // would not take (+160 B), of a baseUrl with a path and a param that is no plain name (+70 B), the
  // surface's navigate paths checked (+30 B); urlParam, for the bindings only, stays out (script.ts).
  // Then issue 29's sign-out truth (+880 B: the logout answer, the endpoint's sign-out retried, the
  // channel's message checked) took it past 13.2 KB; a size pass took back 45 B (terser's third pass,
  // a copy of the destroyed error) and found little else short of shorter messages (the 46 messages
  // are about 1.1 KB of the gzip) or renamed properties: the budget is what it measured then plus
  // about 2%, the 13,000 B that issue 30 asked for not reached.
  // Issue 39 (the browser's word is true) took it to 15,268 B with items 1-4 (ids counted only when
  // confirmed, the viewer's tag, only trusted CSP events, the option names checked with did-you-mean,
  // signed or private said out loud), then item 5 to 15,813 B: the server's reasons in the
  // LogoutResult (+545 B after a size pass took 152 B back: one sentence for the three mode
  // refusals, the sign-out sentences sharing their start, the reasons' order the sentences' keys):
  // the parsing of reason and ledgerSince, Retry-After, the most serious reason, and 7 sentences for
  // the viewer. Measured plus about 2%; the cap of 14,450 B is not reached.
  // Issue 40 (messages in two builds): the script file is the production build, its sentences
  // dropped (each failure says its code, its data and a link to the README's row): 15,813 B to
  // 14,868 B (-945 B). The 13,300 B is not reached: the 33 sentences left (the protocol's
  // refusals of an action, the viewer's logout messages, which are API, the debug log's reasons) are
  // about 600 B at most; the rest is code. Measured plus about 2%.
  // Issue 40's failure lines (the connect-src watch as csp-blocked, the proxy's bare 5xx, the backend's
  // message quoted, the frame-silent wait) took it to 15,364 B; a size pass took back 409 B (no
  // did-you-mean in production, the protocol's own #dev-mode, the renewal's debug reasons): 14,955 B.
  // Measured plus about 2%; 13,300 B (the issue's) not reached: what remains is code, not sentences.
  ['packages/host/dist/iife/svc-embed.min.js', 15_260, 'host <script>, production: everything bundled, schemas on the zod/mini subset runtime, no sentences'],
  // The development files (issue 40): unminified, every sentence; what a page pays while it is built.
  // Raised by issue 40's failure lines (each a sentence here) and the protocol's sentences kept: measured plus about 2%.
  ['packages/host/dist/iife/svc-embed.js', 25_870, 'host <script>, development: unminified, every sentence'],
  // Measured plus about 2% (round 4 of issue 40 set every budget so).
  ['packages/frame/dist/iife/svc-embed-frame.min.js', 6_180, 'frame <script>: everything bundled, schemas on the zod/mini subset runtime'],
  // The element's script file may cost at most ELEMENT_OVER_HOST more than the host's (budget set below from it).
  ['packages/host/dist/iife/svc-embed-element.min.js', 'host+', 'host <script> plus <svc-embed> registered, production'],
  // Raised as the host's development file (issue 40's failure lines): measured plus about 2%.
  ['packages/host/dist/iife/svc-embed-element.js', 28_580, 'host <script> plus <svc-embed> registered, development: unminified, every sentence'],
  // Issue 42: the element's script file with its keep-alive attribute enabled (the keep-alive room
  // bundled, which svc-embed-element.min.js does not carry: see the marks row below). Measured plus about 2%; then raised by the overlay's focus
  // guards (about +680 B gzip, +300 B over the budget's margin: the focus order, issue 42).
  ['packages/host/dist/iife/svc-embed-element-keep-alive.min.js', 20_130, 'host <script> plus <svc-embed> with keep-alive enabled, production'],
  ['packages/host/dist/iife/svc-embed-element-keep-alive.js', 32_900, 'host <script> plus <svc-embed> with keep-alive enabled, development: unminified, every sentence'],
  // The ESM files and every bundle below got their budgets in issue 33: the figure measured then plus
  // about 2% (at least 16 B), rounded up to 10 B: room for a small fix, not for a feature. Raise one
  // in the change that needs it, saying why here. Issue 30 raised, the same way: the host's index
  // (it re-exports script.ts, and urlParam), the element's entry (whenVisible and recordTimings,
  // always), Vue's (the sync-url prop's refusal of a bare name, which says what to write).
  // Raised by issue 40: the protocol's ESM files hold both the long sentence and the short form of its refusals (the app's bundler keeps one, by its `#dev-mode`).
  ['packages/protocol/dist/esm/index.js', 4450, 'protocol ESM (zod external)'],
  // Raised from 180 B in issue 30: the entry holds requiredCsp (used by no embed; an app that does not import it carries none of it) and urlParam;
  // to 665 B when requiredCsp refused a malformed absolute URL with invalid-option instead of a bare TypeError (+18 B).
  // To 680 B by issue 40: the npm files hold both the sentence and the data of each message (the app's bundler keeps one, by `#dev-mode`).
  // Issue 42: the entry holds sessionFromPage (the page's first id), keepAlive and preloadEmbed, which
  // only the package's entry exports (an app carries them only when it imports them: see their own
  // rows below); measured plus about 2%. Then preloadOnIntent (a link's hover or focus; +261 B): 4,808 B, plus about 2%.
  // Then <svc-embed>'s enableKeepAlive made the keep-alive room shared by both entries: rollup put it,
  // and what index.js held of the embed, in the chunk they share (not measured here), so the file is
  // 1,924 B: plus about 2%. What an app pays is measured by the (app) rows below.
  // Then the overlay's focus guards (keep-alive's focus order, issue 42) went into that shared chunk too.
  ['packages/host/dist/esm/index.js', 1_970, 'host ESM (protocol, nanoevents external)'],
  // Raised from 2,540 B by issue 29: the element's own mint budget and its signed-out state.
  // To 3,060 B by issue 39: the did-you-mean warning of an attribute, the refusal of a property, `mode`.
  // To 3,140 B by issue 40: both the sentence and the data of each message, as the host's index.
  // To 3,454 B by issue 42: enableKeepAlive (the keep-alive attributes read) and the element's side of
  // keep-alive (the refusal when not enabled, an element that left parked first), plus about 2%.
  ['packages/host/dist/esm/element.js', 3_530, 'the @svc-embed/host/element entry ESM (the rest of host external)'],
  // Issue 42: + the keepAlive prop's layout-effect clean-up and the re-exports of keepAlive and preloadEmbed; measured plus about 2%.
  // Then usePreloadEmbed (+140 B): 2,150 B, plus about 2%.
  ['packages/react/dist/esm/index.js', 2_190, '@svc-embed/react ESM (react, host external)'],
  // Raised by issue 39: Vue's props checked for unknown names with did-you-mean.
  // To 2,540 B by issue 40: Vue's refusals made visible (said, not only thrown).
  // Issue 42: the first-session prop and usePreloadEmbed (+117 B): 2,622 B, plus about 2%.
  ['packages/vue/dist/esm/index.js', 2_680, '@svc-embed/vue ESM (vue, host external)'],
  ['packages/frame/dist/esm/index.js', 5430, 'frame ESM (protocol, nanoevents external)'],
];
/**
 * The budgets of the bundles measured below, by row (issue 33, set as said above the ESM files). The
 * host's rose in issue 30 by what naming failures costs (the codes, the session endpoint's refusals,
 * the watch on the page's policy, frame-silent, the console line: about 490 B; an app's bundler has
 * no terser pass to pay for it, as the script files do), and the whole host's (`import *`) by
 * requiredCsp, whenVisible, recordTimings, urlParam and the option checks, which an app that imports
 * createEmbed alone does not carry; Vue's every export too (its router hooks bring syncUrl along now:
 * its <SvcEmbed> does not). Issue 29's sign-out truth (the logout answer, its retries, the channel's
 * message checked) then took the host's rows past theirs, on top of issue 30's diagnostics and
 * refusals: they are the size pass's figures plus about 2% again. Issue 39 (the browser's word is
 * true, see the host's row) raised the host's rows once more: measured plus about 2%. Issue 40
 * built them for production (the `production` condition, as Vite and webpack do: no sentence) and
 * lowered the host's rows to that plus about 2% (about 1 KB less each). Round 4 of issue 40 set
 * every row to what it measured plus about 2%: the host's rows raised by the failure lines (the
 * connect-src watch, the proxy's bare 5xx, the backend's message quoted, the frame-silent wait), the
 * protocol's and the frame's lowered by the protocol's production build (its sentences out).
 */
const BUNDLE_BUDGETS = {
  '(npm) import * from @svc-embed/protocol': 8260,
  '(npm) import { parseEventMessage }': 7320,
  // Issue 42: + sessionFromPage, the mint-first start, keepAlive and preloadEmbed (every export), measured plus about 2%.
  // Then the overlay's focus guards (keep-alive's focus order): +704 B, raised by that.
  '(npm) import * from @svc-embed/host': 24_714,
  '(npm) import * from @svc-embed/frame': 11280,
  '(npm, zod/mini aliased) @svc-embed/host': 19_751,
  '(npm, zod/mini aliased) @svc-embed/frame': 6300,
  '(npm) the zod/mini subset runtime': 680,
  '(npm) zod/mini, the kinds the protocol uses': 5720,
  '(app) createEmbed, default': 19700,
  '(app) createEmbed, zod/mini aliased': 14790,
  '(app) createEmbed, app already has zod': 14500,
  '(app) createFrame, default': 11170,
  '(app) createFrame, zod/mini aliased': 6180,
  '(app) createFrame, app already has zod': 5960,
  // Issue 42: every export now includes keepAlive and preloadEmbed (re-exported from the host, as
  // whenVisible is): their own cost, about 2 KB; measured plus about 2%.
  // Then usePreloadEmbed and the first-session prop: 4,976 B, plus about 2%. Then the overlay's
  // focus guards (keep-alive's focus order): +705 B, raised by that. Then an adopter's ready event
  // (a kept embed's ready told again to the adopter's listeners): +90 B, raised by that.
  '(app) @svc-embed/vue, every export': 5_875,
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
  const budget = declared === null ? null : Math.round(declared === 'host+' ? rows[0][1] + ELEMENT_OVER_HOST : declared);
  if (!existsSync(path)) {
    console.error(`missing ${file}: run npm run build first`);
    process.exit(1);
  }
  const size = gzip(readFileSync(path));
  const fails = budget !== null && size > budget;
  over += fails ? 1 : 0;
  rows.push([file, size, budget, what, fails]);
}

/**
 * What an app's bundler emits for the module `contents`: bundled, minified, ESM, for `mode`
 * (`production` by default): the export condition of that name and `process.env.NODE_ENV`, as Vite
 * and webpack set both by mode (`#dev-mode` of @svc-embed/host resolves by the condition). `options`
 * are esbuild's for the app at hand (`alias`, `external`, a `loader` other than `js`, `jsx`).
 */
async function appCode(contents, { loader = 'js', mode = 'production', ...options } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader }, bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent',
    conditions: [mode], define: { 'process.env.NODE_ENV': JSON.stringify(mode) }, ...options,
  });
  return result.outputFiles[0].contents;
}

/**
 * The row that proves an app without `feature` carries none of it: how many of its `marks` are in
 * `without` (none may be), and whether all of them are in `withIt` (so the proof cannot pass by accident).
 */
function marksRow(entry, feature, marks, { without, withIt }) {
  const count = (code) => marks.filter((mark) => Buffer.from(code).toString('utf8').includes(mark)).length;
  const carried = count(without);
  const proven = count(withIt) === marks.length;
  const fails = carried > 0 || !proven;
  rows.push([entry, carried, 0, `of ${feature}'s ${marks.length} mark${marks.length === 1 ? '' : 's'} (all found in the app that uses it: ${proven})`, fails]);
  over += fails ? 1 : 0;
}

// What an app's bundler emits (minified, zod/mini included) for a given import.
async function bundled(label, contents, what, alias) {
  rows.push([label, gzip(await appCode(contents, { alias })), null, what, false]);
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
const gzipOfApp = async (contents, alias) => gzip(await appCode(contents, { alias }));
const OWN_ZOD = "import * as z from 'zod/mini'; export const signup = z.object({ email: z.string(), age: z.optional(z.number()), plan: z.enum(['free', 'pro']) }); export const check = (value) => signup.safeParse(value).success;";
const APPS = {
  host: "import { createEmbed } from '@svc-embed/host'; export const embed = () => createEmbed({ mode: 'private', baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#analytics' });",
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
// the other parameters kept byte for byte, a readable `?dash=/orders` and back pressed twice, then
// to 1,100 B by issue 30: the surface's navigate paths checked and the history it writes paced;
// to 990 B (measured plus about 2%) in round 4 of issue 40, which set every budget so.
const SYNC_URL_BUDGET = 990;
// Issue 40: a production build has no sentence, so the marks are code: the name the refusals give as their data.
const SYNC_URL_MARKS = ['popstate', '"syncUrl"'];
const syncApp = APPS.host.replace('import { createEmbed }', 'import { createEmbed, syncUrl }').replace("=> createEmbed(", "=> syncUrl(createEmbed(").replace("'#analytics' });", "'#analytics' }), { param: 'dash' });");
const [withSync, withoutSync] = await Promise.all([appCode(syncApp), appCode(APPS.host)]);
const syncCost = gzip(withSync) - gzip(withoutSync);
rows.push(['(app) createEmbed + syncUrl, added', syncCost, SYNC_URL_BUDGET, 'what syncUrl adds to the createEmbed app once it is used', syncCost > SYNC_URL_BUDGET]);
over += syncCost > SYNC_URL_BUDGET ? 1 : 0;
marksRow('(app) createEmbed, syncUrl marks in it', 'syncUrl', SYNC_URL_MARKS, { without: withoutSync, withIt: withSync });

// The page's first id (issue 42): sessionFromPage is its own function, as syncUrl is: what an app
// pays once it uses it, and proof that an app that does not import it carries none of it (its
// marks: the sessionStorage key of the ids used, and the storage it reads). The hook it needs in
// createEmbed (the option's name, its refusal, the start with the page's id) is in every app: about
// 65 B of the host's script. Budget: measured plus about 2%.
const FIRST_SESSION_BUDGET = 340;
const FIRST_SESSION_MARKS = ['svc-embed:page-ids', 'sessionStorage'];
const firstSessionApp = APPS.host.replace('import { createEmbed }', 'import { createEmbed, sessionFromPage }').replace("mode: 'private',", "sessionEndpoint: '/api/embed-session', firstSession: sessionFromPage(),");
const withFirstSession = await appCode(firstSessionApp);
const firstSessionCost = gzip(withFirstSession) - gzip(await appCode(firstSessionApp.replace(', sessionFromPage }', ' }').replace(' firstSession: sessionFromPage(),', '')));
rows.push(['(app) createEmbed + sessionFromPage, added', firstSessionCost, FIRST_SESSION_BUDGET, 'what sessionFromPage adds to a createEmbed app once it is used', firstSessionCost > FIRST_SESSION_BUDGET]);
over += firstSessionCost > FIRST_SESSION_BUDGET ? 1 : 0;
marksRow('(app) createEmbed, sessionFromPage marks in it', 'sessionFromPage', FIRST_SESSION_MARKS, { without: withoutSync, withIt: withFirstSession });

// <SvcEmbed sessionEndpoint> in a React app (issue 30): what it adds to a minimal React app
// (react-dom's createRoot rendering it, React bundled too, built for production as an app's bundler
// does: the difference of two bundles), by default (real zod/mini comes along) and with zod/mini
// aliased to the subset (the README's alias); then proof that such an app carries none of lazy,
// timings and syncUrl: their marks are in no other code, and all of them are in the app that uses
// the three (lazy={whenVisible()}, timings={recordTimings()}, syncUrl={urlParam('dash')}), so the
// proof cannot pass by accident. Budgets: the 12,500 B aliased; by default the issue asked
// for 16,000 B, but real zod/mini alone costs 4,810 B over the subset here (4,400 B for any use of
// it), so the default is held to what the aliased budget leaves it: 17,400 B. Raised with the host's
// rows (issues 29 and 30: sign-out truth, diagnostics, refusals) to the size pass's figures plus about 2%.
// Issue 39 raised them with the host's rows (measured plus about 2%). Issue 40 built the app for
// production as Vite and webpack do (the `production` condition too: no sentence) and asked for
// 17,500 B by default: 19,469 B measured (20,508 B before), not reached: the rest is code. Budgets:
// measured plus about 2%; the development row (every sentence, React's development build on both
// sides of the difference) has its own.
// Issue 40 asked for 17,500 B by default in production; the development row (every sentence) has a budget too.
// Round 4: raised by the failure lines, as the host's rows (19,902 B measured after the size pass, not 17,500 B); measured plus about 2%.
const REACT_BUDGETS = { default: 20_310, aliased: 15_390, development: 22_020 };
// React itself says 'popstate' and 'syncUrl' (a prop it follows): here syncUrl's marks are the
// history it writes and the query parameter it reads (its messages were the marks until issue 40
// took the sentences out of production builds).
const OPT_IN_MARKS = { lazy: ['IntersectionObserver'], timings: [' created to '], syncUrl: ['pushState', 'URLSearchParams'] };
const reactApp = (embed) => `import { createRoot } from 'react-dom/client'; ${embed ? "import { SvcEmbed, recordTimings, urlParam, whenVisible } from '@svc-embed/react'; " : ''}export const mount = (element) => createRoot(element).render(${embed ?? '<div />'});`;
const reactCode = (embed, alias, mode = 'production') => appCode(reactApp(embed), { loader: 'jsx', jsx: 'automatic', alias, mode });
const PLAIN_SVC_EMBED = "<SvcEmbed baseUrl='https://tenant.example' publicId='d-42' sessionEndpoint='/api/embed-session' />";
const EVERY_OPT_IN = "<SvcEmbed baseUrl='https://tenant.example' publicId='d-42' sessionEndpoint='/api/embed-session' lazy={whenVisible()} timings={recordTimings()} syncUrl={urlParam('dash')} />";
const REACT_ROWS = [
  ['default', undefined, 'production', 'default', ' (real zod/mini comes along)'],
  ['aliased', subset, 'production', 'zod/mini aliased', ', zod/mini aliased to the subset'],
  ['development', undefined, 'development', 'development', ' built for development (every sentence; React in development too, on both sides of the difference)'],
];
for (const [name, alias, mode, label, what] of REACT_ROWS) {
  const added = gzip(await reactCode(PLAIN_SVC_EMBED, alias, mode)) - gzip(await reactCode(undefined, alias, mode));
  const budget = REACT_BUDGETS[name];
  rows.push([`(app) React <SvcEmbed sessionEndpoint>, ${label}`, added, budget, `what <SvcEmbed sessionEndpoint> adds to a React app${what}`, added > budget]);
  over += added > budget ? 1 : 0;
}
const [plainReact, everyOptIn] = await Promise.all([reactCode(PLAIN_SVC_EMBED), reactCode(EVERY_OPT_IN)]);
for (const [feature, marks] of Object.entries(OPT_IN_MARKS)) {
  marksRow(`(app) React <SvcEmbed sessionEndpoint>, ${feature} marks in it`, feature, marks, { without: plainReact, withIt: everyOptIn });
}
// The same proof for lazy and timings in the plain createEmbed app (syncUrl's is above).
const hostWithBoth = await appCode(APPS.host.replace('import { createEmbed }', 'import { createEmbed, recordTimings, whenVisible }').replace("'#analytics' });", "'#analytics', lazy: whenVisible(), timings: recordTimings() });"));
for (const feature of ['lazy', 'timings']) {
  marksRow(`(app) createEmbed, ${feature} marks in it`, feature, OPT_IN_MARKS[feature], { without: withoutSync, withIt: hostWithBoth });
}

// keepAlive and preloadEmbed (issue 42) are imports too: what an app pays once it uses both (the
// difference of two bundles), and proof that the createEmbed app carries none of them (their marks,
// the slot's attribute and the engine's moveBefore, are in no other code; both are in the app that
// uses them, so the proof cannot pass by accident). Budget: measured plus about 2%.
// Then 2,109 B: the kept embed's face made for <svc-embed> too (its ledger, the overlay forced): plus about 2%.
// Then the overlay's focus guards (+705 B: the overlay keeps the page's focus order, issue 42).
// Then an adopter's ready event (+72 B: the kept embed's last ready told again to the adopter's listeners).
const KEEP_ALIVE_BUDGET = 2_945;
const KEEP_ALIVE_MARKS = ['data-svc-embed-kept', 'moveBefore'];
const keepApp = APPS.host.replace('import { createEmbed }', 'import { createEmbed, keepAlive, preloadEmbed }').replace("'#analytics' });", "'#analytics', keepAlive: keepAlive('reports') }); export const preload = () => preloadEmbed({ mode: 'private', baseUrl: 'https://tenant.example', publicId: 'd-42', keepAlive: keepAlive('reports') });");
const withKeep = await appCode(keepApp);
const keepCost = gzip(withKeep) - gzip(withoutSync);
rows.push(['(app) createEmbed + keepAlive + preloadEmbed, added', keepCost, KEEP_ALIVE_BUDGET, 'what keepAlive and preloadEmbed add to the createEmbed app once both are used', keepCost > KEEP_ALIVE_BUDGET]);
over += keepCost > KEEP_ALIVE_BUDGET ? 1 : 0;
marksRow('(app) createEmbed, keepAlive marks in it', 'keepAlive', KEEP_ALIVE_MARKS, { without: withoutSync, withIt: withKeep });

// <svc-embed keep-alive> (issue 42) is opt in as well: `enableKeepAlive()` from the element's entry,
// or the script file svc-embed-element-keep-alive.min.js. What an element app pays once it calls it
// (the difference of two bundles), and proof that the element app that does not, and the element's
// own script file, carry none of the keep-alive room (its marks, as above). Budget: measured plus about 2%;
// then raised by the overlay's focus guards (+712 B), which a keep-alive element always uses; then
// by an adopter's svc-ready (+80 B: the kept embed's last ready told again to the adopter).
const ELEMENT_KEEP_ALIVE_BUDGET = 2_930;
const ELEMENT_APP = "import '@svc-embed/host/element';";
const [withElementKeep, withoutElementKeep] = await Promise.all([appCode("import { enableKeepAlive } from '@svc-embed/host/element'; enableKeepAlive();"), appCode(ELEMENT_APP)]);
const elementKeepCost = gzip(withElementKeep) - gzip(withoutElementKeep);
rows.push(['(app) <svc-embed> + enableKeepAlive, added', elementKeepCost, ELEMENT_KEEP_ALIVE_BUDGET, 'what enableKeepAlive adds to an app that imports @svc-embed/host/element', elementKeepCost > ELEMENT_KEEP_ALIVE_BUDGET]);
over += elementKeepCost > ELEMENT_KEEP_ALIVE_BUDGET ? 1 : 0;
marksRow('(app) <svc-embed>, keepAlive marks in it', 'keepAlive', KEEP_ALIVE_MARKS, { without: withoutElementKeep, withIt: withElementKeep });
const scriptFile = (name) => readFileSync(join(root, 'packages/host/dist/iife', name));
marksRow('svc-embed-element.min.js, keepAlive marks in it', 'keepAlive', KEEP_ALIVE_MARKS, { without: scriptFile('svc-embed-element.min.js'), withIt: scriptFile('svc-embed-element-keep-alive.min.js') });

// @svc-embed/vue (issue 32): what the Vue package adds to a Vue app over the SDK code it uses
// (createEmbed, createSessionLedger, the event names; syncUrl only comes with the sync-url prop's
// value since issue 30), vue left out (the app has it
// anyway), bundled and minified as a Vite app's build does. The budgeted app is the usual one:
// <SvcEmbed> under provideSessionLedger(); its other exports (useEmbed, useRouterUrl for deep links
// with Vue Router, useUrlAdapter) are measured all together, without a budget. Budget: 1 KB, then
// 1,100 B by issue 30: the sync-url prop's refusal of a bare name, which says what to write
// (syncUrl itself no longer comes along: about 1 KB less for a Vue app without deep links).
// 1,130 B by issue 39: 1,101 B measured (a difference of two bundles, it moves with the host's code
// around it: 1,092 B before the logout reasons), plus about 2%.
// To 1,220 B by issue 40: Vue's refusals made visible (measured plus about 2%).
const VUE_BUDGET = 1_220;
const gzipOfVueApp = async (contents) => gzip(await appCode(contents, { external: ['vue'] }));
const SDK_IT_USES = await gzipOfVueApp("export { createEmbed, createSessionLedger, EmbedError } from '@svc-embed/host'; export { EVENT_NAMES } from '@svc-embed/protocol';");
const vueCost = (await gzipOfVueApp("export { SvcEmbed, provideSessionLedger, useSessionLedger } from '@svc-embed/vue';")) - SDK_IT_USES;
const vueEverything = (await gzipOfVueApp("export * from '@svc-embed/vue';")) - SDK_IT_USES;
rows.push(['(app) @svc-embed/vue over the SDK code it uses', vueCost, VUE_BUDGET, '<SvcEmbed> with provideSessionLedger/useSessionLedger, over createEmbed, createSessionLedger (vue external)', vueCost > VUE_BUDGET]);
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

