// The two-origin demo: the emulator (the service) on one origin and the host page with its small
// backend on another, so every origin check in the SDK is real. `startDemo` is used by
// `demo/server.mjs` and by the real-browser tests.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../packages/emulator/src/index.js';
import { createSessionEndpoint } from '@svc-embed/server';
import { createHostBackend } from './host-backend.mjs';
import { staticFiles } from './static-files.mjs';

const DEMO = dirname(fileURLToPath(import.meta.url));
const ROOT = join(DEMO, '..');

/**
 * @typedef {object} DemoOptions
 * @property {number} [hostPort] Port of the host page (default 4300; 0 picks a free one).
 * @property {number} [servicePort] Port of the emulator (default 4400; 0 picks a free one).
 * @property {string} [hostName] Host name of the host page (default 127.0.0.1).
 * @property {string} [serviceHostName] Host name of the emulator (default localhost).
 * @property {number} [sessionLifetimeMs] Nominal session lifetime (default 3 minutes).
 * @property {number} [sessionWarningMs] session-expiring lead (default 60 s).
 * @property {string} [hostScript] Path of the host IIFE (default packages/host/dist/iife/svc-embed.min.js).
 * @property {string} [frameScript] Path of the frame IIFE (default: the emulator's).
 * @property {(line: string) => void} [log] Request log of the emulator.
 * @property {import('@svc-embed/server').SessionStore} [store] The session endpoint's store (default: in memory).
 * @property {{ now(): number }} [clock] The service's clock for every expiry rule (default: the wall
 *   clock): tests move it on to age ids and sessions without waiting. The host backend (its
 *   `mintedAt`, for the session panel) and the session endpoint (its ledger keeps ids 24 h) stay on
 *   the wall clock.
 */

/** The host pages, by path. */
const PAGES = /** @type {Record<string, string>} */ ({
  '/': 'index.html',
  '/index.html': 'index.html',
  '/esm.html': 'esm.html',
  '/element.html': 'element.html',
  '/react.html': 'react.html',
});

/** Where the React page's bundle is built at demo start (git-ignored). */
const REACT_BUILD = join(DEMO, '.build', 'react');

/**
 * Bundles the React page (demo/react/app.tsx) with esbuild, in development mode so that
 * `<StrictMode>` really mounts every effect twice. Needs the packages built (`@svc-embed/react`).
 * Runs on the page's first request.
 */
async function buildReactPage() {
  await build({
    entryPoints: [join(DEMO, 'react', 'app.tsx')],
    outfile: join(REACT_BUILD, 'app.js'),
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
}

/** @param {DemoOptions} [options] */
/**
 * The embed a demo page names in its mint request's JSON body (`{ "embed": "a" }`), for the session
 * panel; `page` when it names none. Reads the body (at most 1 KB).
 * @param {import('node:http').IncomingMessage} req
 */
async function readEmbedName(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 1024) return 'page';
    chunks.push(chunk);
  }
  let body;
  try {
    body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
  } catch {
    return 'page';
  }
  return typeof body?.embed === 'string' && /^[\w-]{1,20}$/.test(body.embed) ? body.embed : 'page';
}

export async function startDemo(options = {}) {
  const apiKey = `demo_${randomBytes(18).toString('base64url')}`;
  const hostName = options.hostName ?? '127.0.0.1';
  const hostServer = createServer();
  await new Promise((resolve, reject) => {
    hostServer.once('error', reject);
    hostServer.listen({ port: options.hostPort ?? 4300, host: hostName.replace(/^\[|\]$/g, '') }, () => resolve(undefined));
  });
  const hostUrl = `http://${hostName}:${/** @type {import('node:net').AddressInfo} */ (hostServer.address()).port}`;
  let emulator;
  try {
    emulator = await createEmulator({
      port: options.servicePort ?? 4400,
      hostname: options.serviceHostName ?? 'localhost',
      apiKeys: [apiKey],
      hostOrigins: [hostUrl],
      sessionLifetimeMs: options.sessionLifetimeMs ?? 180_000,
      sessionWarningMs: options.sessionWarningMs ?? 60_000,
      frameScript: options.frameScript,
      log: options.log,
      clock: options.clock,
    });
  } catch (error) {
    hostServer.close();
    throw error;
  }
  const backend = createHostBackend({
    serviceUrl: emulator.url,
    apiKey,
    deploymentId: 42,
    viewer: { externalId: 'ada.lovelace', email: 'ada@example.com' },
  });
  /**
   * What tests do to the next mints, in order: answer with an id the service never issued, or hold
   * the mint until released. Each runs once.
   * @type {Array<() => Promise<{ sessionId: string } | undefined>>}
   */
  const mintInterceptors = [];
  /** The embed each mint request names, read from its body before the endpoint sees it. */
  const embedNames = new WeakMap();
  const endpoint = createSessionEndpoint({
    path: '/api/embed-session',
    allowedOrigins: [hostUrl],
    // The demo has one viewer and no sign-in; a real backend reads its own session cookie here. The
    // demo's pages name the embed that asks in the body, read before (see handleApi), for the panel.
    viewer: (_request, { nodeRequest }) => ({ id: 'ada.lovelace', embed: embedNames.get(nodeRequest) ?? 'page' }),
    async mint(viewer) {
      const intercept = mintInterceptors.shift();
      const answer = intercept ? await intercept() : undefined;
      if (answer) return answer.sessionId;
      const result = await backend.mint(viewer.embed);
      if (result.status !== 200) throw new Error(`the service answered ${result.status}`);
      return result.body.sessionId;
    },
    // An id the service does not know (404) or no longer has (410) is not live: done, as the
    // server's README advises (a retry may ask again for an id already revoked).
    async revoke(sessionId) {
      const result = await backend.revoke(sessionId);
      if (result.status >= 400 && result.status !== 404 && result.status !== 410) throw new Error(`the service answered ${result.status}`);
    },
    store: options.store,
    // The demo's tests mint far faster than a viewer does.
    limits: { mintsPerWindow: 10_000 },
  });
  const pageConfig = {
    serviceUrl: emulator.url,
    sessionLifetimeMs: emulator.options.sessionLifetimeMs,
    usableLifetimeMs: emulator.options.sessionLifetimeMs - emulator.options.trustMarginMs,
    sessionWarningMs: emulator.options.sessionWarningMs,
    embeds: [
      { key: 'a', label: 'Embed A', publicId: 'sales-overview', allowExport: true, timezone: 'Europe/Berlin', syncUrl: 'dash' },
      { key: 'b', label: 'Embed B', publicId: 'support-ops', allowExport: false },
    ],
  };
  /** The React page's bundle, built on its first request (so a demo that never shows it builds nothing). */
  let reactBuild;
  const files = staticFiles({
    '/app/': join(DEMO, 'public', 'app') + '/',
    '/react-build/': REACT_BUILD + '/',
    '/vendor/host/': join(ROOT, 'packages', 'host', 'dist', 'esm') + '/',
    '/vendor/protocol/': join(ROOT, 'packages', 'protocol', 'dist', 'esm') + '/',
    '/vendor/nanoevents/': join(ROOT, 'node_modules', 'nanoevents') + '/',
    '/vendor/zod/': join(ROOT, 'node_modules', 'zod') + '/',
  });
  /** Requests the backend refused because they came from another origin. */
  const refusedRequests = [];
  const hostScript = options.hostScript ?? join(ROOT, 'packages', 'host', 'dist', 'iife', 'svc-embed.min.js');

  hostServer.on('request', (req, res) => {
    handleHostRequest(req, res).catch((error) => {
      if (!res.headersSent) send(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.destroy();
    });
  });

  /** Pages tests add to the host origin (a README snippet, say), served as given with no policy. */
  const extraPages = new Map();

  /**
   * Single-page apps built by their own toolchains (the framework examples), by URL prefix: their
   * files, and their `index.html` for every other path under the prefix (their router's routes).
   */
  const apps = new Map();

  /** Origins besides the service that the host pages may frame (tests add a hostile third origin). */
  const extraFrameSources = [];

  /**
   * The host pages' Content Security Policy: the strict one a security-minded customer serves, plus
   * `frame-src` for the service. The only inline script is the ESM page's import map, allowed by a
   * fresh nonce; the JSON configuration block is data, which the policy does not govern.
   * @param {string} nonce
   */
  function hostPagePolicy(nonce) {
    return [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self'",
      "require-trusted-types-for 'script'",
      "trusted-types 'none'",
      `frame-src ${[emulator.url, ...extraFrameSources].join(' ')}`,
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ');
  }

  /** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} [body] */
  function send(res, status, body) {
    if (body === undefined) return void res.writeHead(status, { 'Cache-Control': 'no-store' }).end();
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(text);
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function handleHostRequest(req, res) {
    const url = new URL(req.url ?? '/', hostUrl);
    const path = url.pathname;
    if (path.startsWith('/api/')) {
      // Only this page may ask its backend for ids: refuse state changes from any other origin. A
      // browser always names the origin of a cross-origin request; a request without one (a
      // same-origin page in some engines and test DOMs, or a command line) is not a hostile page.
      const origin = req.headers.origin;
      if (req.method !== 'GET' && origin !== undefined && origin !== hostUrl) {
        refusedRequests.push({ method: req.method, path, origin: req.headers.origin });
        return send(res, 403, { error: 'cross-origin request refused' });
      }
      return handleApi(req, res, path);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method not allowed' });
    if (path === '/favicon.ico') return send(res, 204);
    if (path === '/react.html' || path.startsWith('/react-build/')) await (reactBuild ??= buildReactPage());
    const pageFile = PAGES[path];
    if (pageFile) {
      const template = (await readFile(join(DEMO, 'public', pageFile), 'utf8')).replaceAll('SERVICE_URL', emulator.url);
      const json = JSON.stringify(pageConfig).replace(/</g, '\\u003c');
      const nonce = randomBytes(16).toString('base64');
      const html = template
        .replace('<!--DEMO_CONFIG-->', `<script id="demo-config" type="application/json">${json}</script>`)
        .replace('nonce="DEMO_NONCE"', `nonce="${nonce}"`);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': hostPagePolicy(nonce) }).end(html);
      return;
    }
    const extraPage = extraPages.get(path);
    if (extraPage !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(extraPage);
      return;
    }
    if (path === '/vendor/svc-embed.min.js' || path === '/vendor/svc-embed-element.min.js') {
      const script = path === '/vendor/svc-embed.min.js' ? hostScript : join(ROOT, 'packages', 'host', 'dist', 'iife', 'svc-embed-element.min.js');
      let body;
      try {
        body = await readFile(script);
      } catch {
        return send(res, 503, { error: `the host script is missing at ${script}; run "node scripts/build.mjs"` });
      }
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(body);
      return;
    }
    const app = [...apps.keys()].find((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));
    if (app) return serveApp(res, path, app);
    const file = await files(path);
    if (!file) return send(res, 404, { error: `not found: ${path}` });
    res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-cache' }).end(file.body);
  }

  /**
   * A file of the app under `prefix`, or its `index.html` for any other path under it, with the
   * app's substitutions made in its HTML and JavaScript. No Content Security Policy: the page is the
   * app's, as its toolchain built it.
   * @param {import('node:http').ServerResponse} res @param {string} path @param {string} prefix
   */
  async function serveApp(res, path, prefix) {
    const { files: appFiles, index, substitutions } = apps.get(prefix);
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
      ? Object.entries(substitutions).reduce((done, [from, to]) => done.replaceAll(from, to), body.toString('utf8'))
      : body;
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': file ? 'no-cache' : 'no-store' }).end(text);
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path */
  async function handleApi(req, res, path) {
    if (path === '/api/sessions' && req.method === 'GET') return send(res, 200, await backend.list());
    // The session panel's own routes: an id's state at the service, and "expire now".
    const match = /^\/api\/embed-session\/([\w-]{1,100})(\/expire)?$/.exec(path);
    if (match && (match[2] ? req.method === 'POST' : req.method === 'GET')) {
      const sessionId = String(match[1]);
      const result = match[2] ? await backend.expire(sessionId) : await backend.status(sessionId);
      return send(res, result.status, result.body);
    }
    // Minting, revoking and signing out: @svc-embed/server, as a customer's backend would use it (a
    // body read before it counts as empty there).
    if (path === '/api/embed-session' && req.method === 'POST') embedNames.set(req, await readEmbedName(req));
    if (path === '/api/embed-session' || path.startsWith('/api/embed-session/')) return endpoint.node(req, res);
    return send(res, 404, { error: `no API route ${req.method} ${path}` });
  }

  let closing;
  return {
    hostUrl,
    endpoint,
    serviceUrl: emulator.url,
    emulator,
    backend,
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
    holdNextMint() {
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
    },
    /**
     * Lets the host pages frame `origin` too (their policy's `frame-src` names only the service
     * otherwise): for tests that put a page of a third origin inside the host page.
     * @param {string} origin
     */
    allowFrameSource(origin) {
      extraFrameSources.push(new URL(origin).origin);
    },
    close() {
      closing ??= Promise.all([
        emulator.close(),
        new Promise((resolve) => {
          hostServer.close(() => resolve(undefined));
          hostServer.closeAllConnections();
        }),
      ]).then(() => undefined);
      return closing;
    },
  };
}
