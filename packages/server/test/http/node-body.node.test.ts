// Reading a node request's body (http/node-body.ts) on its own, over a stream standing in for the
// IncomingMessage: which requests declare a body, the body read whole up to limitBytes, one byte
// more refused, a stalled one timed out, a failing one rejected; every way out leaves no listener.
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { declaresBody, readNodeBody } from '../../src/http/node-body.js';

const LIMITS = { limitBytes: 8, timeoutMs: 1_000 };

/** A request stream with `method` and `headers`, its body written by the test. */
function request(method: string, headers: Record<string, string>) {
  const stream = new PassThrough();
  return { stream, req: Object.assign(stream, { method, headers }) as unknown as IncomingMessage };
}

const listeners = (stream: PassThrough) => ['data', 'end', 'error'].map((event) => stream.listenerCount(event));

describe('declaresBody', () => {
  it.each([
    ['no Content-Length and no Transfer-Encoding', {}, false],
    ['Content-Length: 0', { 'content-length': '0' }, false],
    ['Content-Length: 1', { 'content-length': '1' }, true],
    ['Transfer-Encoding: chunked', { 'transfer-encoding': 'chunked' }, true],
  ])('%s: %s', (_, headers, declared) => {
    expect(declaresBody(request('POST', headers).req)).toBe(declared);
  });
});

describe('readNodeBody', () => {
  it.each(['GET', 'HEAD'])('reads no body of a %s, even one declared', async (method) => {
    const { req, stream } = request(method, { 'content-length': '4' });
    expect(await readNodeBody(req, LIMITS)).toEqual({ kind: 'read', bytes: null });
    expect(listeners(stream)).toEqual([0, 0, 0]);
  });

  it('reads no body of a request that declares none, nor of one already read', async () => {
    expect(await readNodeBody(request('POST', {}).req, LIMITS)).toEqual({ kind: 'read', bytes: null });
    const { req, stream } = request('POST', { 'content-length': '4' });
    stream.end();
    stream.resume();
    await new Promise((resolve) => stream.once('end', resolve));
    expect(await readNodeBody(req, LIMITS)).toEqual({ kind: 'read', bytes: null });
  });

  it('reads a body of exactly limitBytes whole, over several chunks, and leaves no listener', async () => {
    const { req, stream } = request('POST', { 'content-length': '8' });
    const read = readNodeBody(req, LIMITS);
    stream.write(Buffer.from('abc'));
    stream.end(Buffer.from('defgh'));
    expect(await read).toEqual({ kind: 'read', bytes: new Uint8Array(Buffer.from('abcdefgh')) });
    expect(listeners(stream)).toEqual([0, 0, 0]);
  });

  it('reads a declared body that turns out empty as none', async () => {
    const { req, stream } = request('POST', { 'transfer-encoding': 'chunked' });
    const read = readNodeBody(req, LIMITS);
    stream.end();
    expect(await read).toEqual({ kind: 'read', bytes: null });
  });

  it('stops at one byte over limitBytes: too-large, the stream paused, no listener left', async () => {
    const { req, stream } = request('POST', { 'transfer-encoding': 'chunked' });
    const read = readNodeBody(req, LIMITS);
    stream.write(Buffer.from('abcdefghi'));
    expect(await read).toEqual({ kind: 'too-large' });
    expect(stream.isPaused()).toBe(true);
    expect(listeners(stream)).toEqual([0, 0, 0]);
  });

  it('gives up on a body that stalls at timeoutMs: timed-out, no listener left', async () => {
    const { req, stream } = request('POST', { 'content-length': '8' });
    const started = Date.now();
    const read = readNodeBody(req, { limitBytes: 8, timeoutMs: 100 });
    stream.write(Buffer.from('abc'));
    expect(await read).toEqual({ kind: 'timed-out' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(listeners(stream)).toEqual([0, 0, 0]);
  });

  it('rejects with the error of a stream that fails, and leaves no listener', async () => {
    const { req, stream } = request('POST', { 'content-length': '8' });
    const read = readNodeBody(req, LIMITS);
    const failure = new Error('socket reset');
    stream.destroy(failure);
    await expect(read).rejects.toBe(failure);
    expect(listeners(stream)).toEqual([0, 0, 0]);
  });
});
