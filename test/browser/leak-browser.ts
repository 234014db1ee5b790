// Chromium for the leak test: Debian's build through playwright-core on a fresh profile, and the
// heap and DOM figures of one page or frame over CDP.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Frame, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Launches Chromium on a fresh temporary profile; throws, saying how to fix it, when it or the build is missing. */
export async function launchChromium(root: string): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is not installed at ${CHROMIUM}: the leak test needs it and never skips. Install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  const missing = ['packages/host/dist/iife/svc-embed.min.js', 'packages/frame/dist/iife/svc-embed-frame.min.js'].filter((file) => !existsSync(join(root, file)));
  if (missing.length) throw new Error(`built files are missing (${missing.join(', ')}): run "node scripts/build.mjs" first (npm test does).`);
  const profile = mkdtempSync(join(tmpdir(), 'svc-embed-leaks-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  context.setDefaultTimeout(15_000);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface HeapFigures {
  /** V8 heap in use after full garbage collections, bytes. */
  usedBytes: number;
  /** Blink's counters: documents, DOM nodes and JS event listeners of the renderer. */
  documents: number;
  nodes: number;
  jsEventListeners: number;
}

/** Heap and DOM figures of a page or an (out-of-process) frame, each read after forced full GCs. */
export async function heapOf(target: Page | Frame): Promise<{ measure(): Promise<HeapFigures>; detach(): Promise<void> }> {
  const page = 'mainFrame' in target ? target : target.page();
  const session: CDPSession = await page.context().newCDPSession(target);
  await session.send('HeapProfiler.enable');
  return {
    async measure() {
      // Several rounds: a collection can free objects whose finalization frees more.
      for (let i = 0; i < 3; i++) await session.send('HeapProfiler.collectGarbage');
      const { usedSize } = await session.send('Runtime.getHeapUsage');
      const { documents, nodes, jsEventListeners } = await session.send('Memory.getDOMCounters');
      return { usedBytes: usedSize, documents, nodes, jsEventListeners };
    },
    detach: () => session.detach(),
  };
}
