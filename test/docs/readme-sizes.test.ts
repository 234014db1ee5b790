// The size figures of the READMEs are what `npm run size` measures: it runs here and writes its rows
// as JSON, and each figure below must be its row's bytes or budget (`12,982`), or about that in KB
// (`about 12.7 KB`, 1 KB = 1024 B, one decimal). Every other number of bytes in a README's prose is
// listed below as no measurement (history, other SDKs), with why; a figure that is neither fails,
// and so does a row of the root README's table of all entries that no figure reads. Needs a build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readmeFiles, readText, ROOT } from './readme-files.js';

/** A row of `npm run size`, by its entry. */
type Sizes = Map<string, { bytes: number; budget: number | null }>;

const HOST_SCRIPT = 'packages/host/dist/iife/svc-embed.min.js';
const FRAME_SCRIPT = 'packages/frame/dist/iife/svc-embed-frame.min.js';
const ELEMENT_SCRIPT = 'packages/host/dist/iife/svc-embed-element.min.js';
const APP_HOST = '(app) createEmbed, default';
const APP_HOST_ALIASED = '(app) createEmbed, zod/mini aliased';
const APP_FRAME = '(app) createFrame, default';
const SUBSET = '(npm) the zod/mini subset runtime';
const ZOD_KINDS = '(npm) zod/mini, the kinds the protocol uses';
const SYNC_URL = '(app) createEmbed + syncUrl, added';
const FIRST_SESSION = '(app) createEmbed + sessionFromPage, added';
const KEEP_ALIVE = '(app) createEmbed + keepAlive + preloadEmbed, added';
const ELEMENT_KEEP_ALIVE = '(app) <svc-embed> + enableKeepAlive, added';
const ELEMENT_KEEP_ALIVE_SCRIPT = 'packages/host/dist/iife/svc-embed-element-keep-alive.min.js';
const VUE = '(app) @svc-embed/vue over the SDK code it uses';
const REACT = '(app) React <SvcEmbed sessionEndpoint>, default';
const REACT_ALIASED = '(app) React <SvcEmbed sessionEndpoint>, zod/mini aliased';
const REACT_MARKS = ['lazy', 'timings', 'syncUrl'].map((feature) => `(app) React <SvcEmbed sessionEndpoint>, ${feature} marks in it`);
const HOST_MARKS = ['lazy', 'timings'].map((feature) => `(app) createEmbed, ${feature} marks in it`);

/** How a figure is written from the measured rows. */
type Shown = (sizes: Sizes) => string;
const row = (sizes: Sizes, entry: string) => {
  const found = sizes.get(entry);
  if (!found) throw new Error(`npm run size has no row "${entry}"`);
  return found;
};
const bytes = (entry: string): Shown => (sizes) => row(sizes, entry).bytes.toLocaleString('en-US');
const budget = (entry: string): Shown => (sizes) => (row(sizes, entry).budget ?? NaN).toLocaleString('en-US');
const kb = (entry: string, less?: string): Shown => (sizes) => ((row(sizes, entry).bytes - (less ? row(sizes, less).bytes : 0)) / 1024).toFixed(1);

/** A figure of a README: where it stands (each group of `pattern` one number) and what each number must be. */
interface Figure {
  file: string;
  pattern: RegExp;
  shown: Shown[];
}

const NUMBER = '([\\d,.]+)';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A sentence with `#` where each number stands. */
const text = (file: string, sentence: string, shown: Shown[]): Figure => ({ file, pattern: new RegExp(escape(sentence).replaceAll('#', NUMBER)), shown });
/** A row of a README table: its first cell starts with `start`, the next cells hold the numbers. */
const tableRow = (file: string, start: string, shown: Shown[]): Figure => ({
  file, pattern: new RegExp(`\\| ${escape(start)}[^|]*${shown.map(() => `\\| ${NUMBER}(?: B)? `).join('')}\\|`), shown,
});

const FIGURES: Figure[] = [
  text('README.md', 'a script-tag build of about # KB gzip', [kb(HOST_SCRIPT)]),
  tableRow('README.md', '`@svc-embed/host` (`createEmbed`) from npm', [bytes(APP_HOST), bytes('(app) createEmbed, app already has zod'), bytes(APP_HOST_ALIASED)]),
  tableRow('README.md', '`@svc-embed/frame` (`createFrame`) from npm', [bytes(APP_FRAME), bytes('(app) createFrame, app already has zod'), bytes('(app) createFrame, zod/mini aliased')]),
  text('README.md', '| `syncUrl` on top of `createEmbed` | # B more', [bytes(SYNC_URL)]),
  text('README.md', '| the `<script>` files (subset built in) | host # B, frame # B', [bytes(HOST_SCRIPT), bytes(FRAME_SCRIPT)]),
  text('README.md', "saves about # KB by aliasing `zod/mini` to the SDK's # KB subset runtime", [kb(APP_HOST, APP_HOST_ALIASED), kb(SUBSET)]),
  tableRow('README.md', 'host `<script>`', [bytes(HOST_SCRIPT), budget(HOST_SCRIPT)]),
  tableRow('README.md', 'frame `<script>`', [bytes(FRAME_SCRIPT), budget(FRAME_SCRIPT)]),
  tableRow('README.md', 'an app bundling `@svc-embed/host` from npm', [bytes('(npm) import * from @svc-embed/host'), budget('(npm) import * from @svc-embed/host')]),
  tableRow('README.md', 'an app bundling `@svc-embed/frame` from npm', [bytes('(npm) import * from @svc-embed/frame'), budget('(npm) import * from @svc-embed/frame')]),
  tableRow('README.md', 'an app importing only the protocol', [bytes('(npm) import * from @svc-embed/protocol'), budget('(npm) import * from @svc-embed/protocol')]),
  tableRow('README.md', 'an app bundling `@svc-embed/host` with `zod/mini` aliased', [bytes('(npm, zod/mini aliased) @svc-embed/host'), budget('(npm, zod/mini aliased) @svc-embed/host')]),
  text('README.md', '| what `syncUrl` adds to an app that uses `createEmbed`; its marks in an app that does not import it | #; # | #; # |', [
    bytes(SYNC_URL), bytes('(app) createEmbed, syncUrl marks in it'), budget(SYNC_URL), budget('(app) createEmbed, syncUrl marks in it'),
  ]),
  text('README.md', '| `keepAlive(key)` and `preloadEmbed` on top of `createEmbed` | # B more', [bytes(KEEP_ALIVE)]),
  text('README.md', '| what `keepAlive` and `preloadEmbed` add to an app that uses `createEmbed`; their marks in an app that does not import them | #; # | #; # |', [
    bytes(KEEP_ALIVE), bytes('(app) createEmbed, keepAlive marks in it'), budget(KEEP_ALIVE), budget('(app) createEmbed, keepAlive marks in it'),
  ]),
  text('README.md', '| `<svc-embed keep-alive>`: `enableKeepAlive()` on top of the element; the script file with it over `svc-embed-element.min.js` | # B more; # B more (none when not used) | | |', [
    bytes(ELEMENT_KEEP_ALIVE), (sizes) => (row(sizes, ELEMENT_KEEP_ALIVE_SCRIPT).bytes - row(sizes, ELEMENT_SCRIPT).bytes).toLocaleString('en-US'),
  ]),
  text('README.md', '| what `enableKeepAlive()` adds to an app that imports `@svc-embed/host/element`; the keep-alive marks in such an app without it, and in `svc-embed-element.min.js` | #; #; # | #; #; # |', [
    bytes(ELEMENT_KEEP_ALIVE), bytes('(app) <svc-embed>, keepAlive marks in it'), bytes('svc-embed-element.min.js, keepAlive marks in it'),
    budget(ELEMENT_KEEP_ALIVE), budget('(app) <svc-embed>, keepAlive marks in it'), budget('svc-embed-element.min.js, keepAlive marks in it'),
  ]),
  tableRow('README.md', 'the element `<script>` with keep-alive', [bytes(ELEMENT_KEEP_ALIVE_SCRIPT), budget(ELEMENT_KEEP_ALIVE_SCRIPT)]),
  tableRow('README.md', 'what `@svc-embed/vue`', [bytes(VUE), budget(VUE)]),
  text('README.md', '| `@svc-embed/react`: `<SvcEmbed sessionEndpoint>` in a React app | # B (`lazy`, `timings`, `syncUrl`: none when not used) | | # B |', [bytes(REACT), bytes(REACT_ALIASED)]),
  text('README.md', '| the marks of `lazy` and of `timings` in an app that uses `createEmbed` without them | #; # | #; # |', [...HOST_MARKS.map(bytes), ...HOST_MARKS.map(budget)]),
  text('README.md', '| `firstSession: sessionFromPage()` on top of `createEmbed` | # B more', [bytes(FIRST_SESSION)]),
  text('README.md', '| what `sessionFromPage` adds to an app that uses `createEmbed`; its marks in an app that does not import it | #; # | #; # |', [
    bytes(FIRST_SESSION), bytes('(app) createEmbed, sessionFromPage marks in it'), budget(FIRST_SESSION), budget('(app) createEmbed, sessionFromPage marks in it'),
  ]),
  text('README.md', 'adds to a React app (React bundled, for production): by default; with `zod/mini` aliased | #; # | #; # |', [bytes(REACT), bytes(REACT_ALIASED), budget(REACT), budget(REACT_ALIASED)]),
  text('README.md', '| the marks of `lazy`, `timings` and `syncUrl` in that React app | #; #; # | #; #; # |', [...REACT_MARKS.map(bytes), ...REACT_MARKS.map(budget)]),
  text('packages/react/README.md', '`<SvcEmbed sessionEndpoint>` adds # B gzip to a React app (real zod/mini comes along), # B with zod/mini aliased', [bytes(REACT), bytes(REACT_ALIASED)]),
  text('README.md', ': # B, still well under', [bytes(HOST_SCRIPT)]),
  text('README.md', 'zod/mini alone costs about # KB gzip for the schema kinds the protocol uses', [kb(ZOD_KINDS)]),
  text('README.md', 'a # KB implementation of exactly the subset', [kb(SUBSET)]),
  text('packages/host/README.md', 'About # KB gzip as a `<script>`', [kb(HOST_SCRIPT)]),
  text('packages/host/README.md', 'one that does pays about # KB gzip', [kb(SYNC_URL)]),
  text('packages/host/README.md', 'plus the element registered, about # KB gzip more', [kb(ELEMENT_SCRIPT, HOST_SCRIPT)]),
  text('packages/host/README.md', 'call `enableKeepAlive()` once (# B gzip more for the app)', [bytes(ELEMENT_KEEP_ALIVE)]),
  text('packages/host/README.md', '(development: `svc-embed-element-keep-alive.js`), about # KB gzip more', [kb(ELEMENT_KEEP_ALIVE_SCRIPT, ELEMENT_SCRIPT)]),
  text('packages/frame/README.md', 'everything bundled, about # KB gzip', [kb(FRAME_SCRIPT)]),
  text('packages/protocol/README.md', 'in about # KB gzip instead of about # KB', [kb(SUBSET), kb(ZOD_KINDS)]),
  text('packages/protocol/README.md', 'can do the same in its bundler and save about # KB', [kb(APP_HOST, APP_HOST_ALIASED)]),
  text('packages/vue/README.md', '`<SvcEmbed>` with the provided ledger # B (budget # B, enforced by `npm run size`), every export # B', [
    bytes(VUE), budget(VUE), bytes('(app) @svc-embed/vue, every export'),
  ]),
];

/** Numbers of bytes that measure nothing today: the paragraph (from where `from` stands to its end) and why. */
const NO_MEASUREMENT = [
  { file: 'README.md', from: 'The budgets of both `<script>` files went up', why: 'the history of the budgets: what each change cost when it was made' },
  { file: 'README.md', from: 'For comparison', why: "other SDKs' sizes, from the peers' survey" },
  { file: 'README.md', from: 'an 8 KB budget', why: 'the first budget of the script files, long since raised' },
];

/** A README's prose as one line per paragraph (code blocks left out), each run of white space one space. */
const paragraphs = (file: string) =>
  readText(file).replace(/```[\s\S]*?```/g, '\n\n').split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s+/g, ' ').trim());
const prose = (file: string) => paragraphs(file).join('\n');

let sizes: Sizes;
beforeAll(() => {
  const report = join(mkdtempSync(join(tmpdir(), 'readme-sizes-')), 'sizes.json');
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'size.mjs'), '--report', report], { cwd: ROOT, encoding: 'utf8' });
  if (run.error || run.signal) throw new Error(`npm run size did not run: ${run.error?.message ?? run.signal}`);
  const { rows } = JSON.parse(readFileSync(report, 'utf8')) as { rows: { entry: string; bytes: number; budget: number | null }[] };
  if (rows.length === 0) throw new Error(`npm run size measured nothing: ${run.stderr}`);
  sizes = new Map(rows.map(({ entry, ...measured }) => [entry, measured]));
}, 60_000);

describe("the READMEs' size figures", () => {
  it('are what npm run size measures (update the README to the figure it prints)', () => {
    const wrong: string[] = [];
    for (const figure of FIGURES) {
      const found = figure.pattern.exec(prose(figure.file));
      if (!found) {
        wrong.push(`${figure.file}: no longer says ${figure.pattern}: update FIGURES in this test`);
        continue;
      }
      const expected = figure.shown.map((shown) => shown(sizes));
      const said = found.slice(1);
      if (said.join(' | ') !== expected.join(' | ')) wrong.push(`${figure.file}: "${found[0]}" says ${said.join(', ')}; npm run size measures ${expected.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('are each a figure above or listed as no measurement, with why', () => {
    const unchecked: string[] = [];
    for (const file of readmeFiles()) {
      const all = prose(file);
      const checked = FIGURES.filter((figure) => figure.file === file).map((figure) => figure.pattern.exec(all)).filter((found) => found !== null);
      const listed = NO_MEASUREMENT.filter((entry) => entry.file === file).map((entry) => all.indexOf(entry.from)).filter((at) => at >= 0)
        .map((at) => ({ index: at, end: all.indexOf('\n', at) < 0 ? all.length : all.indexOf('\n', at) }));
      const spans = [...checked.map((found) => ({ index: found.index, end: found.index + found[0].length })), ...listed];
      for (const figure of all.matchAll(/\d[\d,]*(?:\.\d+)? ?KB\b|\d[\d,]* B\b/g)) {
        if (!spans.some((span) => figure.index >= span.index && figure.index < span.end)) unchecked.push(`${file}: "${all.slice(Math.max(0, figure.index - 40), figure.index + 12)}"`);
      }
    }
    expect(unchecked, 'compare each with npm run size (FIGURES), or list it in NO_MEASUREMENT with why').toEqual([]);
  });

  it("leave no row of the root README's table of all entries unread", () => {
    const lines = readText('README.md').split('\n');
    const header = lines.indexOf('| entry | gzip bytes | budget |');
    expect(header, 'README.md has its table of all entries').toBeGreaterThan(0);
    const rows: string[] = [];
    for (let index = header + 2; lines[index]?.startsWith('|'); index += 1) rows.push(lines[index] ?? '');
    expect(rows.filter((line) => !FIGURES.some((figure) => figure.file === 'README.md' && figure.pattern.test(line)))).toEqual([]);
  });

  it('NO_MEASUREMENT lists only paragraphs that are there', () => {
    expect(NO_MEASUREMENT.filter((entry) => !prose(entry.file).includes(entry.from)).map((entry) => `${entry.file}: ${entry.from}`)).toEqual([]);
  });
});
