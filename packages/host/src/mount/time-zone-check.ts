import { isIanaTimeZone } from '@svc-embed/protocol';
import { DEV } from '../base/dev-mode.js';
import { EmbedError, type EmbedErrorCode } from '../base/errors.js';

/**
 * Returns `value` when it is an IANA time-zone name (the service ignores bare UTC offsets).
 * @throws {EmbedError} with `code` otherwise
 */
export function checkTimeZone(value: string, code: EmbedErrorCode): string {
  if (!isIanaTimeZone(value)) throw new EmbedError(code, DEV ? `timezone must be an IANA name such as Europe/Berlin (got ${value})` : ['timezone', value]);
  return value;
}
