/**
 * Reading a Fetch `Request`'s body (the routes use none): never past the limit, never past the
 * deadline. A declared `Content-Length` over the limit was refused before (request-checks.ts).
 */

/** `within` (read and dropped), `too-large` (stopped past the limit) or `timed-out` (not all there by the deadline). */
type BodyVerdict = 'within' | 'too-large' | 'timed-out';

/** The body's limits. */
export interface BodyLimits {
  limitBytes: number;
  timeoutMs: number;
}

/** Reads a request's body up to `limitBytes` and for at most `timeoutMs`; the stream is cancelled when either is passed. */
export async function readBodyWithin(body: ReadableStream<Uint8Array>, limits: BodyLimits): Promise<BodyVerdict> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), limits.timeoutMs);
  });
  try {
    const verdict = await Promise.race([drain(reader, limits.limitBytes), deadline]);
    if (verdict !== 'within') await reader.cancel().catch(() => undefined);
    return verdict;
  } finally {
    clearTimeout(timer);
  }
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, limitBytes: number): Promise<BodyVerdict> {
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'within';
    received += value.byteLength;
    if (received > limitBytes) return 'too-large';
  }
}
