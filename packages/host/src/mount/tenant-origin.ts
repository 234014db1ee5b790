import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';

/** Parses an absolute URL; throws an `invalid-option` error naming `option` otherwise. */
/** `value` as a URL; `invalid-option` naming `option` when it is not an absolute URL. */
export function parseUrl(value: string, option: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new EmbedError('invalid-option', DEV ? `${option} must be an absolute URL (got ${value})` : [option, value]);
  }
}

/**
 * The tenant origin (scheme, host and port) of `baseUrl`, the only origin messages are accepted from
 * and posted to. `https` is required; `http` only for localhost, 127.0.0.1 and [::1]. `baseUrl` is
 * the origin alone: the service serves its embeds at `/embed/` of its origin, so a path would load
 * a page that never answers (and spend a session id on it).
 * @throws {EmbedError} `invalid-option`
 * @example tenantOrigin('https://tenant.example/') // 'https://tenant.example'
 */
export function tenantOrigin(baseUrl: string): string {
  const { protocol, hostname, origin, pathname, search, hash } = parseUrl(baseUrl, 'baseUrl');
  if (protocol !== 'https:' && !(protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(hostname)))
    throw new EmbedError('invalid-option', DEV ? `baseUrl must use https (got ${baseUrl}); http is only accepted for localhost, 127.0.0.1 and [::1]` : ['baseUrl', baseUrl]);
  if (pathname !== '/' || search || hash)
    throw new EmbedError('invalid-option', DEV ? `baseUrl is the tenant's origin alone: write ${origin} (got ${baseUrl})` : ['baseUrl', baseUrl, origin]);
  return origin;
}

/**
 * Parses `value` and checks that it is on the tenant origin.
 * @throws {EmbedError} `invalid-option` naming `option`
 */
export function onTenantOrigin(value: string, origin: string, option: string): URL {
  const url = parseUrl(value, option);
  if (url.origin !== origin) throw new EmbedError('invalid-option', DEV ? `${option} must be on ${origin} (got ${value})` : [option, value, origin]);
  return url;
}
