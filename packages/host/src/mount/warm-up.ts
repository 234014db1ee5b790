import type { Scope } from '@svc-embed/runtime';

/** What {@link warmUp} needs. */
interface WarmUpOptions {
  /** The document of the embed's iframe: the hint goes in its `<head>`. */
  document: Document;
  /** The tenant origin. */
  origin: string;
  /** The embed's scope: destroying the embed removes the hint. */
  scope: Scope;
}

/**
 * Whether a connection the page opens can serve its cross-site frames: in Firefox and WebKit, which
 * key connections by the top-level site; not in Chromium, which keys them by the frame's site too, so
 * a hint there would open a connection nothing uses (a handshake at the tenant per load, for nothing).
 * `navigator.userAgentData` is Chromium's alone (Chrome, Edge, Opera, Brave…).
 */
export function sharesConnections(win: Window): boolean {
  return !(win.navigator as { userAgentData?: unknown }).userAgentData;
}

/**
 * Opens a connection to the tenant while the first session id is minted, so that the embed's URL,
 * once set, loads over it: a `<link rel="preconnect">` to the tenant origin in the page's `<head>`.
 * The browser resolves, connects and shakes hands, and sends no request: nothing reaches the
 * tenant, nothing can fail, nothing is printed. Firefox and WebKit key their connections by the
 * top-level site, so the iframe finds it open; Chromium keeps a page's connections apart from those
 * of its cross-site frames, and gets none ({@link sharesConnections}; BENCHMARKS.md, time to first dashboard, has the
 * figures, and the iframe warm-up this replaced: faster in Chromium, but the tenant answered it with
 * an error, which every engine showed as a failed load). Returns the function that removes it.
 */
export function warmUp(options: WarmUpOptions): () => void {
  const link = options.document.createElement('link');
  link.rel = 'preconnect';
  link.href = options.origin;
  options.document.head.append(link);
  const remove = () => link.remove();
  options.scope.onDispose(remove);
  return remove;
}
