import type * as z from 'zod/mini';
import type { actionSchemas } from './actions.js';
import type { ACTION_PREFIX, EVENT_PREFIX, SOURCE, Surface } from './constants.js';
import type { eventSchemas } from './events.js';
import type { ActionPayloadMap, EventPayloadMap } from './payloads.js';

/** Name of an event in the catalog (`ready`, `download`, `session-expiring` ...). */
export type EventName = keyof EventPayloadMap;

/** Name of an action in the catalog (`set-color-scheme`, `set-session` ...). */
export type ActionName = keyof ActionPayloadMap;

/** Payload type of every event, by name: the documented {@link EventPayloadMap}, equal to what {@link eventSchemas} infer. */
export type EventPayloads = EventPayloadMap;

/** Payload type of every action, by name: the documented {@link ActionPayloadMap}, equal to what {@link actionSchemas} infer. */
export type ActionPayloads = ActionPayloadMap;

/** What the event schemas infer, by name (the type tests check it equals {@link EventPayloadMap}). */
export type InferredEventPayloads = { [N in keyof typeof eventSchemas]: z.infer<(typeof eventSchemas)[N]> };

/** What the action schemas infer, by name (the type tests check it equals {@link ActionPayloadMap}). */
export type InferredActionPayloads = { [N in keyof typeof actionSchemas]: z.infer<(typeof actionSchemas)[N]> };

/** Payload of the event `N`. */
export type EventPayload<N extends EventName> = EventPayloads[N];

/** Payload of the action `N` (`undefined` allowed for `refresh`). */
export type ActionPayload<N extends ActionName> = ActionPayloads[N];

/** Wire type of an event, for example `svc:event:ready`. */
export type EventType<N extends EventName = EventName> = `${typeof EVENT_PREFIX}${N}`;

/** Wire type of an action, for example `svc:action:set-session`. */
export type ActionType<N extends ActionName = ActionName> = `${typeof ACTION_PREFIX}${N}`;

/**
 * The catalog name in a wire type, as {@link eventName} returns it: `EventNameOf<'svc:event:ready'>` is
 * `'ready'`, `EventNameOf<'svc:action:refresh'>` is `'refresh'`; `string` for a type the catalog does not know.
 */
export type EventNameOf<T extends string> = T extends `${typeof EVENT_PREFIX}${infer N extends EventName}` ? N
  : T extends `${typeof ACTION_PREFIX}${infer N extends ActionName}` ? N : string;

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
