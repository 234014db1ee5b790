import { PAGE_SESSION_ELEMENT_ID } from '@svc-embed/protocol/session-endpoint';
import { DEV } from '../base/dev-mode.js';

/** What a {@link FirstSession} is given: how to start the embed, with the page's id or without. */
export interface FirstSessionTarget {
  /** The page's window (its document and `sessionStorage`). */
  window: Window;
  /** The embed's scope: an embed that has ended takes no id. */
  scope: { readonly disposed: boolean };
  /** Records the page's id in the embed's side of the ledger, with its viewer's tag (the sign-out covers it by it). */
  record(sessionId: string, viewer?: string): void;
  /** Starts the embed with the page's id (no mint), or without one (it mints through its endpoint). Once. */
  start(sessionId?: string): void;
}

/**
 * `createEmbed`'s `firstSession` option: starts the embed with a first id the page was rendered
 * with, or without (none, stale, used already: the embed mints one through its session endpoint).
 * `sessionFromPage()` makes one.
 */
export type FirstSession = (target: FirstSessionTarget) => void;

/** Options of {@link sessionFromPage}. */
export interface SessionFromPageOptions {
  /** The id of the `<script type="application/json">` element. Default `svc-embed-session`. */
  elementId?: string;
}

/** How long before its expiry a page's id is no longer used: the page's way to the frame, and clocks a little apart. */
const EXPIRY_MARGIN_MS = 60_000;

/** Where a tab keeps the page ids it has used (`sessionStorage`: a back button, a restored or duplicated tab sees them). */
const USED_KEY = 'svc-embed:page-ids';

/** What the script element says, when it says it right. */
interface PageScript {
  sessionId: string;
  viewer?: string;
  expiresAt: number;
}

/** The element's JSON, when it is `{ sessionId, expiresAt, viewer? }` with the right types; else `undefined`. */
function readScript(text: string): PageScript | undefined {
  try {
    const value: unknown = JSON.parse(text);
    const { sessionId, expiresAt, viewer } = (value ?? {}) as Partial<Record<keyof PageScript, unknown>>;
    if (typeof sessionId !== 'string' || !sessionId || typeof expiresAt !== 'number') return undefined;
    return { sessionId, expiresAt, viewer: typeof viewer === 'string' ? viewer : undefined };
  } catch {
    return undefined;
  }
}

/** Marks `sessionId` used in this tab; `false` when it was already (or the tab keeps nothing: then it is used once per page load). */
function claim(win: Window, sessionId: string): boolean {
  try {
    const storage = win.sessionStorage;
    const used: unknown = JSON.parse(storage.getItem(USED_KEY) ?? '[]');
    const list = Array.isArray(used) ? used.filter((id) => typeof id === 'string') : [];
    if (list.includes(sessionId)) return false;
    // The last few are enough: an older page id has expired anyway.
    storage.setItem(USED_KEY, JSON.stringify([...list, sessionId].slice(-20)));
    return true;
  } catch {
    return true;
  }
}

/**
 * The `firstSession` option of `createEmbed` that takes the first session id from the page: the
 * `<script type="application/json" id="svc-embed-session">` your server rendered with
 * `pageSessionScript(await endpoint.mintForPage(request))` (`@svc-embed/server`). The first load
 * uses it at once, without calling the session endpoint; renewal mints through the endpoint as
 * before, and the ledger's `logout()` revokes it like any other id. An id that cannot serve (none in
 * the page, within a minute of its 5-minute expiry: a cached page, a tab left open; or used already in
 * this tab: a back button, a page restored from the back-forward cache, a second embed) is left
 * alone and the embed mints one as usual, with no error shown; a script element that is not the
 * server's JSON is skipped the same way, and said once on the console in development. A data block
 * runs no code, so a Content Security Policy without `'unsafe-inline'` allows it. An app that does
 * not import `sessionFromPage` does not carry it.
 * @example
 * createEmbed({ baseUrl, publicId: 'd-42', container: '#analytics', sessionEndpoint: '/api/embed-session', firstSession: sessionFromPage() })
 */
export function sessionFromPage(options: SessionFromPageOptions = {}): FirstSession {
  const { elementId = PAGE_SESSION_ELEMENT_ID } = options;
  let said = false;
  /** The page's id, when it can serve (claimed for this embed); else `undefined`. */
  const take = (win: Window): PageScript | undefined => {
    const element = win.document.getElementById(elementId);
    if (!element) return undefined;
    const page = readScript(element.textContent ?? '');
    if (!page) {
      if (DEV && !said) console.warn(`[svc-embed] sessionFromPage: #${elementId} is not the JSON pageSessionScript() renders ({ "sessionId", "expiresAt" }); the embed mints its first id through its endpoint`);
      said = true;
      return undefined;
    }
    return Date.now() > page.expiresAt - EXPIRY_MARGIN_MS || !claim(win, page.sessionId) ? undefined : page;
  };
  // In a microtask, like a mint: an embed destroyed in the task that made it (React StrictMode's) leaves the id to the next.
  return ({ window: win, scope, record, start }) => void Promise.resolve().then(() => {
    if (scope.disposed) return;
    const page = take(win);
    if (page) record(page.sessionId, page.viewer);
    start(page?.sessionId);
  });
}
