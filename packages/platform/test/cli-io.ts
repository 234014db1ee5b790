import { Writable } from 'node:stream';
import type { CliIo } from '../src/index.js';

/** A writable that keeps its text; `isTTY` as given. */
export function textSink(isTTY = false) {
  let text = '';
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => text };
}

/** A CLI environment with captured stdout and stderr. */
export function captureIo(env: Record<string, string | undefined>, extra: Partial<CliIo> = {}, tty = false) {
  const stdout = textSink();
  const stderr = textSink(tty);
  const io: CliIo = { env, stdout: stdout.stream, stderr: stderr.stream, ...extra };
  return { io, stdout: stdout.text, stderr: stderr.text };
}
