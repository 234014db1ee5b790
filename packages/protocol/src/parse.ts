import { checkActionPayload, checkEventPayload, type CheckResult } from './check.js';
import { ACTION_PREFIX, EVENT_PREFIX, SOURCE, type Direction } from './constants.js';
import { actionEnvelopeSchema, eventEnvelopeSchema } from './envelope.js';
import { describeIssue, UNREADABLE } from './issue.js';
import type { AnyActionMessage, AnyEventMessage, UnknownMessage } from './types.js';

/**
 * Result of parsing inbound data. `reason` tells apart data that is not a protocol message of this
 * direction, a well-formed message of a type we don't know (forward compatibility), and an invalid
 * message (with the offending `field`, such as `payload.format` or `surface`).
 */
export type ParseResult<M> =
  | { ok: true; message: M }
  | { ok: false; reason: 'not-protocol'; detail: string }
  | { ok: false; reason: 'unknown-type'; type: string; message: UnknownMessage }
  | { ok: false; reason: 'invalid'; type: string | undefined; field: string; detail: string };

// Shared results for the common drops, so filtering foreign messages allocates nothing.
const NOT_OURS = { ok: false, reason: 'not-protocol', detail: 'source is not svc-embed' } as const;
const WRONG_DIRECTION = { ok: false, reason: 'not-protocol', detail: 'wrong direction' } as const;

function parseMessage(data: any, direction: Direction): ParseResult<any> {
  let type: string | undefined;
  try {
    if (typeof data !== 'object' || data === null || data.source !== SOURCE) return NOT_OURS;
    if (data.direction !== direction) return WRONG_DIRECTION;
    const isEvent = direction === 'event';
    type = typeof data.type === 'string' ? data.type : undefined;
    const envelope = (isEvent ? eventEnvelopeSchema : actionEnvelopeSchema).safeParse(data);
    if (!envelope.success) return { ok: false, reason: 'invalid', type, ...describeIssue(envelope.error.issues[0], '') };
    const message = envelope.data as UnknownMessage;
    // The name comes from the parsed copy, not from a second read of `data.type` (a getter or a
    // proxy could answer differently and get one type's payload checked under another's name).
    const messageType = message.type;
    type = messageType;
    const prefix = isEvent ? EVENT_PREFIX : ACTION_PREFIX;
    const name = messageType.startsWith(prefix) ? messageType.slice(prefix.length) : '';
    const check = (isEvent ? checkEventPayload : checkActionPayload) as (name: string, payload: unknown) => CheckResult<unknown>;
    const payload = check(name, message.payload);
    if (payload.ok) {
      if (payload.value === undefined) delete message.payload;
      else message.payload = payload.value;
      return { ok: true, message };
    }
    return payload.field === 'type'
      ? { ok: false, reason: 'unknown-type', type: messageType, message }
      : { ok: false, reason: 'invalid', type, field: payload.field, detail: payload.detail };
  } catch {
    return { ok: false, reason: 'invalid', type, field: 'message', detail: UNREADABLE };
  }
}

/**
 * Parses inbound data as an event (embed to host). Never throws, never mutates `data`.
 * @example
 * const result = parseEventMessage(messageEvent.data);
 * if (result.ok && result.message.type === 'svc:event:download') result.message.payload.format;
 */
export function parseEventMessage(data: unknown): ParseResult<AnyEventMessage> {
  return parseMessage(data, 'event');
}

/** Parses inbound data as an action (host to embed). Never throws, never mutates `data`. */
export function parseActionMessage(data: unknown): ParseResult<AnyActionMessage> {
  return parseMessage(data, 'action');
}
