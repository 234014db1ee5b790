import { AUTH_ERROR_CONTEXT, buildActionMessage, EVENT_PREFIX, SESSION_RENEWAL_CONTEXT, type AnyActionMessage, type EventPayload } from '@svc-embed/protocol';
import { createDeferred, createListenerRegistry, createOutbox, createScope, reportError, retry, type RetryPolicy } from '@svc-embed/runtime';
import { actionSenders, type SendAction } from './action-senders.js';
import type { Embed, EmbedListeners } from './embed.js';
import type { EmbedOptions } from './embed-options.js';
import type { EmbedPhase } from './embed-phase.js';
import { mountIframe } from './embed-iframe.js';
import { embedUrl } from './embed-url.js';
import { destroyedError, EmbedError } from './errors.js';
import { acceptMessage } from './inbound-filter.js';
import { createSessionLedger, ledgerInternals } from './session-ledger.js';
import { createSessionMint } from './session-mint.js';
import { createSessionRenewal } from './session-renewal.js';
import { tenantOrigin } from './tenant-origin.js';
import { checkTimeZone } from './time-zone-check.js';

const noop = () => {};

/**
 * Embeds a surface of the service in an iframe and returns its {@link Embed}: typed listeners,
 * action senders and, with `mintSessionId`, automatic session renewal. Call it in the browser
 * (importing the package anywhere is safe).
 * @throws {EmbedError} `invalid-option` for a missing or wrong option; nothing is created then.
 * @example
 * const embed = createEmbed({
 *   baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#analytics',
 *   mintSessionId: () => fetch('/api/embed-session', { method: 'POST' }).then((r) => r.json()).then((j) => j.sessionId),
 *   revokeSessionId: (id) => fetch(`/api/embed-session/${id}`, { method: 'DELETE' }),
 * });
 * embed.on('download', (payload) => track(payload.format));
 * embed.setColorScheme('dark'); // queued until ready
 */
export function createEmbed(options: EmbedOptions): Embed {
  const { debug, mintSessionId, revokeSessionId, readyTimeoutMs = 30_000, window: win = globalThis.window } = options;
  if (!win) throw new EmbedError('invalid-option', 'no window: call createEmbed in the browser, or pass the window option');
  const doc = options.document ?? win.document;
  const now = options.now ?? Date.now;
  const log = typeof debug === 'function' ? debug : debug ? console.debug.bind(console, '[svc-embed]') : noop;
  const origin = tenantOrigin(options.baseUrl);
  if (options.timezone) checkTimeZone(options.timezone, 'invalid-option');
  const url = embedUrl({ options, origin });
  const ledger = options.ledger ?? createSessionLedger();
  const { iframe, parent } = mountIframe({ options, document: doc, origin, url });
  const { attach, drop } = ledgerInternals(ledger);
  const detach = attach(() => enter({ name: 'destroyed', by: 'logout' }));
  parent?.append(iframe);
  const scope = createScope({ timers: win, disposedError: destroyedError });
  const listeners = createListenerRegistry<EmbedListeners>({ report: (error) => reportError(win, error) });
  const record = (sessionId: string) => {
    if (revokeSessionId) ledger.record(sessionId, revokeSessionId);
  };
  const policy: RetryPolicy = { attempts: options.maxAttempts ?? 4, delayMs: options.retryDelayMs ?? 1_000 };

  const outbox = createOutbox<AnyActionMessage>({
    deliver(message) {
      const target = iframe.contentWindow;
      log(target ? 'out' : 'drop', message);
      target?.postMessage(message, origin);
    },
  });
  const send: SendAction = (name, payload) => {
    if (scope.disposed) throw destroyedError();
    let message: AnyActionMessage;
    try {
      message = buildActionMessage(name, payload() as never, { now }) as AnyActionMessage;
    } catch (error) {
      throw error instanceof EmbedError ? error : new EmbedError('invalid-action', (error as Error).message, error);
    }
    outbox.post(message);
  };
  const setSession = (sessionId: string) => buildActionMessage('set-session', { sessionId }, { now }) as AnyActionMessage;

  const settleReady = createDeferred<EventPayload<'ready'>>();
  const ready = scope.guard(settleReady.promise);
  ready.catch(noop);
  let stopReadyTimer = noop;

  const mint = mintSessionId
    ? createSessionMint({
        mintSessionId, timeoutMs: options.mintTimeoutMs ?? 10_000, scope, record,
        drop(sessionId) {
          log('revoke', 'late id', sessionId);
          drop(sessionId);
        },
      })
    : undefined;
  const renewal = createSessionRenewal({
    scope, now, mint, policy, log,
    send: (sessionId) => outbox.post(setSession(sessionId)),
    sendNow: (sessionId) => outbox.postNow(setSession(sessionId)),
    notify: (name, info) => listeners.emit(name, info as never),
    rejectReady: (error) => enter({ name: 'failed', error }),
  });

  let phase: EmbedPhase = { name: url && mintSessionId ? 'minting' : 'loading' };
  /** The one place the phase changes, with what each change does. */
  function enter(next: EmbedPhase): void {
    if (phase.name === 'destroyed') return;
    phase = next;
    switch (next.name) {
      case 'loading':
        if (readyTimeoutMs) stopReadyTimer = scope.later(readyTimeoutMs, () => enter({ name: 'failed', error: readyTimeout() }));
        return;
      case 'ready':
        stopReadyTimer();
        settleReady.resolve(next.payload);
        outbox.open();
        renewal.ready();
        return;
      case 'reauthenticating':
        renewal.authFailed();
        return;
      case 'failed':
        settleReady.reject(next.error);
        renewal.readyFailed(next.error);
        return;
      case 'destroyed':
        scope.dispose();
        outbox.close();
        listeners.clear();
        detach();
        if (next.by === 'logout' || parent || options.removeIframe) iframe.remove();
    }
  }
  const readyTimeout = () =>
    new EmbedError('ready-timeout', `no ready event from ${origin} in ${readyTimeoutMs} ms: check baseUrl and that the tenant allows framing by ${win.location.origin}`);

  // Made once: the filter runs for every message the page receives.
  const inbound = { iframe, origin, log };
  scope.listen(win, 'message', (event: MessageEvent) => {
    const accepted = acceptMessage(event, inbound);
    if (!accepted) return;
    const { message } = accepted;
    if (accepted.ok) {
      const { message: known } = accepted;
      // The events the embed itself acts on (the wire types, checked by the compiler against the catalog).
      switch (known.type) {
        case 'svc:event:ready':
          enter({ name: 'ready', payload: known.payload });
          break;
        case 'svc:event:session-expiring':
          if (mintSessionId) renewal.renew('session-expiring', known.payload.expiresAt, known.timestamp).catch(noop);
          break;
        case 'svc:event:session-expired':
          if (mintSessionId) renewal.renew('session-expired', known.payload.expiredAt, known.timestamp).catch(noop);
          break;
        case 'svc:event:error':
          if (known.payload.context === SESSION_RENEWAL_CONTEXT) renewal.rejected();
          if (known.payload.context === AUTH_ERROR_CONTEXT) enter({ name: 'reauthenticating' });
      }
      const name = known.type.slice(EVENT_PREFIX.length) as keyof EmbedListeners;
      listeners.emit(name, known.payload as never, known as never);
    }
    listeners.emit('*', message.payload, message);
  });
  if (mintSessionId) {
    for (const type of ['pageshow', 'focus', 'online']) scope.listen(win, type, renewal.check);
    scope.listen(doc, 'visibilitychange', renewal.check);
  }

  if (phase.name === 'loading') {
    if (url) iframe.src = url;
    enter(phase);
  } else if (mint)
    retry({
      task: () =>
        mint((sessionId) => {
          iframe.src = embedUrl({ options, origin, sessionId }) ?? '';
          renewal.minted();
          enter({ name: 'loading' });
        }),
      policy, scope,
      onRetry: (attempt, error) => log('retry', attempt, error),
    }).catch((error: EmbedError) => enter({ name: 'failed', error }));

  return {
    iframe,
    ready,
    on: listeners.on,
    once: listeners.once,
    ...actionSenders({ send, record }),
    renewSession: () =>
      mintSessionId ? renewal.renew('manual') : Promise.reject(new EmbedError('invalid-option', 'renewSession needs mintSessionId')),
    logout: () => ledger.logout(),
    destroy: () => enter({ name: 'destroyed', by: 'destroy' }),
  };
}
