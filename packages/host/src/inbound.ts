import {
  AUTH_ERROR_CONTEXT, SESSION_RENEWAL_CONTEXT, eventName, parseEventMessage,
  type AnyEventMessage, type ParseResult,
} from '@svc-embed/protocol';
import type { ListenerRegistry, Scope } from '@svc-embed/runtime';
import type { EmbedListeners } from './embed.js';
import type { DebugLogger } from './base/debug-logger.js';
import type { EmbedContext } from './mount/embed-context.js';
import type { RenewalSignal } from './renewal/renewal.js';

/** A message worth dispatching: of a known type (payload checked), or of a type we don't know yet. */
type Accepted = Extract<ParseResult<AnyEventMessage>, { ok: true } | { reason: 'unknown-type' }>;

/** What {@link acceptMessage} checks a message against. */
interface InboundFilter {
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
function acceptMessage(event: MessageEvent, filter: InboundFilter): Accepted | undefined {
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

/**
 * What an event from the embed tells the renewal machine, if anything (the wire types, checked by the
 * compiler against the catalog): `ready`, a session warning or lapse, a rejected id, a refused one.
 * The clock is read only for those (not for every event on the hot path).
 */
function renewalSignalOf(message: AnyEventMessage, now: () => number): RenewalSignal | undefined {
  switch (message.type) {
    case 'svc:event:ready':
      return { type: 'ready', now: now(), payload: message.payload };
    case 'svc:event:session-expiring':
      return { type: 'trigger', trigger: 'session-expiring', now: now(), expiry: message.payload.expiresAt, builtAt: message.timestamp };
    case 'svc:event:session-expired':
      return { type: 'trigger', trigger: 'session-expired', now: now(), expiry: message.payload.expiredAt, builtAt: message.timestamp };
    case 'svc:event:error':
      if (message.payload.context === SESSION_RENEWAL_CONTEXT) return { type: 'rejected' };
      if (message.payload.context === AUTH_ERROR_CONTEXT) return { type: 'auth-error' };
  }
  return undefined;
}

/** Options of {@link listenInbound}. */
interface InboundOptions {
  /** The resolved options: the window the messages arrive at, the clock, the tenant origin, the logger. */
  context: Pick<EmbedContext, 'window' | 'now' | 'origin' | 'log'>;
  /** The embed's iframe: only its window may send. */
  iframe: HTMLIFrameElement;
  /** The embed's scope: the listener goes with it. */
  scope: Scope;
  /** Receives what an event tells the renewal machine, before the page's listeners hear of it. */
  signal: (signal: RenewalSignal) => void;
  /** The page's listeners. */
  listeners: ListenerRegistry<EmbedListeners>;
}

/** Listens for the embed's messages: filters each, tells the renewal machine, then the page's listeners (typed, then `'*'`). */
export function listenInbound(options: InboundOptions): void {
  const { context, scope, signal, listeners } = options;
  const { now } = context;
  // Made once: the filter runs for every message the page receives.
  const filter: InboundFilter = { iframe: options.iframe, origin: context.origin, log: context.log };
  scope.listen(context.window, 'message', (event: MessageEvent) => {
    const accepted = acceptMessage(event, filter);
    if (!accepted) return;
    const { message } = accepted;
    if (accepted.ok) {
      const { message: known } = accepted;
      const told = renewalSignalOf(known, now);
      if (told) signal(told);
      listeners.emit(eventName(known.type), known.payload as never, known as never);
    }
    listeners.emit('*', message.payload, message);
  });
}
