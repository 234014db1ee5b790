// Picks the engine of this run (SVC_ENGINE, set per vitest project) and launches it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromiumDriver } from './chromium.js';
import { launchFirefoxDriver } from './firefox.js';
import type { BrowserDriver, Engine } from './types.js';
import { launchWebKitDriver } from './webkit.js';

export type * from './types.js';

/** Every engine, in the order the suites run. */
export const ENGINES: readonly Engine[] = ['chromium', 'firefox', 'webkit'];

/** The engine of this test run: `SVC_ENGINE` (each browser project of vitest.config.ts sets it). */
export function currentEngine(): Engine {
  const engine = process.env.SVC_ENGINE ?? 'chromium';
  if (!ENGINES.includes(engine as Engine)) throw new Error(`SVC_ENGINE must be one of ${ENGINES.join(', ')} (got ${engine})`);
  return engine as Engine;
}

/** Launches `engine` on a fresh profile; a missing browser is an error naming the apt command. */
export function launchEngine(options: { engine: Engine; root: string; requiredFiles: string[] }): Promise<BrowserDriver> {
  const missing = options.requiredFiles.filter((file) => !existsSync(join(options.root, file)));
  if (missing.length) return Promise.reject(new Error(`built files are missing (${missing.join(', ')}): run "node scripts/build.mjs" first (npm test does).`));
  const screenshots = join(options.root, 'reports', 'screenshots', options.engine);
  if (options.engine === 'firefox') return launchFirefoxDriver({ screenshots });
  if (options.engine === 'webkit') return launchWebKitDriver({ screenshots });
  return launchChromiumDriver({ root: options.root, screenshots, requiredFiles: options.requiredFiles });
}
