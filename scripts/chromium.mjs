// Debian's Chromium through playwright-core, as every real-browser suite and benchmark here runs it:
// the flags that work headless as root on this machine kind without reaching the network, and a
// fresh profile per launch. A missing browser or build is an error that says how to fix it (the
// suites fail, never skip).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** The Chromium binary: `CHROMIUM_PATH`, else Debian's. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless as root, no GPU, no QUIC, and no background connections to a closed network. */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Launches Chromium on a fresh temporary profile, after checking that it and `requiredFiles`
 * (paths under `root`, such as the built IIFEs) exist.
 * @param {{ root: string, requiredFiles?: string[], who?: string, contextOptions?: import('playwright-core').BrowserContextOptions }} options
 * @returns {Promise<{ context: import('playwright-core').BrowserContext, close(): Promise<void> }>}
 */
export async function launchChromium({ root, requiredFiles = [], who = 'this suite', contextOptions = {} }) {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is not installed at ${CHROMIUM}: ${who} needs it and never skips. Install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  const missing = requiredFiles.filter((file) => !existsSync(join(root, file)));
  if (missing.length) throw new Error(`built files are missing (${missing.join(', ')}): run "node scripts/build.mjs" first (npm test does).`);
  const profile = mkdtempSync(join(tmpdir(), 'svc-embed-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, { ...contextOptions, executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  // Every wait has a bound, so a broken condition fails instead of hanging.
  context.setDefaultTimeout(15_000);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
