import { AUTH_ERROR_CONTEXT, SESSION_EXCHANGE_ERROR, type EventPayloadMap, type ReadyPayload, type Surface } from '@svc-embed/protocol';
import type { EventOutbox } from './event-outbox.js';
import type { FakeFrame } from './fake-frame.js';
import type { SurfaceAnswerWatch } from './surface-answer.js';

/** What the surface's events are sent through. */
interface SurfaceEventParts {
  outbox: EventOutbox;
  watch: SurfaceAnswerWatch;
  surface: Surface;
}

/** The events a test makes the fake frame send, as the service's surface sends them. */
type SurfaceEvents = Pick<FakeFrame, 'ready' | 'emit' | 'warnSessionExpiring' | 'expireSession' | 'failAuth'>;

/**
 * The fake frame's calls that send events. Each passes itself to the outbox, so that an error raised
 * later points at the test's line; `ready` and the refused first id are the surface's answer.
 */
export function surfaceEvents({ outbox, watch, surface }: SurfaceEventParts): SurfaceEvents {
  function ready(details: Partial<ReadyPayload> = {}) {
    outbox.send('ready', (url) => ({ embedTenant: 'test-tenant', deploymentId: 1, mode: url.sessionId ? 'signed' : 'private', surface, ...details }), ready);
    watch.answered();
  }
  function emit<N extends keyof EventPayloadMap>(name: N, payload: EventPayloadMap[N]) {
    outbox.send(name, () => payload, emit);
    if (name === 'ready') watch.answered();
  }
  function warnSessionExpiring({ expiresInMs = 30 * 60_000 }: { expiresInMs?: number } = {}) {
    outbox.send('session-expiring', () => ({ expiresAt: Date.now() + expiresInMs, expiresInMs }), warnSessionExpiring);
  }
  function expireSession() {
    outbox.send('session-expired', () => ({ expiredAt: Date.now() }), expireSession);
  }
  function failAuth() {
    outbox.send('error', () => ({ message: 'the session id was not accepted', name: SESSION_EXCHANGE_ERROR, context: AUTH_ERROR_CONTEXT, fatal: true }), failAuth);
    watch.answered();
  }
  return { ready, emit, warnSessionExpiring, expireSession, failAuth };
}
