import type { ClientContext } from '../context.js';
import { AbortedError, NetworkError, type RequestTarget } from '../errors.js';
import { HttpStatusError, RateLimitedError } from '../http-errors.js';
import { errorFromResponse } from './error-from-response.js';

/** One HTTP request of an operation. */
interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT';
  /** Path on the base URL, segments already encoded. */
  path: string;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** JSON body. */
  body?: unknown;
  /** `Accept` header (default `application/json`). */
  accept?: string;
  /**
   * True when sending the request twice has the effect of sending it once. Only such requests are
   * retried (network failure, 429 within `maxRetryAfterMs`, 502-504); others are sent exactly once.
   */
  idempotent: boolean;
  signal?: AbortSignal | undefined;
}

/** A 2xx response and the request it answers. */
export interface SentRequest {
  response: Response;
  target: RequestTarget;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

function urlOf(ctx: ClientContext, spec: RequestSpec): { url: string; target: RequestTarget } {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(spec.query ?? {})) if (value !== undefined) params.set(name, String(value));
  const search = params.size ? `?${params}` : '';
  return { url: `${ctx.baseUrl}${spec.path}${search}`, target: { method: spec.method, path: `${spec.path}${search}` } };
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message;
  const message = error instanceof Error ? error.message : String(error);
  return detail ? `${message} (${detail})` : message;
}

/** One attempt: fetch with a timeout on the headers, errors mapped to the package's classes. */
async function attempt(ctx: ClientContext, spec: RequestSpec, url: string, target: RequestTarget): Promise<Response> {
  if (spec.signal?.aborted) throw new AbortedError(`${target.method} ${target.path}`, spec.signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(spec.signal?.reason);
  spec.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ctx.timeoutMs);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${ctx.apiKey}`,
    Accept: spec.accept ?? 'application/json',
    'User-Agent': ctx.userAgent,
  };
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await ctx.fetch(url, {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: controller.signal,
      redirect: 'manual',
    });
    if (response.ok) return response;
    throw await errorFromResponse(response, target, ctx.clock.now());
  } catch (error) {
    if (error instanceof HttpStatusError) throw error;
    if (spec.signal?.aborted) throw new AbortedError(`${target.method} ${target.path}`, spec.signal.reason);
    if (timedOut) throw new NetworkError(target, `no response within ${ctx.timeoutMs} ms`, error);
    throw new NetworkError(target, reasonOf(error), error);
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onAbort);
  }
}

/** How long to wait before retrying after `error`, or undefined when it must not be retried. */
function retryDelay(ctx: ClientContext, error: unknown, retryIndex: number): number | undefined {
  const backoff = ctx.retryDelayMs * 2 ** retryIndex;
  if (error instanceof NetworkError) return backoff;
  if (error instanceof RateLimitedError) {
    const wait = error.retryAfterMs ?? backoff;
    return wait <= ctx.maxRetryAfterMs ? wait : undefined;
  }
  if (error instanceof HttpStatusError && RETRYABLE_STATUS.has(error.status)) return backoff;
  return undefined;
}

/**
 * Sends a request and resolves with its 2xx response (body unread). Non-2xx statuses reject with
 * the matching {@link HttpStatusError} subclass, failures without a response with a
 * {@link NetworkError}. Idempotent requests are retried at most `ctx.retries` times.
 */
export async function send(ctx: ClientContext, spec: RequestSpec): Promise<SentRequest> {
  const { url, target } = urlOf(ctx, spec);
  const attempts = spec.idempotent ? ctx.retries + 1 : 1;
  for (let index = 0; ; index += 1) {
    try {
      return { response: await attempt(ctx, spec, url, target), target };
    } catch (error) {
      const delay = index + 1 < attempts ? retryDelay(ctx, error, index) : undefined;
      if (delay === undefined) throw error;
      await ctx.clock.sleep(delay, spec.signal);
    }
  }
}
