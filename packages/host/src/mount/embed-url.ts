import type { EmbedOptions } from './embed-options.js';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { onTenantOrigin } from './tenant-origin.js';

/** What {@link embedUrl} builds from. */
interface EmbedUrlTarget {
  /** The options of `createEmbed`: `publicId` or `src`, `allowExport`, `timezone`. */
  options: EmbedOptions;
  /** The tenant origin a `src` must be on. */
  origin: string;
  /** The session id to put in the URL, for a signed embed. */
  sessionId?: string;
}

/** A public id is one path segment of URL-safe characters; `.` and `..` would leave the dashboard's path. */
const PUBLIC_ID = /^[\w.~-]{1,128}$/;

/** Encoded `/` or `\`: a server that decodes them would see another path. */
const ENCODED_SEPARATOR = /%2f|%5c/i;

/** `path` resolved under the tenant's `baseUrl` (its origin, with or without a trailing `/`). */
const underBaseUrl = (baseUrl: string, path: string): URL => new URL(path, baseUrl.replace(/\/*$/, '/'));

/**
 * The URL the iframe loads: `{baseUrl}/embed/dashboard/<publicId>`, or `src` (checked to be on the
 * tenant origin, under `{baseUrl}/embed/`); plus `session` (`sessionId` for the chat surface) when a
 * session id is given, `allowExport=true` and `timezone` when asked. `undefined` when neither
 * `publicId` nor `src` is set.
 * @throws {EmbedError} `invalid-option` for both `publicId` and `src`, a malformed `publicId`, or a
 * `src` that is not an embed path on the tenant origin
 */
export function embedUrl(target: EmbedUrlTarget): string | undefined {
  const { options, origin, sessionId } = target;
  const { publicId, src, timezone } = options;
  if (src && publicId !== undefined) throw new EmbedError('invalid-option', DEV ? 'give publicId or src, not both' : ['publicId', 'src']);
  const embedRoot = underBaseUrl(options.baseUrl, 'embed/');
  let url: URL;
  if (src) url = embedSrc(src, { origin, embedRoot });
  else if (publicId !== undefined) url = new URL(`dashboard/${checkPublicId(publicId)}`, embedRoot);
  else return undefined;
  const params = url.searchParams;
  if (sessionId) params.set(/\/embed\/chat\/?$/.test(url.pathname) ? 'sessionId' : 'session', sessionId);
  if (options.allowExport) params.set('allowExport', 'true');
  if (timezone) params.set('timezone', timezone);
  return url.href;
}

/**
 * `publicId` when it can be a dashboard's public id: 1 to 128 letters, digits, `-`, `_`, `.` or `~`,
 * and not `.` or `..`.
 * @throws {EmbedError} `invalid-option`
 */
function checkPublicId(publicId: unknown): string {
  if (typeof publicId === 'string' && PUBLIC_ID.test(publicId) && publicId !== '.' && publicId !== '..') return publicId;
  throw new EmbedError('invalid-option', DEV ? `publicId must be a dashboard's public id: 1 to 128 of A-Z a-z 0-9 - _ . ~, not . or .. (got ${JSON.stringify(publicId)})` : ['publicId', publicId]);
}

/**
 * `src` parsed and normalised (dot segments resolved), when it is an embed path on the tenant origin:
 * under `{baseUrl}/embed/`, with no encoded `/` or `\`.
 * @throws {EmbedError} `invalid-option`
 */
function embedSrc(src: string, where: { origin: string; embedRoot: URL }): URL {
  const url = onTenantOrigin(src, where.origin, 'src');
  const root = where.embedRoot.pathname;
  if (url.pathname.length > root.length && url.pathname.startsWith(root) && !ENCODED_SEPARATOR.test(url.pathname)) return url;
  throw new EmbedError('invalid-option', DEV ? `src must be an embed URL under ${where.embedRoot.href} (got ${src}, which is ${url.pathname})` : ['src', src, where.embedRoot.href]);
}
