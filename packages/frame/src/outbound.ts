import { buildEventMessage, type EventName, type EventPayload } from '@svc-embed/protocol';
import { createOutbox, type Outbox } from '@svc-embed/runtime';
import { FrameError } from './errors.js';
import type { FrameConfig } from './frame-options.js';
import { hostTarget } from './host-origin.js';
import type { Lifecycle } from './lifecycle.js';

/** An event on its way to the host, built when it is sent (so `expiresInMs` is exact). */
export type OutgoingEvent = () => unknown;

/** What an `error` event tells the host (its payload, `fatal` false unless said). */
interface ErrorReport {
  /** The error's name, e.g. `InvalidActionError`. */
  name: string;
  /** Where it happened: `action`, `auth`, `session-renewal`. */
  context: string;
  /** What happened, for the host page's developers. */
  message: string;
  /** True when the embed cannot go on without a new session. */
  fatal?: boolean;
}

/** Options of {@link createOutbound}. */
interface OutboundOptions {
  /** The frame's window (events go to its `parent`), host origins, surface, clock and log. */
  config: FrameConfig;
  /** The frame's lifecycle: its phase decides how errors go out; the outbox closes with its scope. */
  lifecycle: Lifecycle;
}

/**
 * What the frame sends to the host page: the outbox of built events (held until `ready`, then sent in
 * order; `ready` itself goes out first with `postNow`), how events are built, and error events.
 */
export interface Outbound extends Outbox<OutgoingEvent> {
  /**
   * Builds (and so checks) an event of the catalog.
   * @throws {FrameError} `invalid-event` for a payload the catalog rejects.
   */
  build<N extends EventName>(name: N, payload: EventPayload<N>): OutgoingEvent;
  /** Sends an `error` event: at once while `auth-failed` (no `ready` comes first then), else as `post`. */
  sendError(error: ErrorReport): void;
}

/** Creates the {@link Outbound} part of a frame. */
export function createOutbound(options: OutboundOptions): Outbound {
  const { config, lifecycle } = options;
  const { window: win, surface, now, log } = config;
  const target = hostTarget(config);
  const outbox = createOutbox<OutgoingEvent>({
    deliver(event) {
      if (!target) return log('not sent:', 'no allowed host origin frames this page', event());
      try {
        win.parent.postMessage(event(), target);
      } catch (reason) {
        log('not sent:', reason, event());
      }
    },
  });
  lifecycle.scope.onDispose(() => outbox.close());
  const build = <N extends EventName>(name: N, payload: EventPayload<N>): OutgoingEvent => {
    try {
      const message = buildEventMessage(name, payload, { surface, now });
      return () => message;
    } catch (error) {
      throw new FrameError('invalid-event', (error as Error).message, error);
    }
  };
  return Object.assign(outbox, {
    build,
    sendError(error: ErrorReport) {
      log(error.name, error.message);
      const event = build('error', { fatal: false, ...error });
      if (lifecycle.phase === 'auth-failed') outbox.postNow(event);
      else outbox.post(event);
    },
  });
}
