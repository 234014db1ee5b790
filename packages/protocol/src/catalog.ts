import { actionSchemas } from './actions.js';
import { ACTION_PREFIX, EVENT_PREFIX } from './constants.js';
import { eventSchemas } from './events.js';
import type { ActionName, ActionType, EventName, EventNameOf, EventType } from './types.js';

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/** Every event name, in catalog order. */
export const EVENT_NAMES = /* @__PURE__ */ Object.keys(eventSchemas) as EventName[];

/** Every action name, in catalog order. */
export const ACTION_NAMES = /* @__PURE__ */ Object.keys(actionSchemas) as ActionName[];

/** True when `name` is an event name of the catalog (own keys only: `constructor` is not one). */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && hasOwn(eventSchemas, name);
}

/** True when `name` is an action name of the catalog. */
export function isActionName(name: unknown): name is ActionName {
  return typeof name === 'string' && hasOwn(actionSchemas, name);
}

/** Wire type of an event: `eventType('ready')` is `svc:event:ready`. */
export function eventType<N extends EventName>(name: N): EventType<N> {
  return `${EVENT_PREFIX}${name}` as EventType<N>;
}

/** Wire type of an action: `actionType('refresh')` is `svc:action:refresh`. */
export function actionType<N extends ActionName>(name: N): ActionType<N> {
  return `${ACTION_PREFIX}${name}` as ActionType<N>;
}

/**
 * The name a message goes by, the last part of its wire type: `eventName('svc:event:ready')` is `ready`,
 * `eventName('svc:action:refresh')` is `refresh`. The inverse of {@link eventType} and {@link actionType},
 * also for a type the catalog does not know (`svc:event:new-thing` is `new-thing`).
 */
export function eventName<T extends string>(type: T): EventNameOf<T> {
  return type.split(':').pop() as EventNameOf<T>;
}
