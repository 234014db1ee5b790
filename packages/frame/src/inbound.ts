import {
  ACTION_ERROR_CONTEXT, SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT,
  eventName, isActionName, isUtcOffset, parseActionMessage,
} from '@svc-embed/protocol';
import { createListenerRegistry } from '@svc-embed/runtime';
import { FrameError } from './errors.js';
import type { FrameConfig } from './frame-options.js';
import type { ActionHandler, HandledActionMessage, HandledActionName } from './frame.js';
import type { Lifecycle } from './lifecycle.js';
import type { Outbound } from './outbound.js';
import type { Session } from './session.js';

/** Listeners of the actions `on` delivers, and of every one with `'*'`. */
type ActionListeners = { [N in HandledActionName]: ActionHandler<N> } & { '*': (message: HandledActionMessage) => void };

/** Options of {@link createInbound}. */
interface InboundOptions {
  /** The frame's window (its `message` events; its `parent`, the only source listened to), origin test, log. */
  config: FrameConfig;
  /** The frame's lifecycle: the listener and the action listeners are released with its scope. */
  lifecycle: Lifecycle;
  /** Where invalid and unknown actions are answered. */
  outbound: Outbound;
  /** The signed session, which takes `set-session`; `undefined` in private mode. */
  session: Session | undefined;
}

/** What the frame receives from the host page: the actions it delivers to the surface's listeners. */
export interface Inbound {
  /**
   * Listens to one action, or to all with `'*'`; returns the function that removes the listener.
   * @throws {FrameError} `invalid-argument` for a name that is not a delivered action.
   */
  on(name: string, handler: (...args: any[]) => void): () => void;
}

/**
 * Creates the {@link Inbound} part of a frame: listens to `message`, drops what does not come from
 * `window.parent` and an allowed origin, parses the rest, hands `set-session` to the session and
 * delivers the other actions; invalid or unknown actions are answered with an `error` event.
 */
export function createInbound(options: InboundOptions): Inbound {
  const { config, lifecycle, outbound, session } = options;
  const { window: win, isAllowed, log, report } = config;
  const actions = createListenerRegistry<ActionListeners>({ report });
  const { scope } = lifecycle;
  scope.onDispose(() => actions.clear());
  const answer = (name: string, message: string) => outbound.sendError({ name, context: ACTION_ERROR_CONTEXT, message });
  const deliver = (message: HandledActionMessage) => {
    if (message.type === 'svc:action:set-timezone' && message.payload && isUtcOffset(message.payload.timezone))
      return log('ignored set-timezone with a bare UTC offset', message.payload.timezone);
    (actions.emit as (name: HandledActionName, ...args: unknown[]) => void)(eventName(message.type), message.payload, message);
    actions.emit('*', message);
  };
  scope.listen(win, 'message', (event: MessageEvent) => {
    if (event.source !== win.parent || !isAllowed(event.origin)) return log('ignored message from', event.origin);
    const result = parseActionMessage(event.data);
    if (!result.ok) {
      if (result.reason === 'not-protocol') return log('ignored:', result.detail);
      if (result.reason === 'invalid') return answer('InvalidActionError', `${result.type ? result.type + ': ' : ''}${result.field} ${result.detail}`);
      return answer('UnknownActionError', `type ${result.type} is not a known action`);
    }
    const { message } = result;
    // The wire types the frame acts on itself, checked by the compiler against the catalog.
    if (message.type !== 'svc:action:set-session') return deliver(message);
    if (!session)
      return outbound.sendError({ name: SESSION_EXCHANGE_ERROR, context: SESSION_RENEWAL_CONTEXT, message: 'set-session: a private embed has no session to replace' });
    // The schema requires the payload; the type leaves every action's optional.
    if (message.payload) session.redeem(message.payload.sessionId);
  });
  return {
    on(name, handler) {
      if (name !== '*' && (name === 'set-session' || !isActionName(name)))
        throw new FrameError('invalid-argument', `on(${JSON.stringify(name)}): not an action name or "*" (set-session: see onSessionChange)`);
      return actions.on(name as HandledActionName, handler);
    },
  };
}
