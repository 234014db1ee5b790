import type { EmbedOptions } from './embed-options.js';
import { EmbedError } from './errors.js';
import { onTenantOrigin } from './tenant-origin.js';

/** What {@link embedUrl} builds from. */
export interface EmbedUrlTarget {
  /** The options of `createEmbed`: `publicId` or `src`, `allowExport`, `timezone`. */
  options: EmbedOptions;
  /** The tenant origin a `src` must be on. */
  origin: string;
  /** The session id to put in the URL, for a signed embed. */
  sessionId?: string;
}

/**
 * The URL the iframe loads: `{baseUrl}/embed/dashboard/<publicId>`, or `src` (checked to be on the
 * tenant origin); plus `session` (`sessionId` for the chat surface) when a session id is given,
 * `allowExport=true` and `timezone` when asked. `undefined` when neither `publicId` nor `src` is set.
 * @throws {EmbedError} `invalid-option` for both `publicId` and `src`, or a `src` on another origin
 */
export function embedUrl(target: EmbedUrlTarget): string | undefined {
  const { options, origin, sessionId } = target;
  const { publicId, src, timezone } = options;
  if (src && publicId) throw new EmbedError('invalid-option', 'give publicId or src, not both');
  let url: URL;
  if (src) url = onTenantOrigin(src, origin, 'src');
  else if (publicId) url = new URL(`embed/dashboard/${encodeURIComponent(publicId)}`, options.baseUrl.replace(/\/*$/, '/'));
  else return undefined;
  const params = url.searchParams;
  if (sessionId) params.set(/\/embed\/chat\/?$/.test(url.pathname) ? 'sessionId' : 'session', sessionId);
  if (options.allowExport) params.set('allowExport', 'true');
  if (timezone) params.set('timezone', timezone);
  return url.href;
}
