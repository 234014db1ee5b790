import { TestKitError, type TestKitErrorCode } from './errors.js';

/** V8's way to record a stack that starts below a given function (absent in other engines). */
type CaptureStackTrace = (target: object, above?: (...args: never[]) => unknown) => void;

/**
 * Where the test called the kit: the stack lines below the kit's public function `api`, recorded when
 * the call is made, so an error raised later (in a timer) still points at the line in the test.
 */
export type CallSite = string;

/** Records the stack of the code that called `api`, leaving out `api` and the kit frames above it. */
export function captureCallSite(api: (...args: never[]) => unknown): CallSite {
  const holder: { stack?: string } = {};
  const capture = (Error as unknown as { captureStackTrace?: CaptureStackTrace }).captureStackTrace;
  if (capture) capture(holder, api);
  else holder.stack = new Error().stack;
  return (holder.stack ?? '').split('\n').slice(1).join('\n');
}

/** A {@link TestKitError} whose stack is the recorded call site instead of the timer that raised it. */
export function errorAtCallSite(callSite: CallSite, code: TestKitErrorCode, message: string): TestKitError {
  const error = new TestKitError(code, message);
  if (callSite) error.stack = `${error.name}: ${message}\n${callSite}`;
  return error;
}
