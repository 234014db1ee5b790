/** What a `fetch` `Response` (or anything shaped like one) tells about a request: `ok` and the status. */
export interface HttpAnswer {
  ok: boolean;
  status?: number;
  statusText?: string;
}

/**
 * `value` as a `Response`-like answer (an object whose `ok` is a boolean), or undefined. A mint or
 * revoke callback that resolves with one has answered about an HTTP request, not with its result.
 */
export function httpAnswer(value: unknown): HttpAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { ok } = value as HttpAnswer;
  return typeof ok === 'boolean' ? (value as HttpAnswer) : undefined;
}

/** "HTTP 404 Not Found", or "HTTP error" when the answer has no status. */
export function describeHttpAnswer(answer: HttpAnswer): string {
  if (typeof answer.status !== 'number') return 'an HTTP error';
  return `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
}
