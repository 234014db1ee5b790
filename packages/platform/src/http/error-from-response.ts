import type { RequestTarget } from '../errors.js';
import {
  BadRequestError,
  ForbiddenError,
  HttpStatusError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
} from '../http-errors.js';
import { parseRetryAfter } from './retry-after.js';

/** Longest error body read; error bodies are short `{ error }` objects. */
const MAX_ERROR_BODY_CHARS = 2000;

/** The `error` string of a `{ error }` body, else the start of the body text. */
async function serverMessageOf(response: Response): Promise<string> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return '';
  }
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string')
      return (body as { error: string }).error;
  } catch {
    // not JSON: fall through to the text
  }
  return text.trim().slice(0, MAX_ERROR_BODY_CHARS);
}

/** Turns a non-2xx response into the matching error class; consumes the body. */
export async function errorFromResponse(response: Response, request: RequestTarget, now: number): Promise<HttpStatusError> {
  const message = await serverMessageOf(response);
  switch (response.status) {
    case 400:
      return new BadRequestError(request, message);
    case 401:
      return new UnauthorizedError(request, message);
    case 403:
      return new ForbiddenError(request, message);
    case 404:
      return new NotFoundError(request, message);
    case 429:
      return new RateLimitedError(request, message, parseRetryAfter(response.headers.get('retry-after'), now));
    default: {
      const location = response.headers.get('location');
      return new HttpStatusError(request, response.status, location ? `${message} (redirect to ${location} not followed)`.trim() : message);
    }
  }
}
