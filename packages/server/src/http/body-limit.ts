/** Whether a request's body fits the limit: `within` (read and dropped; the routes use none) or `too-large`. */
export type BodyVerdict = 'within' | 'too-large';

/**
 * Reads the request's body up to `limitBytes` and no further: a `Content-Length` over the limit is
 * refused unread, and a streamed body is cancelled as soon as it passes the limit.
 */
export async function checkBodySize(request: Request, limitBytes: number): Promise<BodyVerdict> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limitBytes) return 'too-large';
  if (!request.body) return 'within';
  const reader = request.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'within';
    received += value.byteLength;
    if (received > limitBytes) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
  }
}
