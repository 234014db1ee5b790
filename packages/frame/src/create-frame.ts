import type { Frame } from './frame.js';
import { checkFrameOptions, type FrameOptions } from './frame-options.js';
import { createFrameSurface } from './frame-surface.js';
import { createInbound } from './inbound.js';
import { createLifecycle } from './lifecycle.js';
import { createOutbound } from './outbound.js';
import { createSession } from './session.js';

/**
 * Creates the frame half inside an embedded surface: emits the event catalog to the host page,
 * consumes its actions, runs the session timers and exchanges `set-session` ids.
 * @throws {FrameError} `invalid-option` for bad options.
 * @example
 * const frame = createFrame({
 *   surface: 'dashboard', mode: 'signed', hostOrigins: ['https://customer.example'],
 *   session: { expiresAt, exchange: (sessionId) => api.exchange(sessionId) },
 * });
 * frame.ready({ embedTenant: null, deploymentId: 7, publicId: 'd-42' });
 */
export function createFrame(options: FrameOptions): Frame {
  const config = checkFrameOptions(options);
  // The parts, each made from the ones before it: none reaches for a later one.
  const lifecycle = createLifecycle({ timers: config.window });
  const outbound = createOutbound({ config, lifecycle });
  const session = createSession({ config, lifecycle, outbound });
  const inbound = createInbound({ config, lifecycle, outbound, session });
  return createFrameSurface({ config, lifecycle, outbound, session, inbound });
}
