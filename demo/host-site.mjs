// The demo's host origin: its pages (each under a strict Content Security Policy, with the page's
// configuration written in), the host scripts, the static files and its backend's API routes (the
// session endpoint of @svc-embed/server, and the session panel's own). demo-server.mjs starts it.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { staticFiles } from './static-files.mjs';

const DEMO = dirname(fileURLToPath(import.meta.url));
const ROOT = join(DEMO, '..');

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
 * The points where tests change the demo (demo/test-hooks.mjs sets them), each optional.
 * @typedef {object} DemoHooks
 * @property {() => Promise<{ sessionId: string } | undefined> | undefined} [mint] Asked before each
 *   mint: an answer with a `sessionId` is handed out instead of a new id (undefined: mint as usual).
 * @property {() => string[]} [frameSources] Origins the host pages may frame besides the service.
 * @property {() => string | undefined} [viewerId] The signed-in viewer's id, when a test switched it
 *   (another user signed in without a page load); the demo's own is `ada.lovelace`.
 * @property {(res: import('node:http').ServerResponse, path: string) => Promise<boolean>} [serve]
 *   Serves a GET or HEAD that is none of the demo's pages: true when it answered.
 * @property {(request: { method?: string, path: string, origin?: string }) => void} [refused] Told of
 *   each request to the backend refused for its origin.
 */

/**
 * @typedef {object} HostSite
 * @property {string} hostUrl The host origin.
 * @property {string} serviceUrl The service (the emulator).
 * @property {ReturnType<typeof import('./host-backend.mjs').createHostBackend>} backend The page's backend.
 * @property {{ node: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown }} endpoint The session endpoint.
 * @property {WeakMap<object, string>} embedNames The embed each mint request names, by request.
 * @property {DemoHooks} hooks What tests change.
 * @property {string} hostScript Path of the host IIFE.
 * @property {object} pageConfig The configuration written into every page.
 */

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

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} [body] */
export function send(res, status, body) {
  if (body === undefined) return void res.writeHead(status, { 'Cache-Control': 'no-store' }).end();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(text);
}

/**
 * The request listener of the host origin.
 * @param {HostSite} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function hostSite(options) {
  const site = {
    ...options,
    files: staticFiles({
      '/app/': join(DEMO, 'public', 'app') + '/',
      '/react-build/': REACT_BUILD + '/',
      '/vendor/host/': join(ROOT, 'packages', 'host', 'dist', 'esm') + '/',
      '/vendor/protocol/': join(ROOT, 'packages', 'protocol', 'dist', 'esm') + '/',
      '/vendor/nanoevents/': join(ROOT, 'node_modules', 'nanoevents') + '/',
      '/vendor/zod/': join(ROOT, 'node_modules', 'zod') + '/',
    }),
    /** The React page's bundle, built on its first request (so a demo that never shows it builds nothing). */
    /** @type {Promise<void> | undefined} */
    reactBuild: undefined,
  };
  return (req, res) => {
    handleHostRequest(site, req, res).catch((error) => {
      if (!res.headersSent) send(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.destroy();
    });
  };
}

/**
 * The host pages' Content Security Policy: the strict one a security-minded customer serves, plus
 * `frame-src` for the service. The only inline script is the ESM page's import map, allowed by a
 * fresh nonce; the JSON configuration block is data, which the policy does not govern.
 * @param {HostSite} site
 * @param {string} nonce
 */
function hostPagePolicy(site, nonce) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
    `frame-src ${[site.serviceUrl, ...(site.hooks.frameSources?.() ?? [])].join(' ')}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * @param {HostSite & { files: ReturnType<typeof staticFiles>, reactBuild?: Promise<void> }} site
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 */
async function handleHostRequest(site, req, res) {
  const url = new URL(req.url ?? '/', site.hostUrl);
  const path = url.pathname;
  if (path.startsWith('/api/')) {
    // Only this page may ask its backend for ids: refuse state changes from any other origin. A
    // browser always names the origin of a cross-origin request; a request without one (a
    // same-origin page in some engines and test DOMs, or a command line) is not a hostile page.
    const origin = req.headers.origin;
    if (req.method !== 'GET' && origin !== undefined && origin !== site.hostUrl) {
      site.hooks.refused?.({ method: req.method, path, origin: req.headers.origin });
      return send(res, 403, { error: 'cross-origin request refused' });
    }
    return handleApi(site, req, res, path);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method not allowed' });
  if (path === '/favicon.ico') return send(res, 204);
  if (path === '/react.html' || path.startsWith('/react-build/')) await (site.reactBuild ??= buildReactPage());
  const pageFile = PAGES[path];
  if (pageFile) return servePage(site, res, pageFile);
  if (site.hooks.serve && (await site.hooks.serve(res, path))) return;
  if (path === '/vendor/svc-embed.min.js') return serveHostScript(res, site.hostScript);
  // The other script files, production (.min.js) and development (.js, every sentence: the demo's pages use them).
  if (/^\/vendor\/svc-embed(-element(-keep-alive)?)?(\.min)?\.js$/.test(path)) return serveHostScript(res, join(ROOT, 'packages', 'host', 'dist', 'iife', path.slice('/vendor/'.length)));
  const file = await site.files(path);
  if (!file) return send(res, 404, { error: `not found: ${path}` });
  res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-cache' }).end(file.body);
}

/**
 * A host page, with the service's URL and the page's configuration written in, under its policy.
 * @param {HostSite} site @param {import('node:http').ServerResponse} res @param {string} pageFile
 */
async function servePage(site, res, pageFile) {
  const template = (await readFile(join(DEMO, 'public', pageFile), 'utf8')).replaceAll('SERVICE_URL', site.serviceUrl);
  const json = JSON.stringify(site.pageConfig).replace(/</g, '\\u003c');
  const nonce = randomBytes(16).toString('base64');
  const html = template
    .replace('<!--DEMO_CONFIG-->', `<script id="demo-config" type="application/json">${json}</script>`)
    .replace('nonce="DEMO_NONCE"', `nonce="${nonce}"`);
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': hostPagePolicy(site, nonce) }).end(html);
}

/** A built host script, or 503 saying how to build it. @param {import('node:http').ServerResponse} res @param {string} script */
async function serveHostScript(res, script) {
  let body;
  try {
    body = await readFile(script);
  } catch {
    return send(res, 503, { error: `the host script is missing at ${script}; run "node scripts/build.mjs"` });
  }
  res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(body);
}

/**
 * @param {HostSite} site
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path
 */
async function handleApi(site, req, res, path) {
  const { backend } = site;
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
  if (path === '/api/embed-session' && req.method === 'POST') site.embedNames.set(req, await readEmbedName(req));
  if (path === '/api/embed-session' || path.startsWith('/api/embed-session/')) return site.endpoint.node(req, res);
  return send(res, 404, { error: `no API route ${req.method} ${path}` });
}
