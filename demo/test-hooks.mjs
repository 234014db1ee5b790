// The demo as the real-browser tests start it (test/browser/harness.ts): `startDemo` with its hooks
// set, and what tests do through them: serve pages and built apps of their own on the host origin,
// answer or hold the next mints, let the host pages frame a third origin, and read the requests the
// backend refused for their origin.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startDemo } from './demo-server.mjs';
import { send } from './host-site.mjs';
import { staticFiles } from './static-files.mjs';

/**
 * A file of the app under `prefix`, or its `index.html` for any other path under it, with the
 * app's substitutions made in its HTML and JavaScript. No Content Security Policy: the page is the
 * app's, as its toolchain built it.
 * @param {{ files: ReturnType<typeof staticFiles>, index: string, substitutions: Record<string, string> }} app
 * @param {import('node:http').ServerResponse} res @param {string} path @param {string} prefix
 */
async function serveApp(app, res, path, prefix) {
  const { files: appFiles, index, substitutions } = app;
  const file = path.startsWith(prefix) && !path.endsWith('/index.html') ? await appFiles(path) : undefined;
  let body = file?.body;
  if (!file) {
    try {
      body = await readFile(index);
    } catch {
      return send(res, 503, { error: `the app is not built: ${index} is missing` });
    }
  }
  const type = file?.type ?? 'text/html; charset=utf-8';
  const text = /^text\/(html|javascript)/.test(type)
    ? Object.entries(substitutions).reduce((done, substitution) => done.replaceAll(substitution[0], substitution[1]), body.toString('utf8'))
    : body;
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': file ? 'no-cache' : 'no-store' }).end(text);
}

/**
 * Holds the next mint of `mintInterceptors` until the function returned is called.
 * @param {Array<() => Promise<{ sessionId: string } | undefined>>} mintInterceptors
 */
function holdNext(mintInterceptors) {
  /** @type {() => void} */
  let release = () => undefined;
  const held = new Promise((resolve) => {
    release = () => resolve(undefined);
  });
  mintInterceptors.push(async () => {
    await held;
    return undefined;
  });
  return release;
}

/** The state behind the hooks, and the hooks the demo calls. */
function testHooks() {
  /**
   * What tests do to the next mints, in order: answer with an id the service never issued, or hold
   * the mint until released. Each runs once.
   * @type {Array<() => Promise<{ sessionId: string } | undefined>>}
   */
  const mintInterceptors = [];
  /** Pages tests add to the host origin (a README snippet, say), served as given with no policy. */
  const extraPages = new Map();
  /**
   * Single-page apps built by their own toolchains (the framework examples), by URL prefix: their
   * files, and their `index.html` for every other path under the prefix (their router's routes).
   */
  const apps = new Map();
  /** Origins besides the service that the host pages may frame (tests add a hostile third origin). */
  const extraFrameSources = [];
  /** Requests the backend refused because they came from another origin. */
  const refusedRequests = [];
  /** The viewer a test signed in instead of the demo's (undefined: the demo's). @type {{ id: string | undefined }} */
  const viewer = { id: undefined };
  /** @type {import('./host-site.mjs').DemoHooks} */
  const hooks = {
    mint: () => mintInterceptors.shift()?.(),
    viewerId: () => viewer.id,
    frameSources: () => extraFrameSources,
    async serve(res, path) {
      const extraPage = extraPages.get(path);
      if (extraPage !== undefined) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(extraPage);
        return true;
      }
      const app = [...apps.keys()].find((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));
      if (!app) return false;
      await serveApp(apps.get(app), res, path, app);
      return true;
    },
    refused: (request) => {
      refusedRequests.push(request);
    },
  };
  return { hooks, mintInterceptors, extraPages, apps, extraFrameSources, refusedRequests, viewer };
}

/**
 * Starts the demo with the tests' hooks: the demo (see `startDemo`) and what tests do to it.
 * @param {Omit<import('./demo-server.mjs').DemoOptions, 'hooks'>} [options]
 */
export async function startDemoWithHooks(options = {}) {
  const { hooks, mintInterceptors, extraPages, apps, extraFrameSources, refusedRequests, viewer } = testHooks();
  const demo = await startDemo({ ...options, hooks });
  return {
    ...demo,
    refusedRequests,
    /**
     * Serves `html` at `path` on the host origin, as a customer's own page would be (no Content
     * Security Policy): for tests that load a snippet from the README against the emulator.
     * @param {string} path
     * @param {string} html
     */
    addPage(path, html) {
      extraPages.set(path, html);
    },
    /**
     * Serves a built single-page app under `prefix` (such as `/vue-app/`) on the host origin: its
     * files from `directory`, and its `index.html` for its routes; each key of `substitutions` is
     * replaced by its value in the app's HTML and JavaScript (the tenant URL the app was built with,
     * say, by the service's). For the framework examples' tests.
     * @param {string} prefix
     * @param {string} directory
     * @param {Record<string, string>} [substitutions]
     */
    addApp(prefix, directory, substitutions = {}) {
      apps.set(prefix, { files: staticFiles({ [prefix]: directory + '/' }), index: join(directory, 'index.html'), substitutions });
    },
    /**
     * The page's next mint is answered with `sessionId` (one the service never issued), as if the
     * id had been redeemed elsewhere. For tests, in every browser engine.
     * @param {string} sessionId
     */
    answerNextMint(sessionId) {
      mintInterceptors.push(async () => ({ sessionId }));
    },
    /**
     * Holds the page's next mint until `release()` is called; then it mints as usual.
     * @returns {() => void} release
     */
    holdNextMint: () => holdNext(mintInterceptors),
    /**
     * Signs another viewer in at the backend, as another tab would without this page loading again:
     * the session endpoint serves `id` from now on (undefined: the demo's viewer again).
     * @param {string | undefined} id
     */
    signInAs(id) {
      viewer.id = id;
    },
    /**
     * Lets the host pages frame `origin` too (their policy's `frame-src` names only the service
     * otherwise): for tests that put a page of a third origin inside the host page.
     * @param {string} origin
     */
    allowFrameSource(origin) {
      extraFrameSources.push(new URL(origin).origin);
    },
  };
}
