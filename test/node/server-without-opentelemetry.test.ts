// @opentelemetry/api is an optional peer of @svc-embed/server: an app without it installed must load
// the built package (ESM and CommonJS), serve, and read `endpoint.status()`. Each child process runs
// with a loader hook that makes `@opentelemetry/api` unresolvable, as it is in an app that never
// installed it. Needs `node scripts/build.mjs` first.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'packages', 'server', 'dist');

/** A loader hook: `@opentelemetry/api` is not installed. */
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === '@opentelemetry/api') throw Object.assign(new Error("Cannot find package '@opentelemetry/api'"), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

/** The app: proves the api cannot be loaded, then mints an id, signs out, and prints the status. */
const app = (load: string) => `
const blocked = await import('@opentelemetry/api').then(() => false, () => true);
const { createSessionEndpoint } = ${load};
const endpoint = createSessionEndpoint({
  path: '/s', allowedOrigins: ['https://app.example'], viewer: () => ({ id: 'ada' }),
  mint: async () => 'ses_1', revoke: async () => undefined,
});
const minted = await endpoint.fetch(new Request('https://app.example/s', { method: 'POST', headers: { origin: 'https://app.example' } }));
await endpoint.logoutViewer('ada');
await new Promise((resolve) => setTimeout(resolve, 50));
console.log(JSON.stringify({ blocked, minted: minted.status, status: await endpoint.status() }));
`;

function runApp(load: string): { blocked: boolean; minted: number; status: Record<string, unknown> } {
  const out = execFileSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--input-type=module', '-e', app(load)], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

describe('@svc-embed/server without @opentelemetry/api', () => {
  it.each([
    ['ESM', `await import(${JSON.stringify(pathToFileURL(join(dist, 'esm', 'index.js')).href)})`],
    ['CommonJS', `(await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(join(dist, 'cjs', 'index.js'))})`],
  ])('loads (%s), serves, and gives its status', (_format, load) => {
    const result = runApp(load);
    expect(result.blocked).toBe(true);
    expect(result.minted).toBe(200);
    expect(result.status).toMatchObject({ mints: { minted: 1 }, revokeCalls: { revoked: 1, failed: 0, retries: 0 }, pending: { ids: 0, oldestAgeMs: null } });
  });
});
