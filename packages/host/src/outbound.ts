import { buildActionMessage, type AnyActionMessage } from '@svc-embed/protocol';
import { createOutbox, type Scope } from '@svc-embed/runtime';
import type { SendAction } from './action-senders.js';
import { destroyedError, EmbedError } from './base/errors.js';
import type { EmbedContext } from './mount/embed-context.js';
import type { Delivery } from './renewal/renewal.js';

/** What the embed sends to its iframe: actions, held until `ready`, and session ids. */
interface Outbound {
  /** Builds, checks and sends (or holds) one action; throws `invalid-action` before sending, `destroyed` after destroy. */
  send: SendAction;
  /** Posts `set-session`: through the queue (`queued`), or past it (`urgent`: the embed waits for it before `ready`). */
  postSession(sessionId: string, delivery: Delivery): void;
  /** Sends the held actions in order, and every later one at once. */
  open(): void;
}

/** Options of {@link createOutbound}. */
interface OutboundOptions {
  /**
   * The resolved options: the tenant origin (the only target origin, never `'*'`), the clock (message
   * timestamps) and the logger (told of each message sent, and of one dropped because the iframe has no window).
   */
  context: Pick<EmbedContext, 'origin' | 'now' | 'log'>;
  /** The embed's iframe: messages go to its window as it is when they are sent. */
  iframe: HTMLIFrameElement;
  /** The embed's scope: everything held or sent later is dropped once it is disposed. */
  scope: Scope;
}

/** Creates the {@link Outbound} part of one embed. */
export function createOutbound(options: OutboundOptions): Outbound {
  const { iframe, scope } = options;
  const { origin, now, log } = options.context;
  const outbox = createOutbox<AnyActionMessage>({
    deliver(message) {
      const target = iframe.contentWindow;
      log(target ? 'out' : 'drop', message);
      target?.postMessage(message, origin);
    },
  });
  scope.onDispose(() => outbox.close());
  return {
    send(name, payload) {
      if (scope.disposed) throw destroyedError();
      let message: AnyActionMessage;
      try {
        message = buildActionMessage(name, payload() as never, { now }) as AnyActionMessage;
      } catch (error) {
        throw error instanceof EmbedError ? error : new EmbedError('invalid-action', (error as Error).message, error);
      }
      outbox.post(message);
    },
    postSession(sessionId, delivery) {
      const message = buildActionMessage('set-session', { sessionId }, { now }) as AnyActionMessage;
      if (delivery === 'urgent') outbox.postNow(message);
      else outbox.post(message);
    },
    open: () => outbox.open(),
  };
}
