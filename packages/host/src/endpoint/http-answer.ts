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
