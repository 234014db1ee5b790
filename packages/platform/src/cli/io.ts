import type { Clock } from '../clock.js';

/** Where the CLI reads its environment and writes its output; `process` by default. */
export interface CliIo {
  /** Environment variables: `SVC_EMBED_API_KEY`, `SVC_EMBED_BASE_URL`. */
  env: Record<string, string | undefined>;
  /** Results (tables, JSON, a file written to `-`). */
  stdout: NodeJS.WritableStream;
  /** Progress and errors. */
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Clock for waits (tests). */
  clock?: Partial<Clock>;
  /** fetch to use (tests). */
  fetch?: typeof globalThis.fetch;
}

/** The process's own environment and streams. */
export function processIo(): CliIo {
  return { env: process.env, stdout: process.stdout, stderr: process.stderr };
}
