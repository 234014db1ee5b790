import type { ParseResult } from '@svc-embed/protocol';

/** A parse that refused the message. */
type Refused = Exclude<ParseResult<unknown>, { ok: true }>;

/** Why the other half drops a message, as the kit's errors say it: `invalid: payload.scheme expected one of light, dark`. */
export function refusalOf(refused: Refused): string {
  const detail = refused.reason === 'invalid' ? `${refused.field} ${refused.detail}` : refused.reason === 'unknown-type' ? refused.type : refused.detail;
  return `${refused.reason}: ${detail}`;
}
