import { actionType, eventType } from './catalog.js';
import { checkActionPayload, checkEventPayload, type CheckResult } from './check.js';
import { SOURCE, SURFACES, type Surface } from './constants.js';
import { ProtocolError } from './errors.js';
import type { ActionMessage, ActionName, ActionPayload, EventMessage, EventName, EventPayload } from './types.js';

/** Options of {@link buildEventMessage}. */
export interface BuildEventOptions {
  /** The surface sending the event. */
  surface: Surface;
  /** Clock for `timestamp` (epoch ms); defaults to `Date.now`. */
  now?: () => number;
}

/** Options of {@link buildActionMessage}. */
export interface BuildActionOptions {
  /** Clock for `timestamp` (epoch ms); defaults to `Date.now`. */
  now?: () => number;
}

/** The checked payload, or a thrown ProtocolError naming the field. */
function checked<T>(result: CheckResult<T>, type: string): T {
  if (result.ok) return result.value;
  if (result.field === 'type') throw new ProtocolError('unknown-type', `${type} is not in the catalog`);
  throw new ProtocolError('invalid-payload', `${type}: ${result.field} ${result.detail}`, result.field);
}

/**
 * Builds an event message, checking the payload against the catalog first.
 * @throws {ProtocolError} `unknown-type` for a name not in the catalog, `invalid-payload` (naming the
 * field) for a payload that does not match, `invalid-argument` for an unknown surface.
 * @example buildEventMessage('download', { format: 'csv', target: 'dashboard' }, { surface: 'dashboard' })
 */
export function buildEventMessage<N extends EventName>(name: N, payload: EventPayload<N>, options: BuildEventOptions): EventMessage<N> {
  const type = eventType(name);
  const value = checked(checkEventPayload(name, payload), type);
  if (!SURFACES.includes(options.surface))
    throw new ProtocolError('invalid-argument', `surface must be one of ${SURFACES.join(', ')} (got ${String(options.surface)})`);
  return { source: SOURCE, direction: 'event', type, payload: value, timestamp: (options.now ?? Date.now)(), surface: options.surface };
}

/**
 * Builds an action message, checking the payload against the catalog first. `refresh` has no payload.
 * @throws {ProtocolError} `unknown-type` or `invalid-payload` (naming the field).
 * @example buildActionMessage('set-color-scheme', { scheme: 'dark' })
 */
export function buildActionMessage<N extends ActionName>(name: N, payload: ActionPayload<N>, options: BuildActionOptions = {}): ActionMessage<N> {
  const type = actionType(name);
  const value = checked(checkActionPayload(name, payload), type);
  const message: ActionMessage<N> = { source: SOURCE, direction: 'action', type, timestamp: (options.now ?? Date.now)() };
  if (value !== undefined) message.payload = value;
  return message;
}
