/**
 * Whether `value` is a `fetch` `Response`, or anything shaped like one (an object whose `ok` is a
 * boolean): a mint or revoke callback that resolves with one answered about an HTTP request, not
 * with its result.
 */
function isHttpAnswer(value: unknown): value is { ok: boolean; status?: number } {
  return typeof (value as { ok?: unknown } | null | undefined)?.ok === 'boolean';
}

/** "HTTP 404" for a failed HTTP answer (`ok === false`), else undefined. */
export function httpFailure(value: unknown): string | undefined {
  return isHttpAnswer(value) && !value.ok ? `HTTP ${value.status ?? 'error'}` : undefined;
}

/** The status of an HTTP answer (a `Response`, or anything shaped like one), else undefined. */
export function httpStatus(value: unknown): number | undefined {
  return isHttpAnswer(value) ? value.status : undefined;
}

/**
 * How long an HTTP answer's `Retry-After` asks to wait, ms: its seconds, or the time until its HTTP
 * date (at least 0); undefined without one that reads.
 */
export function retryAfterMs(value: unknown): number | undefined {
  const header = isHttpAnswer(value) ? (value as { headers?: Headers }).headers?.get('Retry-After') : undefined;
  if (!header) return undefined;
  const ms = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}
