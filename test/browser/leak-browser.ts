// Chromium for the leak test: Debian's build through playwright-core on a fresh profile, and the
// heap and DOM figures of one page or frame over CDP.
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.mjs';

/** Launches Chromium on a fresh temporary profile; throws, saying how to fix it, when it or the build is missing. */
export function launchBrowserForLeaks(root: string): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  return launchChromium({ root, who: 'the leak test', requiredFiles: ['packages/host/dist/iife/svc-embed.min.js', 'packages/frame/dist/iife/svc-embed-frame.min.js'] });
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
