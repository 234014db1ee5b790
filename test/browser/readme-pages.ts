// README blocks served as a reader pastes them into a page of their own: the block, with only the
// substitutions a test names (the tenant URL becomes the emulator's, the dashboard id one it serves),
// bundled by esbuild as the reader's bundler would (the packages by their published names, from their
// builds) with a few lines of page code around it that import it as `./block`, and served on the
// demo's host origin, whose `/api/embed-session` is the demo's session endpoint (@svc-embed/server).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { runBlock, type RunBlockName } from '../docs/readme-blocks.js';
import type { FrameDriver } from './driver/index.js';
import { ROOT, type Suite } from './harness.js';

/**
 * What a developer's console would show, recorded from the page's first script on: its errors
 * (`window.__errors`), and the `svc-<name>` events of `types` (`window.__svc`).
 */
export const pageWatch = (types: string[] = []) =>
  `<script>window.__errors = []; window.__svc = []; addEventListener('error', (event) => window.__errors.push(String(event.message))); addEventListener('unhandledrejection', (event) => window.__errors.push(String(event.reason))); for (const type of ${JSON.stringify(types)}) document.addEventListener(type, (event) => window.__svc.push({ type, detail: event.detail }));</script>`;

/** A README block in a page: the block, the substitutions made in it, the page's markup and its code around the block. */
export interface ReadmePage {
  block: RunBlockName;
  /** Where the page is served on the host origin. */
  path: string;
  /** Each key is replaced by its value in the block; each must be found there. */
  substitutions: Record<string, string>;
  /** The page's markup before its script. */
  body: string;
  /** The page's code (TSX), which imports the block as `./block`. */
  code: string;
}

/** The block with its substitutions made; fails when one of them is not in it. */
function substituted(page: ReadmePage): string {
  let code = runBlock(page.block).code;
  for (const [from, to] of Object.entries(page.substitutions)) {
    if (!code.includes(from)) throw new Error(`the README block ${page.block} no longer has ${from}`);
    code = code.replaceAll(from, to);
  }
  return code;
}

/** Bundles the block with the page's code and serves the page; returns its URL. */
export async function serveReadmePage(suite: Suite, page: ReadmePage): Promise<string> {
  const dir = join(ROOT, 'reports', 'readme-pages', page.block);
  mkdirSync(dir, { recursive: true });
  const block = runBlock(page.block);
  writeFileSync(join(dir, `block.${block.language}`), substituted(page));
  writeFileSync(join(dir, 'page.tsx'), page.code);
  return serveBundledPage(suite, { title: page.block, path: page.path, body: page.body, entry: join(dir, 'page.tsx') });
}

/**
 * Bundles `entry` (TSX, the packages by their published names, from their builds) as a reader's
 * bundler would, in production mode, and serves it in a page at `path` with `body` and
 * {@link pageWatch}; returns its URL.
 */
export async function serveBundledPage(suite: Suite, page: { title: string; path: string; body: string; entry: string }): Promise<string> {
  const result = await build({
    entryPoints: [page.entry], bundle: true, format: 'esm', platform: 'browser', jsx: 'automatic', write: false, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
  });
  const script = (result.outputFiles[0]?.text ?? '').replaceAll('</script', '<\\/script');
  suite.demo.addPage(page.path, `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${page.title}</title>${pageWatch()}</head><body>\n${page.body}\n<script type="module">${script}</script>\n</body></html>`);
  return `${suite.demo.hostUrl}${page.path}`;
}

/** The markup of a page whose code renders into `#root`. */
export const REACT_ROOT = '<div id="root"></div>';

/** The page code that renders the block's component `name` (with the JSX attributes `props`) into `#root`. */
export const renderComponent = (name: string, props = '') =>
  `import { createRoot } from 'react-dom/client';\nimport { ${name} } from './block';\ncreateRoot(document.getElementById('root')!).render(<${name} ${props} />);`;

/** Waits until the dashboard in `frame` has loaded its data. */
export const dashboardLoaded = (frame: FrameDriver) => frame.waitFor(() => (window as any).__dashboard?.state().loads > 0, undefined, { timeout: 20_000 });

/** The errors the page has had since its first script. */
export const pageErrors = (page: FrameDriver) => page.evaluate(() => (window as any).__errors as string[]);
