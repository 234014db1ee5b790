import { PAGE_SESSION_ELEMENT_ID, type PageSessionAnswer } from '@svc-embed/protocol/session-endpoint';
import { EndpointError } from './errors.js';

/** Options of {@link pageSessionScript}. */
export interface PageSessionScriptOptions {
  /** The page's Content Security Policy nonce, for a policy that wants one on every `<script>` (a data block runs no code either way). */
  nonce?: string;
  /** The element's id. Default `svc-embed-session`, what `sessionFromPage()` reads; give the same to `sessionFromPage({ elementId })`. */
  elementId?: string;
}

/** What a CSP nonce is made of (base64 and base64url). */
const NONCE = /^[A-Za-z0-9+/_=-]+$/;
/** An element id that needs no escaping in an attribute or a selector. */
const ELEMENT_ID = /^[A-Za-z][A-Za-z0-9_:.-]*$/;
/** The characters that could end the script element or confuse an HTML or JavaScript parser, as JSON escapes. */
const UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * The `<script type="application/json">` element that hands the page's first id (from
 * `endpoint.mintForPage`) to `createEmbed({ firstSession: sessionFromPage() })`; an empty string
 * for `null` (no id was minted: the embed mints through the endpoint). Safe in any HTML body: `<`,
 * `>` and `&` are written as JSON escapes, so nothing in it can end the element. The element is a
 * data block: a Content Security Policy without `'unsafe-inline'` allows it; `nonce` adds one for
 * a policy or a checker that wants it on every script.
 * @throws {EndpointError} `invalid-options` for a nonce or element id that is not one (so nothing can break out of the attribute)
 * @example
 * res.send(`<!doctype html>…<body>${pageSessionScript(await endpoint.mintForPage(req), { nonce: res.locals.nonce })}<div id="analytics"></div>…`);
 */
export function pageSessionScript(session: PageSessionAnswer | null, options: PageSessionScriptOptions = {}): string {
  const { nonce, elementId = PAGE_SESSION_ELEMENT_ID } = options;
  if (nonce !== undefined && !NONCE.test(nonce)) throw new EndpointError('invalid-options', `pageSessionScript: nonce must be a CSP nonce (base64 characters), got ${JSON.stringify(nonce)}`);
  if (!ELEMENT_ID.test(elementId)) throw new EndpointError('invalid-options', `pageSessionScript: elementId must be a letter then letters, digits, _ : . or -, got ${JSON.stringify(elementId)}`);
  if (!session) return '';
  const { sessionId, viewer, mintedAt, expiresAt } = session;
  const json = JSON.stringify({ sessionId, viewer, mintedAt, expiresAt }).replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
  return `<script type="application/json" id="${elementId}"${nonceAttribute}>${json}</script>`;
}
