/**
 * Milliseconds to wait from a `Retry-After` header: delay-seconds or an HTTP-date. Undefined when
 * the header is absent or unreadable.
 * @example parseRetryAfter('3', Date.now()) // 3000
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (!/[a-z]/i.test(text) || Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
