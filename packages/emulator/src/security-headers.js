/**
 * Headers of every embedded page. `frame-ancestors` lists exactly the configured host origins (or
 * `'none'`): no `'self'`, no wildcard, so only those pages can frame the surface.
 * @param {string[]} hostOrigins
 */
export function embedPageHeaders(hostOrigins) {
  const ancestors = hostOrigins.length ? hostOrigins.join(' ') : "'none'";
  return {
    'Content-Security-Policy': [
      `frame-ancestors ${ancestors}`,
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}
