import { parseEventMessage, type AnyEventMessage, type ParseResult } from '@svc-embed/protocol';
import type { DebugLogger } from './embed-options.js';

/** A message worth dispatching: of a known type (payload checked), or of a type we don't know yet. */
export type Accepted = Extract<ParseResult<AnyEventMessage>, { ok: true } | { reason: 'unknown-type' }>;

/** What {@link acceptMessage} checks a message against. */
export interface InboundFilter {
  /** The embed's iframe: only its window may send. */
  iframe: HTMLIFrameElement;
  /** The tenant origin. */
  origin: string;
  /** Told why a message was dropped, and of each one let in. */
  log: DebugLogger;
}

/**
 * Filters one `message` event, cheapest check first: sent by our iframe's window, from the tenant
 * origin (exact string compare), tagged `svc-embed` and `event`, then the payload schema. Anything
 * else is dropped (`undefined`) and, in debug mode, logged with the reason. Never throws.
 */
export function acceptMessage(event: MessageEvent, filter: InboundFilter): Accepted | undefined {
  const { iframe, origin, log } = filter;
  const source = iframe.contentWindow;
  if (!source || event.source !== source) return void log('drop', 'other window', event.origin);
  if (event.origin !== origin) return void log('drop', 'origin', event.origin);
  const result = parseEventMessage(event.data);
  if (result.ok || result.reason === 'unknown-type') {
    log('in', result.message);
    return result;
  }
  log('drop', result, event.data);
  return undefined;
}
