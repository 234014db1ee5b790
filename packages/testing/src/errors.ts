/**
 * Stable codes of {@link TestKitError}: `host-bug` (the page under test did something the real
 * surface refuses), `surface-bug` (the surface under test did), `timeout` (what a test waited for
 * never came), `invalid-argument` (the test called the kit wrongly), `cleaned-up`.
 */
export type TestKitErrorCode = 'host-bug' | 'surface-bug' | 'timeout' | 'invalid-argument' | 'cleaned-up';

/** The kit's one error class; its message says what the code under test did and what was expected. */
export class TestKitError extends Error {
  /** Stable machine-readable code. */
  readonly code: TestKitErrorCode;

  constructor(code: TestKitErrorCode, message: string) {
    super(message);
    this.name = 'TestKitError';
    this.code = code;
  }
}
