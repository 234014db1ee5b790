export {
  SOURCE, DIRECTIONS, SURFACES, MODES, EVENT_PREFIX, ACTION_PREFIX,
  SESSION_RENEWAL_CONTEXT, SESSION_EXCHANGE_ERROR, ACTION_ERROR_CONTEXT, AUTH_ERROR_CONTEXT,
} from './constants.js';
export type { Direction, Surface, Mode } from './constants.js';
export { eventSchemas } from './events.js';
export { actionSchemas } from './actions.js';
export { eventEnvelopeSchema, actionEnvelopeSchema } from './envelope.js';
export { EVENT_NAMES, ACTION_NAMES, isEventName, isActionName, eventType, actionType, eventName } from './catalog.js';
export { checkEventPayload, checkActionPayload } from './check.js';
export type { CheckResult } from './check.js';
export type { FieldProblem } from './issue.js';
export { parseEventMessage, parseActionMessage } from './parse.js';
export type { ParseResult } from './parse.js';
export { buildEventMessage, buildActionMessage } from './build.js';
export type { BuildEventOptions, BuildActionOptions } from './build.js';
export { buildFilterParameter, parseFilterParameter } from './filter.js';
export type { FilterParts } from './filter.js';
export { isIanaTimeZone, isUtcOffset } from './time-zone.js';
export { isLocaleTag } from './locale.js';
export { isEmbedPath, MAX_EMBED_PATH_LENGTH } from './embed-path.js';
export { ProtocolError, PROTOCOL_ERROR_CODES } from './errors.js';
export type { ProtocolErrorCode } from './errors.js';
export type {
  EventName, ActionName, EventPayloads, ActionPayloads, EventPayload, ActionPayload, EventType, ActionType, EventNameOf,
  EventMessage, ActionMessage, AnyEventMessage, AnyActionMessage, UnknownMessage,
  InferredEventPayloads, InferredActionPayloads,
} from './types.js';
export type {
  EventPayloadMap, ActionPayloadMap, ColorScheme, DownloadFormat, AiQueryStatus, EmbedTheme,
  ReadyPayload, ViewPayload, NavigatePayload, DashboardLoadedPayload, DownloadPayload, DrilldownPayload,
  AiQueryPayload, SessionExpiringPayload, SessionExpiredPayload, ErrorPayload,
  SetColorSchemePayload, SetThemePayload, SetLocalePayload, SetTimezonePayload, SetFilterPayload,
  NavigateActionPayload, SetSessionPayload,
} from './payloads.js';
