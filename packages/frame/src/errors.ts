/**
 * Stable codes of {@link FrameError}, for JavaScript users. Changing a code is a breaking change;
 * changing a message is not.
 */
export const FRAME_ERROR_CODES = {
  /** An option of `createFrame` is missing or invalid. */
  invalidOption: 'invalid-option',
  /** `emit`, `ready` or `navigated` got a name or payload the event catalog rejects, or a frame-owned event. */
  invalidEvent: 'invalid-event',
  /** `on` got a name that is not a deliverable action. */
  invalidArgument: 'invalid-argument',
  /** `ready` was called a second time; it is sent once per frame. */
  alreadyReady: 'already-ready',
} as const;

/** One of the values of {@link FRAME_ERROR_CODES}. */
export type FrameErrorCode = (typeof FRAME_ERROR_CODES)[keyof typeof FRAME_ERROR_CODES];

/**
 * The one error class of `@svc-embed/frame`, thrown only at the surface's own code (bad options or
 * arguments), never for what the host page sends.
 * @example
 * try { frame.emit('download', { format: 'docx', target: 'widget' } as never); }
 * catch (error) { if (error instanceof FrameError && error.code === 'invalid-event') console.warn(error.message); }
 */
export class FrameError extends Error {
  /** Stable machine-readable code. */
  readonly code: FrameErrorCode;

  constructor(code: FrameErrorCode, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'FrameError';
    this.code = code;
  }
}
