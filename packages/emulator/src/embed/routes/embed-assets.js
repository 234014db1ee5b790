import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError, sendBody } from '../../http-io.js';

const APP_DIR = fileURLToPath(new URL('../../../public/app/', import.meta.url));
const JS_TYPE = 'text/javascript; charset=utf-8';
/** Content types of the app's files, by extension. @type {Record<string, string>} */
const TYPES = { '.js': JS_TYPE, '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };

/**
 * The frame IIFE: the `frameScript` option, else `@svc-embed/frame`'s script-tag build (its `./iife`
 * export, a dependency of this package).
 * @throws {HttpError} 503, saying what to do, when neither is there
 */
function frameScriptPath(/** @type {string | undefined} */ configured) {
  if (configured) return configured;
  try {
    return createRequire(import.meta.url).resolve('@svc-embed/frame/iife');
  } catch (cause) {
    throw new HttpError(503, `the frame script @svc-embed/frame/iife cannot be resolved (${cause instanceof Error ? cause.message.split('\n')[0] : cause}): install @svc-embed/frame (a dependency of the emulator), build it in this repository (node scripts/build.mjs), or pass the frameScript option`);
  }
}

/**
 * Static files of the embedded dashboard: `GET /embed/assets/app/<file>` from `public/app/` (only
 * files that exist there, no paths) and `GET /embed/assets/svc-embed-frame.min.js`, the frame half's
 * script-tag build (build it first: `node scripts/build.mjs`).
 * @type {import('../../router.js').RouteModule}
 */
export default {
  name: 'embed-assets',
  routes: [
    {
      method: 'GET',
      path: '/embed/assets/app/:file',
      async handle({ res, params }) {
        const file = params.file ?? '';
        const files = await readdir(APP_DIR);
        if (!files.includes(file)) throw new HttpError(404, `no asset named ${file}`);
        const type = TYPES[extname(file)] ?? 'application/octet-stream';
        sendBody(res, 200, await readFile(join(APP_DIR, file)), { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
      },
    },
    {
      method: 'GET',
      path: '/embed/assets/svc-embed-frame.min.js',
      async handle({ res, emulator }) {
        const path = frameScriptPath(emulator.options.frameScript);
        let body;
        try {
          body = await readFile(path);
        } catch {
          throw new HttpError(503, `the frame script is missing at ${path}; build it with "node scripts/build.mjs"`);
        }
        sendBody(res, 200, body, { 'Content-Type': JS_TYPE, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
      },
    },
  ],
};
