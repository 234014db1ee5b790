import { actionType, eventType, isActionName, isEventName } from './catalog.js';
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

function unwrap<T>(result: CheckResult<T>, type: string): T {
  if (result.ok) return result.value;
  throw new ProtocolError('invalid-payload', `${type}: ${result.field} ${result.detail}`, result.field);
}

/**
 * Builds an event message, checking the payload against the catalog first.
 * @throws {ProtocolError} `unknown-type` for a name not in the catalog, `invalid-payload` (naming the
 * field) for a payload that does not match, `invalid-argument` for an unknown surface.
 * @example buildEventMessage('download', { format: 'csv', target: 'dashboard' }, { surface: 'dashboard' })
 */
export function buildEventMessage<N extends EventName>(name: N, payload: EventPayload<N>, options: BuildEventOptions): EventMessage<N> {
  if (!isEventName(name)) throw new ProtocolError('unknown-type', `unknown event "${String(name)}"; expected one of the event catalog's names such as "ready"`);
  if (!SURFACES.includes(options.surface))
    throw new ProtocolError('invalid-argument', `surface must be one of ${SURFACES.join(', ')} (got ${JSON.stringify(options.surface)})`);
  const type = eventType(name);
  return {
    source: SOURCE,
    direction: 'event',
    type,
    payload: unwrap(checkEventPayload(name, payload), type),
    timestamp: (options.now ?? Date.now)(),
    surface: options.surface,
  };
}

/**
 * Builds an action message, checking the payload against the catalog first. `refresh` has no payload.
 * @throws {ProtocolError} `unknown-type` or `invalid-payload` (naming the field).
 * @example buildActionMessage('set-color-scheme', { scheme: 'dark' })
 */
export function buildActionMessage<N extends ActionName>(name: N, payload: ActionPayload<N>, options: BuildActionOptions = {}): ActionMessage<N> {
  if (!isActionName(name)) throw new ProtocolError('unknown-type', `unknown action "${String(name)}"; expected one of the action catalog's names such as "set-session"`);
  const type = actionType(name);
  const value = unwrap(checkActionPayload(name, payload), type);
  const message: ActionMessage<N> = { source: SOURCE, direction: 'action', type, timestamp: (options.now ?? Date.now)() };
  if (value !== undefined) message.payload = value;
  return message;
}
