// What route handlers receive as `emulator`: the options, the clock, each half's state and the
// waits that `close()` cuts short. `createEmulator` makes it; the halves' routes only read it.
import { PLATFORM_STATE } from './platform/state.js';

/**
 * What route handlers receive as `emulator`.
 * @typedef {object} EmulatorContextFields
 * @property {import('./options.js').ResolvedOptions} options
 * @property {{ now(): number }} clock
 * @property {import('./embed/service-sessions.js').ServiceSessions} sessions The embed half's state: session ids, their sessions, the logs.
 * @property {(ms: number) => Promise<void>} delay A wait that `close()` cuts short.
 */

/**
 * What route handlers receive as `emulator`: the fields above, and the platform half's state, which
 * `platformState(emulator)` reads.
 * @typedef {EmulatorContextFields & { [PLATFORM_STATE]: import('./platform/state.js').PlatformState }} EmulatorContext
 */

export {};
