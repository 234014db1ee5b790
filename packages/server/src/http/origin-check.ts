import type { ResolvedOptions } from '../resolve-options.js';

/** Why a request's origin was refused, or `null` when it may go on. */
type OriginVerdict = null | { message: string };

/**
 * The endpoint's CSRF guard, from the request's headers alone. A browser sends `Origin` on every
 * POST and DELETE: it must be one of `allowedOrigins` (an opaque `null` origin never is), and
 * `Sec-Fetch-Site: cross-site` is refused even then (the endpoint speaks no CORS: pages call it from
 * their own site). A request with neither header comes from no browser and follows
 * `requestsWithoutOrigin`; one with `Sec-Fetch-Site` but no `Origin` is a browser request that hides
 * where it comes from, and is refused.
 */
export function checkOrigin(header: (name: string) => string | null, options: Pick<ResolvedOptions, 'allowedOrigins' | 'requestsWithoutOrigin'>): OriginVerdict {
  const origin = header('origin');
  const fetchSite = header('sec-fetch-site');
  if (fetchSite?.toLowerCase() === 'cross-site') {
    return { message: 'cross-site requests are refused: call the endpoint from a page of your own site listed in allowedOrigins' };
  }
  if (origin === null) {
    if (fetchSite === null && options.requestsWithoutOrigin === 'allow') return null;
    return { message: 'requests without an Origin header are refused: call the endpoint with fetch from a page listed in allowedOrigins' };
  }
  if (!options.allowedOrigins.has(origin)) {
    return { message: 'this origin may not call the endpoint: add the page\'s origin to allowedOrigins if it should' };
  }
  return null;
}
