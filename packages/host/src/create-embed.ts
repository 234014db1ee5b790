import { createListenerRegistry, reportError } from '@svc-embed/runtime';
import { actionSenders } from './action-senders.js';
import type { Embed, EmbedListeners } from './embed.js';
import { resolveEmbedContext, type EmbedContext } from './mount/embed-context.js';
import type { EmbedOptions } from './mount/embed-options.js';
import { mountIframe } from './mount/embed-iframe.js';
import { createIframeLoader, FRAME_SILENT_MS } from './mount/iframe-loader.js';
import { listenInbound } from './inbound.js';
import { createLifecycle } from './lifecycle.js';
import { registerEmbed } from './embed-internals.js';
import { startEmbed } from './mount/lazy-start.js';
import { listenOnce } from './listen-once.js';
import { createOutbound } from './outbound.js';
import { createRenewalRunner } from './renewal/renewal-runner.js';
import { createEmbedIds } from './ledger/embed-ids.js';
import type { ChannelWindow } from './ledger/ledger-endpoints.js';
import { createMintCall } from './renewal/mint-call.js';
import { createFailureReport } from './failure-report.js';
import { watchFramePolicy } from './mount/csp-watch.js';

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
  // keepAlive (made by keepAlive(key)) resolves the options itself, and may adopt a kept embed instead of assembling one.
  return typeof options.keepAlive === 'function' ? options.keepAlive(options) : assembleEmbed(resolveEmbedContext(options));
}

/**
 * What `createEmbed` does once the options are resolved (`<svc-embed>` resolves its own session
 * callbacks): wiring only. It makes the parts, each from those made before it, connects them and
 * returns the surface: the timings (with the `timings` option); the embed's side of its viewer's
 * ledger; the iframe, mounted but not yet in the page; the lifecycle (registered with the ledger, it
 * puts the iframe in the page when told and ends everything) and the report of its failures; the page's
 * listeners; the outbound; the iframe's loader; the mint call and the renewal runner; the inbound, the
 * iframe's `load` (a page that then stays silent is `frame-silent`) and the watch on the page's
 * policy (for the frame and the session endpoint); then the start (now, or when `lazy` says). The
 * first mint's request goes out before the iframe is put in the page: a created iframe is in its
 * container one microtask after `createEmbed` returns when the embed mints at once, at once otherwise
 * (a `lazy` embed, whose iframe `lazy` watches; a private one).
 * @throws {EmbedError} as {@link createEmbed}
 */
export function assembleEmbed(context: EmbedContext): Embed {
  const { options, window: win, now, log } = context;
  const timing = options.timings?.({ window: win, label: options.publicId ?? '' });
  const { ledger } = context;
  const ids = createEmbedIds({ ledger, callbacks: context.callbacks, window: win as ChannelWindow, mintLimit: options.mintLimit, mintBudget: context.mintBudget, log });
  const mounted = mountIframe(context);
  const { iframe } = mounted;
  const lifecycle = createLifecycle({ window: win, mounted, removeIframe: options.removeIframe, ids, later: !options.lazy && context.callbacks.mintSessionId !== undefined });
  const { scope } = lifecycle;
  const report = createFailureReport(lifecycle);
  const listeners = createListenerRegistry<EmbedListeners>({ report: (error) => reportError(win, error) });
  scope.onDispose(() => listeners.clear());
  const outbound = createOutbound({ context, iframe, scope });
  const loader = createIframeLoader({ context, mounted, scope });
  const mint = createMintCall({ context, scope, ids });
  const renewal = createRenewalRunner({
    scope, now, log, mint, window: win, document: context.document,
    config: { policy: context.retry, canMint: mint !== undefined, hasUrl: context.url !== undefined, readyTimeoutMs: context.readyTimeoutMs, silentAfterLoadMs: context.readyTimeoutMs && FRAME_SILENT_MS },
    load: loader.load,
    postSession: outbound.postSession,
    revokeLateId: ids.revokeLateId,
    ready: report.settle,
    readyTimeoutError: loader.readyTimeoutError,
    silentError: loader.silentError,
    openOutbox: outbound.open,
    emit: (name, info) => listeners.emit(name, info as never),
    note: (name) => timing?.note(name),
  });
  listeners.on('dashboard-loaded', () => timing?.note('dashboardLoaded'));
  listenInbound({ context, iframe, scope, listeners, signal: renewal.signal });
  scope.listen(iframe, 'load', () => renewal.signal({ type: 'frame-loaded' }));
  const endpoint = context.callbacks.endpoint && new URL(context.callbacks.endpoint.endpoint, win.location.href).href;
  watchFramePolicy({
    window: win, origin: context.origin, endpoint, scope,
    blocked: (error) => renewal.signal({ type: 'frame-blocked', error }),
    endpointBlocked: (error) => renewal.signal({ type: 'endpoint-blocked', error }),
  });
  startEmbed({
    lazy: options.lazy, firstSession: mint && context.url ? options.firstSession : undefined, window: win, iframe, scope,
    record: ids.record, place: lifecycle.place, warm: loader.warm, start: (sessionId) => renewal.signal({ type: 'start', now: now(), sessionId }),
  });

  return registerEmbed({
    iframe,
    get state() {
      return renewal.state;
    },
    timings: timing?.timings,
    get ready() {
      return report.ready;
    },
    on: listeners.on,
    once: (name, listener) => listenOnce(listeners, name, listener),
    ...actionSenders({ send: outbound.send, record: ids.record }),
    renewSession: renewal.renew,
    logout: () => ledger.logout(),
    destroy: () => lifecycle.destroy('destroy'),
  }, { log, scope, now, place: lifecycle.place, emit: listeners.emit });
}
