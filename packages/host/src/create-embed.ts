import { createListenerRegistry, reportError } from '@svc-embed/runtime';
import { actionSenders } from './action-senders.js';
import type { Embed, EmbedListeners } from './embed.js';
import { resolveEmbedContext } from './mount/embed-context.js';
import type { EmbedOptions } from './mount/embed-options.js';
import { mountIframe } from './mount/embed-iframe.js';
import { embedUrl } from './mount/embed-url.js';
import { EmbedError } from './base/errors.js';
import { listenInbound } from './inbound.js';
import { createLifecycle } from './lifecycle.js';
import { registerEmbed } from './embed-internals.js';
import { createTimingRecorder } from './mount/embed-timings.js';
import { startEmbed } from './mount/lazy-start.js';
import { listenOnce } from './listen-once.js';
import { createOutbound } from './outbound.js';
import { createRenewalRunner } from './renewal/renewal-runner.js';
import { createEmbedIds } from './ledger/embed-ids.js';
import type { ChannelWindow } from './ledger/ledger-endpoints.js';
import { createSessionLedger } from './ledger/session-ledger.js';
import { sessionCallbacks } from './ledger/session-endpoint.js';
import { createMintCall } from './renewal/mint-call.js';
import { warmUp } from './mount/warm-up.js';

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
  const { readyTimeoutMs = 30_000 } = options;
  const context = resolveEmbedContext(options);
  const { window: win, now, log, origin, url } = context;
  const timing = createTimingRecorder(win, options.publicId);
  const { mintSessionId, revokeSessionId, endpoint } = sessionCallbacks(options);
  const ledger = options.ledger ?? createSessionLedger();
  const ids = createEmbedIds({ ledger, revokeSessionId, endpoint, window: win as ChannelWindow, mintLimit: options.mintLimit, log });
  const { record, revokeLateId } = ids;
  const { iframe, parent } = mountIframe({ options, document: context.document, origin, url });
  const lifecycle = createLifecycle({
    window: win, iframe, removeOnDestroy: parent !== undefined || options.removeIframe === true, attach: ids.attach, revokeOwnIds: ids.revokeOwn,
  });
  const { scope } = lifecycle;
  parent?.append(iframe);
  const listeners = createListenerRegistry<EmbedListeners>({ report: (error) => reportError(win, error) });
  scope.onDispose(() => listeners.clear());
  const outbound = createOutbound({ iframe, origin, now, scope, log });
  let warmedUp: (() => void) | undefined; // removes the warm-up (warm-up.ts) once the URL is set
  const mint = mintSessionId && createMintCall({ mintSessionId, timeoutMs: options.mintTimeoutMs ?? 10_000, scope, record, revokeLateId, budgets: ids.budgets, now, log });
  const renewal = createRenewalRunner({
    scope, now, log, mint, window: win, document: context.document,
    config: { policy: { attempts: options.maxAttempts ?? 4, delayMs: options.retryDelayMs ?? 1_000 }, canMint: mint !== undefined, hasUrl: url !== undefined, readyTimeoutMs },
    load(sessionId) {
      const src = sessionId ? embedUrl({ options, origin, sessionId }) : url;
      if (src) iframe.src = src;
      warmedUp?.();
    },
    postSession: (sessionId, delivery) => outbound.postSession(sessionId, delivery),
    revokeLateId,
    ready: lifecycle.settleReady,
    readyTimeoutError: () => context.readyTimeoutError(readyTimeoutMs),
    openOutbox: () => outbound.open(),
    emit: (name, info) => listeners.emit(name, info as never),
    note: timing.note,
  });
  listeners.on('dashboard-loaded', () => timing.note('dashboardLoaded'));
  listenInbound({ window: win, scope, now, iframe, origin, log, listeners, signal: (signal) => renewal.signal(signal) });
  const start = () => {
    if (mint && url && parent) warmedUp = warmUp({ iframe, baseUrl: options.baseUrl, scope });
    renewal.signal({ type: 'start', now: now() });
  };
  startEmbed({ lazy: options.lazy, window: win, target: iframe, scope, start });

  return registerEmbed({
    iframe,
    get state() {
      return renewal.state;
    },
    timings: timing.timings,
    ready: lifecycle.ready,
    on: listeners.on,
    once: (name, listener) => listenOnce(listeners, name, listener),
    ...actionSenders({ send: outbound.send, record }),
    renewSession: () => (mint ? renewal.renew() : Promise.reject(new EmbedError('invalid-option', 'renewSession needs mintSessionId'))),
    logout: () => ledger.logout(),
    destroy: () => lifecycle.destroy('destroy'),
  }, { log, scope });
}
