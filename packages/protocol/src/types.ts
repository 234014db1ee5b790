import type * as z from 'zod/mini';
import type { actionSchemas } from './actions.js';
import type { ACTION_PREFIX, EVENT_PREFIX, SOURCE, Surface } from './constants.js';
import type { eventSchemas } from './events.js';

/** Name of an event in the catalog (`ready`, `download`, `session-expiring` ...). */
export type EventName = keyof typeof eventSchemas;

/** Name of an action in the catalog (`set-color-scheme`, `set-session` ...). */
export type ActionName = keyof typeof actionSchemas;

/** Payload type of every event, by name, inferred from {@link eventSchemas}. */
export type EventPayloads = { [N in EventName]: z.infer<(typeof eventSchemas)[N]> };

/** Payload type of every action, by name, inferred from {@link actionSchemas}. */
export type ActionPayloads = { [N in ActionName]: z.infer<(typeof actionSchemas)[N]> };

/** Payload of the event `N`. */
export type EventPayload<N extends EventName> = EventPayloads[N];

/** Payload of the action `N` (`undefined` allowed for `refresh`). */
export type ActionPayload<N extends ActionName> = ActionPayloads[N];

/** Wire type of an event, for example `svc:event:ready`. */
export type EventType<N extends EventName = EventName> = `${typeof EVENT_PREFIX}${N}`;

/** Wire type of an action, for example `svc:action:set-session`. */
export type ActionType<N extends ActionName = ActionName> = `${typeof ACTION_PREFIX}${N}`;

/** An event message as sent on the wire (embedded surface to host). */
export interface EventMessage<N extends EventName = EventName> {
  source: typeof SOURCE;
  direction: 'event';
  type: EventType<N>;
  payload: EventPayload<N>;
  /** Epoch milliseconds when the message was built. */
  timestamp: number;
  surface: Surface;
}

/** An action message as sent on the wire (host to embedded surface). Actions carry no `surface`. */
export interface ActionMessage<N extends ActionName = ActionName> {
  source: typeof SOURCE;
  direction: 'action';
  type: ActionType<N>;
  payload?: ActionPayload<N>;
  /** Epoch milliseconds when the message was built. */
  timestamp: number;
}

/** The union of every typed event message; narrows on `type`. */
export type AnyEventMessage = { [N in EventName]: EventMessage<N> }[EventName];

/** The union of every typed action message; narrows on `type`. */
export type AnyActionMessage = { [N in ActionName]: ActionMessage<N> }[ActionName];

/** A well-formed message whose `type` is not in our catalog (from a newer peer). Payload unchecked. */
export interface UnknownMessage {
  source: typeof SOURCE;
  direction: 'event' | 'action';
  type: string;
  payload?: unknown;
  timestamp: number;
  surface?: Surface;
}
