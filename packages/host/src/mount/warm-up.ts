import type { Scope } from '@svc-embed/runtime';
import { underBaseUrl } from './embed-url.js';

/** What {@link warmUp} needs. */
export interface WarmUpOptions {
  /** The iframe the embed created in its container: the warm-up iframe goes right after it. */
  iframe: HTMLIFrameElement;
  /** The tenant's `baseUrl`. */
  baseUrl: string;
  /** The embed's scope: destroying the embed removes the warm-up. */
  scope: Scope;
}

/**
 * Opens a connection to the tenant while the first session id is minted, so that the embed's URL,
 * once set, loads over it: a hidden (`display: none`), sandboxed iframe next to the embed's loads
 * `{baseUrl}/api/v1/embed/session/token` by GET. That endpoint takes only POST, so the tenant answers
 * with a short error: no id and no credential are sent, no script can run, nothing changes. Only a
 * frame of the tenant opens a connection the embed's iframe may reuse: Chromium keeps a page's
 * connections apart from those of its cross-site frames, so a `<link rel="preconnect">` from the page
 * saves nothing there (BENCHMARKS.md, time to first dashboard). The warm-up adds no history entry (a
 * frame's first navigation replaces its initial blank page). Only for an iframe the embed created:
 * beside a wrapped one the page is the page's own. Returns the function that removes it.
 */
export function warmUp(options: WarmUpOptions): () => void {
  const { iframe } = options;
  const warm = iframe.ownerDocument.createElement('iframe');
  warm.style.display = 'none';
  warm.sandbox = '';
  warm.src = underBaseUrl(options.baseUrl, 'api/v1/embed/session/token').href;
  iframe.after(warm);
  const remove = () => warm.remove();
  options.scope.onDispose(remove);
  return remove;
}
