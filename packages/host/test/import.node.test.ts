// Importing the host in Node (server-side rendering) must not touch any DOM global. The source is
// imported here under traps; the built ESM and CJS files are loaded in a fresh Node process under
// the same traps (missing files fail the test, saying to run `npm run build`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const DOM_GLOBALS = ['window', 'document', 'self', 'location', 'navigator', 'addEventListener'];
/** In a fresh process timers are trapped too (in this one the test runner itself uses them). */
const PROCESS_GLOBALS = [...DOM_GLOBALS, 'setTimeout', 'clearTimeout'];
const EXPORTS = ['EMBED_ERROR_CODES', 'EmbedError', 'createEmbed', 'createSessionLedger', 'keepAlive', 'preloadEmbed', 'preloadOnIntent', 'recordTimings', 'requiredCsp', 'sessionFromPage', 'syncUrl', 'urlParam', 'whenVisible'];
const dist = join(__dirname, '..', 'dist');

/** Code that installs a getter for each DOM global, recording reads into `touched`. */
const TRAPS = `const touched = []; for (const name of ${JSON.stringify(PROCESS_GLOBALS)}) {
  const value = globalThis[name];
  Object.defineProperty(globalThis, name, { configurable: true, get() { touched.push(name); return value; } });
}`;

describe('import in Node without a DOM', () => {
  it('imports the source without touching a DOM global', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const touched: string[] = [];
    const saved = DOM_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
    for (const name of DOM_GLOBALS) {
      let value = (globalThis as Record<string, unknown>)[name];
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get: () => (touched.push(name), value),
        set: (next) => void (value = next),
      });
    }
    let host: Record<string, unknown>;
    try {
      host = await import('../src/index.js');
    } finally {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete (globalThis as Record<string, unknown>)[name];
      }
    }
    expect(touched).toEqual([]);
    expect(Object.keys(host).sort()).toEqual(EXPORTS);
  });

  it('runs the ledger and the errors in Node', async () => {
    const { createSessionLedger, EmbedError, EMBED_ERROR_CODES } = await import('../src/index.js');
    const ledger = createSessionLedger();
    const revoked: string[] = [];
    ledger.record('a', (id) => void revoked.push(id));
    expect(await ledger.logout()).toEqual({ revoked: ['a'], unconfirmed: [], failed: [], pending: [], backend: 'none', complete: true });
    const error = new EmbedError(EMBED_ERROR_CODES.invalidOption, 'x');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'EmbedError', code: 'invalid-option' });
  });

  it('explains that createEmbed needs a window', async () => {
    const { createEmbed } = await import('../src/index.js');
    expect(() => createEmbed({ mode: 'private', baseUrl: 'https://tenant.example', publicId: 'd', container: '#a' })).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('no window') }),
    );
  });

  it('loads the built ESM without touching a DOM global', () => {
    expect(existsSync(join(dist, 'esm', 'index.js')), 'packages/host/dist/esm/index.js is missing: run npm run build').toBe(true);
    const url = pathToFileURL(join(dist, 'esm', 'index.js')).href;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e',
      `${TRAPS}\nconst m = await import(${JSON.stringify(url)});\nconsole.log(JSON.stringify({ touched, keys: Object.keys(m).sort() }));`], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ touched: [], keys: EXPORTS });
  });

  it('loads the built CJS without touching a DOM global', () => {
    const file = join(dist, 'cjs', 'index.js');
    expect(existsSync(file), 'packages/host/dist/cjs/index.js is missing: run npm run build').toBe(true);
    const out = execFileSync(process.execPath, ['-e',
      `${TRAPS}\nconst m = require(${JSON.stringify(file)});\nconsole.log(JSON.stringify({ touched, keys: Object.keys(m).sort() }));`], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ touched: [], keys: EXPORTS });
  });

  it('the script file defines SvcEmbed with the same API, less requiredCsp (a policy comes from the server), urlParam (the bindings\' prop), sessionFromPage (npm only: its hook costs the script little, its reader is an import), keepAlive, preloadEmbed and preloadOnIntent (for apps that route: the script file stays its size)', () => {
    const file = join(dist, 'iife', 'svc-embed.min.js');
    expect(existsSync(file), 'packages/host/dist/iife/svc-embed.min.js is missing: run npm run build').toBe(true);
    const context: { SvcEmbed?: object } = {};
    runInNewContext(readFileSync(file, 'utf8'), context);
    expect(Object.keys(context.SvcEmbed ?? {}).sort()).toEqual(EXPORTS.filter((name) => !['requiredCsp', 'urlParam', 'sessionFromPage', 'keepAlive', 'preloadEmbed', 'preloadOnIntent'].includes(name)));
  });
});
