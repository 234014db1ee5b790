/** What the fake frame learns from the URL the embed loads: the page's origin and its session id. */
export interface LoadedUrl {
  origin: string;
  /** The `session` (or `sessionId`) parameter: the embed is signed when there is one. */
  sessionId: string | undefined;
}

/** The URL in the iframe's `src` attribute, or `undefined` while the embed has set none. */
export function readIframeSrc(iframe: HTMLIFrameElement): LoadedUrl | undefined {
  const src = iframe.getAttribute('src');
  if (!src) return undefined;
  try {
    const url = new URL(src, iframe.ownerDocument.baseURI);
    return { origin: url.origin, sessionId: url.searchParams.get('session') ?? url.searchParams.get('sessionId') ?? undefined };
  } catch {
    return undefined;
  }
}

/**
 * Calls `onSet` once the iframe has a `src` (at once when it has one already), through a
 * MutationObserver on the attribute, which happy-dom and jsdom deliver in a microtask whatever the
 * timers. Returns a function that stops watching.
 */
export function whenIframeSrcSet(iframe: HTMLIFrameElement, onSet: (url: LoadedUrl) => void): () => void {
  const now = readIframeSrc(iframe);
  if (now) {
    onSet(now);
    return () => {};
  }
  const Observer = iframe.ownerDocument.defaultView?.MutationObserver ?? globalThis.MutationObserver;
  if (!Observer) return () => {};
  const observer = new Observer(() => {
    const url = readIframeSrc(iframe);
    if (!url) return;
    observer.disconnect();
    onSet(url);
  });
  observer.observe(iframe, { attributes: true, attributeFilter: ['src'] });
  return () => observer.disconnect();
}
