import { parseUrl, tenantOrigin } from './tenant-origin.js';

/** What {@link requiredCsp} needs to know: the options the page gives `createEmbed`, and where it loads the SDK from. */
export interface RequiredCspOptions {
  /** The tenant's base URL, as given to `createEmbed`: its origin goes in `frame-src`. */
  baseUrl: string;
  /**
   * The session endpoint, as given to `createEmbed`: a path (`/api/embed-session`) is fetched from
   * the page's own origin (`connect-src 'self'`); an absolute URL from its origin.
   */
  sessionEndpoint?: string;
  /**
   * Where the page loads the script file (`svc-embed.min.js`) from: a path (`'self'`) or a URL (its
   * origin). Leave it out when the SDK is in your own bundle (npm).
   */
  script?: string;
}

/** The directives a page's Content Security Policy needs for the SDK, as data and as a header value. */
export interface RequiredCsp {
  /** Each directive the SDK needs, with the sources to allow in it: `{ 'frame-src': ['https://tenant.example'] }`. */
  directives: Record<string, string[]>;
  /** The same as a `Content-Security-Policy` value: `frame-src https://tenant.example; connect-src 'self'`. */
  header: string;
}

/** `'self'` for a path, the origin of an absolute URL (`invalid-option` naming `option` for a malformed one). */
function sourceOf(url: string, option: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(url) ? parseUrl(url, option).origin : "'self'";
}

/**
 * The directives the host page's Content Security Policy needs for the SDK: `frame-src` with the
 * tenant origin (the iframe); with `sessionEndpoint`, `connect-src` with where it is fetched from; with
 * `script`, `script-src` with where the script file comes from. Nothing else: the SDK uses no inline
 * code, no `eval`, no `style` attribute and no HTML sink, so `style-src 'self'`, `require-trusted-types-for
 * 'script'` and `trusted-types 'none'` stay as they are. Add these sources to your policy's own
 * directives (`@svc-embed/server`'s `mergeCsp` does it for a policy your backend sends). Runs anywhere,
 * Node included; not in the script file (a page's policy comes from its server).
 * @throws {EmbedError} `invalid-option` for a `baseUrl` `createEmbed` would refuse, and for a
 *   `sessionEndpoint` or `script` that looks absolute but is not a URL
 * @example
 * requiredCsp({ baseUrl: 'https://tenant.example', sessionEndpoint: '/api/embed-session' }).header
 * // "frame-src https://tenant.example; connect-src 'self'"
 */
export function requiredCsp(options: RequiredCspOptions): RequiredCsp {
  const needed = [{ name: 'frame-src', source: tenantOrigin(options.baseUrl) }];
  if (options.sessionEndpoint !== undefined) needed.push({ name: 'connect-src', source: sourceOf(options.sessionEndpoint, 'sessionEndpoint') });
  if (options.script !== undefined) needed.push({ name: 'script-src', source: sourceOf(options.script, 'script') });
  const directives: Record<string, string[]> = {};
  for (const { name, source } of needed) directives[name] = [source];
  return { directives, header: needed.map(({ name, source }) => `${name} ${source}`).join('; ') };
}
