export { createFrame } from './create-frame.js';
export type { Frame, ReadyDetails, EmittedEventName, HandledActionName, HandledActionMessage, ActionHandler, ColorScheme, ResolvedColorScheme } from './frame.js';
export type { FrameOptions, SessionOptions, SessionExchange } from './frame-options.js';
export { EXCHANGE_TIMEOUT_MS } from './frame-options.js';
export type { HostOrigins } from './host-origin.js';
export { sessionSchedule, SESSION_WARNING_MS, MAX_TIMEOUT_MS } from './session-schedule.js';
export type { SessionSchedule, SessionState, FrameSession } from './session-schedule.js';
export { FrameError, FRAME_ERROR_CODES } from './errors.js';
export type { FrameErrorCode } from './errors.js';
