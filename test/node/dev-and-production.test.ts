// Messages in two builds (issue 40): the development build says every sentence; the production build
// says the code, the data and a link to the host README's row of the code, and carries no sentence.
// Checks the script files and the npm files as an app's bundler (by its export conditions) and Node
// (by NODE_ENV) resolve them. Needs `npm run build` first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const LINK = 'https://www.npmjs.com/package/@svc-embed/host#';
const script = (file: string) => readFileSync(join(root, 'packages/host/dist/iife', file), 'utf8');

/** Sentences of the host's messages (none of them data), and the script files that hold them in development. */
const SENTENCES = [
  ["Content-Security-Policy blocked", ['svc-embed.js', 'svc-embed-element.js']],
  ['the viewer is not signed in to your backend', ['svc-embed.js', 'svc-embed-element.js']],
  ['check baseUrl and that the tenant allows framing by', ['svc-embed.js', 'svc-embed-element.js']],
  ['has no attribute', ['svc-embed-element.js']],
  // The size pass: the renewal's debug reasons.
  ['a fresh id is on its way', ['svc-embed.js', 'svc-embed-element.js']],
  // The protocol's own sentences, by its `#dev-mode`, which the script files set as the host's.
  ['cannot build a filter from view', ['svc-embed.js', 'svc-embed-element.js']],
  ['a path such as /orders', ['svc-embed.js', 'svc-embed-element.js']],
] as const;

describe('the script files', () => {
  it.each(SENTENCES)('"%s": in the development file, in no production file', (sentence, files) => {
    for (const file of files) {
      expect(script(file), file).toContain(sentence);
      expect(script(file.replace(/\.js$/, '.min.js')), file).not.toContain(sentence);
    }
  });

  it("the host's production file has no did-you-mean (closestName: its name's length over 4); the element's keeps it for its attributes", () => {
    expect(script('svc-embed.js')).toContain('length / 4');
    expect(script('svc-embed.min.js')).not.toContain('length/4');
    expect(script('svc-embed-element.min.js')).toContain('length/4');
  });

  it('the production files link to the README', () => {
    for (const file of ['svc-embed.min.js', 'svc-embed-element.min.js']) expect(script(file)).toContain(LINK);
  });
});

/** A refused option's message, from the host's npm files as esbuild bundles them with `conditions`. */
async function refusalBundled(conditions: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-embed-modes-'));
  const out = join(dir, 'app.mjs');
  await build({
    stdin: { contents: REFUSAL, resolveDir: root, loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'],
    conditions, outfile: out, logLevel: 'silent',
  });
  const printed = execFileSync(process.execPath, [out], { encoding: 'utf8', env: { ...process.env, NODE_ENV: '' } });
  // The bundle holds the sentence only in development: the other build's text is left out.
  expect(readFileSync(out, 'utf8').includes('must use https')).toBe(conditions.includes('development'));
  return printed;
}
/** An embed whose baseUrl uses http on a host that is not local: `invalid-option`, naming baseUrl and the URL. */
const REFUSAL = `import { createEmbed } from '@svc-embed/host';
try { createEmbed({ baseUrl: 'http://tenant.example', publicId: 'd-42', container: '#a', mode: 'private', window: {} }); } catch (error) { console.log(error.code + ': ' + error.message); }`;

describe('the npm files', () => {
  it('under the production condition: the code, the data and the link, no sentence', async () => {
    expect((await refusalBundled(['production'])).trim()).toBe(`invalid-option: baseUrl http://tenant.example; see ${LINK}invalid-option`);
  });

  it('under the development condition: the sentence', async () => {
    expect(await refusalBundled(['development'])).toContain('invalid-option: baseUrl must use https (got http://tenant.example)');
  });

  it('in Node without a condition: the sentence unless NODE_ENV is production', () => {
    const run = (nodeEnv: string) =>
      execFileSync(process.execPath, ['--input-type=module', '-e', REFUSAL], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: nodeEnv } });
    expect(run('')).toContain('baseUrl must use https');
    expect(run('production').trim()).toBe(`invalid-option: baseUrl http://tenant.example; see ${LINK}invalid-option`);
  });

  it('without a condition, in a browser with no process (an unbundled import): production messages, no crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-embed-modes-'));
    const out = join(dir, 'app.mjs');
    await build({ stdin: { contents: REFUSAL, resolveDir: root, loader: 'js' }, bundle: true, format: 'esm', platform: 'browser', outfile: out, logLevel: 'silent' });
    // What the browser runs: the bundle with no `process` global.
    writeFileSync(join(dir, 'run.mjs'), `delete globalThis.process; await import(${JSON.stringify(out)});`);
    const printed = execFileSync(process.execPath, [join(dir, 'run.mjs')], { encoding: 'utf8' });
    expect(printed.trim()).toBe(`invalid-option: baseUrl http://tenant.example; see ${LINK}invalid-option`);
  });
});

describe("the protocol's npm files", () => {
  /** A filter the protocol cannot build, from its npm files as esbuild bundles them with `conditions`: what it prints. */
  async function filterRefusal(conditions: string[]): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'svc-embed-modes-'));
    const out = join(dir, 'app.mjs');
    const contents = `import { buildFilterParameter } from '@svc-embed/protocol';
try { buildFilterParameter('my view', 'status', 1); } catch (error) { console.log(error.code + ': ' + error.message); }`;
    await build({ stdin: { contents, resolveDir: root, loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], conditions, outfile: out, logLevel: 'silent' });
    return execFileSync(process.execPath, [out], { encoding: 'utf8', env: { ...process.env, NODE_ENV: '' } }).trim();
  }

  it('under the production condition: the parameter it could not build, no sentence', async () => {
    expect(await filterRefusal(['production'])).toBe('invalid-argument: filter f_my view.status={"value":1}');
  });

  it('under the development condition: the sentence', async () => {
    expect(await filterRefusal(['development'])).toContain('invalid-argument: cannot build a filter from view "my view"');
  });
});
