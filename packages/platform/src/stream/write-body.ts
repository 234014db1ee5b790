import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { AbortedError, NetworkError, type RequestTarget } from '../errors.js';

/** Where a downloaded body goes: a file path, or any writable stream (a socket, `process.stdout`...). */
export type Destination = string | NodeJS.WritableStream;

/** Options of {@link writeBody}. */
interface WriteBodyOptions {
  /** The request the body answers, for error messages. */
  target: RequestTarget;
  /** Called after each chunk with the bytes written so far. */
  onBytes?: ((bytes: number) => void) | undefined;
  /** Cancels the transfer. */
  signal?: AbortSignal | undefined;
  /** End a destination stream when the body ends (default true; files are always closed, stdout and stderr never). */
  end?: boolean | undefined;
}

/** Reads the body chunk by chunk; a failed read is a body cut off mid-way. */
async function* chunksOf(body: ReadableStream<Uint8Array>, options: WriteBodyOptions, counter: { bytes: number }) {
  const reader = body.getReader();
  let done = false;
  try {
    while (!done) {
      let result: Awaited<ReturnType<typeof reader.read>>;
      try {
        result = await reader.read();
      } catch (error) {
        if (options.signal?.aborted) throw new AbortedError(`${options.target.method} ${options.target.path}`, options.signal.reason);
        throw new NetworkError(options.target, `the response body was cut off after ${counter.bytes} bytes`, error);
      }
      done = result.done;
      if (result.value) {
        counter.bytes += result.value.byteLength;
        yield result.value;
        options.onBytes?.(counter.bytes);
      }
    }
  } finally {
    if (!done) await reader.cancel().catch(() => {});
  }
}

/**
 * Streams a response body to a file or a writable stream without holding it in memory; resolves
 * with the number of bytes written. A file is written beside its final name and renamed into place
 * when complete, so a failed transfer never leaves a truncated file under that name.
 */
export async function writeBody(body: ReadableStream<Uint8Array> | null, to: Destination, options: WriteBodyOptions): Promise<number> {
  const counter = { bytes: 0 };
  const source = body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  const pipeOptions = options.signal ? { signal: options.signal } : {};
  try {
    if (typeof to !== 'string') {
      const stdio = to === process.stdout || to === process.stderr;
      await pipeline(chunksOf(source, options, counter), to, { ...pipeOptions, end: stdio ? false : (options.end ?? true) });
      return counter.bytes;
    }
    const partial = `${to}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(chunksOf(source, options, counter), createWriteStream(partial), pipeOptions);
      await rename(partial, to);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return counter.bytes;
  } catch (error) {
    if (options.signal?.aborted && !(error instanceof AbortedError))
      throw new AbortedError(`${options.target.method} ${options.target.path}`, options.signal.reason);
    throw error;
  }
}
