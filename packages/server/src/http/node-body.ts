/**
 * Reading a node request's body, after the checks that need none of it: never past the limit (one
 * byte more at most, so the handler can tell), never past the deadline.
 */
import type { IncomingMessage } from 'node:http';
import type { BodyLimits } from './body-limit.js';

/** The body read (`null` for none), or why it was not. */
type NodeBody = { kind: 'read'; bytes: Uint8Array<ArrayBuffer> | null } | { kind: 'too-large' } | { kind: 'timed-out' };

/**
 * Whether the request declares a body: a `Content-Length` over 0, or a `Transfer-Encoding` (HTTP/1.1
 * gives a request with neither no body at all).
 */
export function declaresBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** Reads `req`'s body within `limits`. A body an earlier parser consumed counts as none. */
export function readNodeBody(req: IncomingMessage, limits: BodyLimits): Promise<NodeBody> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.readableEnded || !declaresBody(req)) return Promise.resolve({ kind: 'read', bytes: null });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.pause();
    };
    const finish = (body: NodeBody) => {
      stop();
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size > limits.limitBytes) finish({ kind: 'too-large' });
    };
    const onEnd = () => finish({ kind: 'read', bytes: size > 0 ? new Uint8Array(Buffer.concat(chunks)) : null });
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const timer = setTimeout(() => finish({ kind: 'timed-out' }), limits.timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
