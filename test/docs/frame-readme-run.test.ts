/**
 * @vitest-environment happy-dom
 */
// The frame's npm quick start runs as pasted in a surface page (happy-dom), bundled against the built
// package as a reader's bundler would, with the reader's own names (`token`, `api`, `dashboard`)
// supplied and the customer's page played by the test kit's fake host: it sends `ready` (signed,
// first), its first view and a navigation to the host origin, applies the host's filter and colour
// scheme, exchanges a new id, and tells the host when the service ended the session early.
import { createFakeHost } from '@svc-embed/testing';
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it, vi } from 'vitest';
import { runBlock } from './readme-blocks.js';
import { ROOT } from './readme-files.js';

const RUN_DIR = join(ROOT, 'reports', 'snippets-run', 'frame');
const HOST = 'https://customer.example';

afterEach(() => vi.unstubAllGlobals());

/** The block bundled as a module of its own (the package by its published name, from its build). */
async function bundledQuickStart(): Promise<string> {
  mkdirSync(RUN_DIR, { recursive: true });
  const entry = join(RUN_DIR, 'frame-quick-start.ts');
  writeFileSync(entry, `${runBlock('frameQuickStart').code}\nexport {};\n`);
  const outfile = join(RUN_DIR, 'frame-quick-start.mjs');
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', outfile, logLevel: 'silent' });
  return pathToFileURL(outfile).href;
}

it("the frame's npm quick start runs in a surface page: ready and views to the host origin, actions applied, a new id exchanged", async () => {
  const host = createFakeHost({ hostOrigin: HOST });
  let unauthorized = () => {};
  const api = { exchangeSession: vi.fn(async () => ({ expiresAt: Date.now() + 3_600_000 })), onUnauthorized: (listener: () => void) => (unauthorized = listener) };
  const dashboard = { applyFilter: vi.fn(), showSessionExpired: vi.fn() };
  vi.stubGlobal('token', { expiresAt: Date.now() + 3_600_000 });
  vi.stubGlobal('api', api);
  vi.stubGlobal('dashboard', dashboard);

  await import(/* @vite-ignore */ await bundledQuickStart());
  expect((await host.waitForEvent('ready')).payload).toMatchObject({ mode: 'signed', surface: 'dashboard', embedTenant: 'acme', deploymentId: 7, publicId: 'd-42' });
  await host.waitForEvent('download');
  expect(host.events.map((event) => event.name)).toEqual(['ready', 'view', 'navigate', 'view', 'download']);
  expect(host.events[2]?.payload).toEqual({ path: '/page/2', previousPath: '/' });

  host.send('set-filter', { filterUrlParameter: 'f_orders.status={"value":"completed"}' });
  expect(dashboard.applyFilter).toHaveBeenCalledWith('f_orders.status={"value":"completed"}');
  host.send('set-color-scheme', { scheme: 'dark' });
  expect(document.documentElement.dataset.scheme).toBe('dark');
  host.setSession('ses_renewed');
  await vi.waitFor(() => expect(api.exchangeSession).toHaveBeenCalledWith('ses_renewed'));

  unauthorized();
  await host.waitForEvent('session-expired');
  host.assertNoSurfaceBugs();
});
