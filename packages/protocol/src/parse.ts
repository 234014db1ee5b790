import { checkActionPayload, checkEventPayload } from './check.js';
import { isActionName, isEventName } from './catalog.js';
import { ACTION_PREFIX, EVENT_PREFIX, SOURCE, type Direction } from './constants.js';
import { actionEnvelopeSchema, eventEnvelopeSchema } from './envelope.js';
import { describeIssue } from './issue.js';
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

const NOT_OURS = { ok: false, reason: 'not-protocol', detail: 'source is not svc-embed' } as const;
const DIRECTION_DETAIL = { event: 'direction is not event', action: 'direction is not action' };

function parseMessage(data: unknown, direction: Direction): ParseResult<any> {
  try {
    if (typeof data !== 'object' || data === null || (data as { source?: unknown }).source !== SOURCE) return NOT_OURS;
    if ((data as { direction?: unknown }).direction !== direction)
      return { ok: false, reason: 'not-protocol', detail: DIRECTION_DETAIL[direction] };
    const isEvent = direction === 'event';
    const envelope = (isEvent ? eventEnvelopeSchema : actionEnvelopeSchema).safeParse(data);
    const rawType = (data as { type?: unknown }).type;
    const type = typeof rawType === 'string' ? rawType : undefined;
    if (!envelope.success) return { ok: false, reason: 'invalid', type, ...describeIssue(envelope.error.issues[0]!, '') };
    const message = envelope.data as UnknownMessage;
    const prefix = isEvent ? EVENT_PREFIX : ACTION_PREFIX;
    const name = message.type.startsWith(prefix) ? message.type.slice(prefix.length) : '';
    if (!(isEvent ? isEventName(name) : isActionName(name))) return { ok: false, reason: 'unknown-type', type: message.type, message };
    const payload = isEvent ? checkEventPayload(name as any, message.payload) : checkActionPayload(name as any, message.payload);
    if (!payload.ok) return { ok: false, reason: 'invalid', type: message.type, field: payload.field, detail: payload.detail };
    if (payload.value === undefined) delete message.payload;
    else message.payload = payload.value;
    return { ok: true, message };
  } catch {
    return { ok: false, reason: 'invalid', type: undefined, field: 'message', detail: 'could not be read (a property getter threw)' };
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
