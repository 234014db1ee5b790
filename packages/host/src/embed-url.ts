import type { EmbedOptions } from './embed-options.js';
import { EmbedError } from './errors.js';
import { onTenantOrigin } from './tenant-origin.js';

/**
 * The URL the iframe loads: `{baseUrl}/embed/dashboard/<publicId>`, or `src` (checked to be on the
 * tenant origin); plus `session` (`sessionId` for the chat surface) when a session id is given,
 * `allowExport=true` and `timezone` when asked. `undefined` when neither `publicId` nor `src` is set.
 * @throws {EmbedError} `invalid-option` for both `publicId` and `src`, or a `src` on another origin
 */
export function embedUrl(options: EmbedOptions, origin: string, sessionId?: string): string | undefined {
  const { publicId, src, timezone } = options;
  if (src && publicId) throw new EmbedError('invalid-option', 'give publicId or src, not both');
  if (!src && !publicId) return;
  const url = src
    ? onTenantOrigin(src, origin, 'src')
    : new URL(`embed/dashboard/${encodeURIComponent(publicId!)}`, options.baseUrl.replace(/\/*$/, '/'));
  const params = url.searchParams;
  if (sessionId) params.set(/\/embed\/chat\/?$/.test(url.pathname) ? 'sessionId' : 'session', sessionId);
  if (options.allowExport) params.set('allowExport', 'true');
  if (timezone) params.set('timezone', timezone);
  return url.href;
}
