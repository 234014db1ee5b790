// The two-origin demo: the emulator (the service) on one origin and the host page with its small
// backend on another, so every origin check in the SDK is real. `startDemo` is used by
// `demo/server.mjs`; the real-browser tests start it through `demo/test-hooks.mjs`, which adds what
// they change (pages of their own, held or forged mints, another origin to frame).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../packages/emulator/src/index.js';
import { createMemoryStore, createSessionEndpoint } from '@svc-embed/server';
import { createHostBackend } from './host-backend.mjs';
import { hostSite } from './host-site.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

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
 * @property {DemoHooks} [hooks] What tests change (demo/test-hooks.mjs); the demo itself has none.
 */

/** @typedef {import('./host-site.mjs').DemoHooks} DemoHooks */

/** Listens on the host origin; resolves with its URL. @param {import('node:http').Server} server @param {{ port: number, hostName: string }} at */
async function listen(server, { port, hostName }) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: hostName.replace(/^\[|\]$/g, '') }, () => resolve(undefined));
  });
  return `http://${hostName}:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
}

/**
 * The session endpoint of the host page's backend (@svc-embed/server), minting and revoking through
 * the backend, for the demo's one viewer.
 * @param {{ hostUrl: string, backend: ReturnType<typeof createHostBackend>, embedNames: WeakMap<object, string>, store?: DemoOptions['store'], hooks: DemoHooks }} parts
 */
function demoEndpoint({ hostUrl, backend, embedNames, store, hooks }) {
  return createSessionEndpoint({
    path: '/api/embed-session',
    allowedOrigins: [hostUrl],
    // The demo has one viewer and no sign-in; a real backend reads its own session cookie here. The
    // demo's pages name the embed that asks in the body, read before (see host-site.mjs), for the panel.
    viewer: (_request, { nodeRequest }) => ({ id: hooks.viewerId?.() ?? 'ada.lovelace', embed: embedNames.get(nodeRequest) ?? 'page' }),
    async mint(viewer) {
      const intercepted = hooks.mint?.();
      const answer = intercepted ? await intercepted : undefined;
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
    // The demo's emulator starts (and forgets every id) with this process, so no id minted before its
    // memory store can be live: its ledger is whole from the start (ledgerSince: 0). A backend beside
    // a real service leaves ledgerSince out, and its first day of sign-outs after a restart says so.
    store: store ?? createMemoryStore({ ledgerSince: 0 }),
    // The demo's tests mint far faster than a viewer does.
    limits: { mintsPerWindow: 10_000 },
  });
}

/** What every page is given: the service, its session figures and the two embeds. @param {Awaited<ReturnType<typeof createEmulator>>} emulator */
function pageConfigOf(emulator) {
  return {
    serviceUrl: emulator.url,
    sessionLifetimeMs: emulator.options.sessionLifetimeMs,
    usableLifetimeMs: emulator.options.sessionLifetimeMs - emulator.options.trustMarginMs,
    sessionWarningMs: emulator.options.sessionWarningMs,
    embeds: [
      { key: 'a', label: 'Embed A', publicId: 'sales-overview', allowExport: true, timezone: 'Europe/Berlin', syncUrl: 'dash' },
      { key: 'b', label: 'Embed B', publicId: 'support-ops', allowExport: false },
    ],
  };
}

/** @param {DemoOptions} [options] */
export async function startDemo(options = {}) {
  const apiKey = `demo_${randomBytes(18).toString('base64url')}`;
  const hooks = options.hooks ?? {};
  const hostServer = createServer();
  const hostUrl = await listen(hostServer, { port: options.hostPort ?? 4300, hostName: options.hostName ?? '127.0.0.1' });
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
  const backend = createHostBackend({ serviceUrl: emulator.url, apiKey, deploymentId: 42, viewer: { externalId: 'ada.lovelace', email: 'ada@example.com' } });
  /** The embed each mint request names, read from its body before the endpoint sees it. */
  const embedNames = new WeakMap();
  const endpoint = demoEndpoint({ hostUrl, backend, embedNames, store: options.store, hooks });
  const hostScript = options.hostScript ?? join(ROOT, 'packages', 'host', 'dist', 'iife', 'svc-embed.min.js');
  hostServer.on('request', hostSite({ hostUrl, serviceUrl: emulator.url, backend, endpoint, embedNames, hooks, hostScript, pageConfig: pageConfigOf(emulator) }));

  let closing;
  return {
    hostUrl,
    endpoint,
    serviceUrl: emulator.url,
    emulator,
    backend,
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
