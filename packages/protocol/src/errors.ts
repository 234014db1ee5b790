/**
 * Stable codes of {@link ProtocolError}. Changing a code is a breaking change; messages may change.
 */
export const PROTOCOL_ERROR_CODES = {
  /** A payload does not match its schema. */
  invalidPayload: 'invalid-payload',
  /** A name is not in the event or action catalog. */
  unknownType: 'unknown-type',
  /** A helper got an argument it cannot use (filter parts, time zone, locale). */
  invalidArgument: 'invalid-argument',
} as const;

/** One of the values of {@link PROTOCOL_ERROR_CODES}. */
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[keyof typeof PROTOCOL_ERROR_CODES];

/** The error thrown by the protocol's builders and helpers when given something they cannot send. */
export class ProtocolError extends Error {
  /** Stable machine-readable code. */
  readonly code: ProtocolErrorCode;
  /** Dotted path of the offending field, when one is known (for example `payload.scheme`). */
  readonly field: string | undefined;

  constructor(code: ProtocolErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'ProtocolError';
    this.code = code;
    this.field = field;
  }
}
