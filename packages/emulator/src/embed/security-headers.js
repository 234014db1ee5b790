/**
 * Headers of every embedded page. `frame-ancestors` lists exactly the configured host origins (or
 * `'none'`): no `'self'`, no wildcard, so only those pages can frame the surface. The rest is the
 * strict policy a security-minded tenant would serve: scripts and styles from files on this origin
 * only (no inline code or style attributes, no eval), and Trusted Types enforced with no policy, so
 * no string ever reaches an HTML sink. The frame half and the dashboard app run under it.
 * @param {string[]} hostOrigins
 */
export function embedPageHeaders(hostOrigins) {
  const ancestors = hostOrigins.length ? hostOrigins.join(' ') : "'none'";
  return {
    'Content-Security-Policy': [
      `frame-ancestors ${ancestors}`,
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "require-trusted-types-for 'script'",
      "trusted-types 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}
