import { AUTH_ERROR_CONTEXT, buildActionMessage, EVENT_PREFIX, SESSION_RENEWAL_CONTEXT, type AnyActionMessage, type EventPayload } from '@svc-embed/protocol';
import { createNanoEvents } from 'nanoevents';
import { actionSenders, type SendAction } from './action-senders.js';
import type { Embed, EmbedListeners } from './embed.js';
import type { EmbedOptions } from './embed-options.js';
import { mountIframe } from './embed-iframe.js';
import { embedUrl } from './embed-url.js';
import { EmbedError } from './errors.js';
import { acceptMessage } from './inbound-filter.js';
import { retry } from './retry.js';
import { createScope } from './scope.js';
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
  const url = embedUrl(options, origin);
  const ledger = options.ledger ?? createSessionLedger();
  const [iframe, parent] = mountIframe(options, doc, origin, url);
  const { attach, drop } = ledgerInternals(ledger);
  const detach = attach(() => teardown(true));
  parent?.append(iframe);
  const scope = createScope(win);
  const emitter = createNanoEvents<EmbedListeners>();
  const record = (sessionId: string) => revokeSessionId && ledger.record(sessionId, revokeSessionId);
  const retries = [options.maxAttempts ?? 4, options.retryDelayMs ?? 1_000];
  let queue: AnyActionMessage[] | undefined = [];
  let resolveReady!: (payload: EventPayload<'ready'>) => void;
  let rejectReady!: (error: unknown) => void;
  let stopReadyTimer = noop;
  const arrived = new Promise<EventPayload<'ready'>>((resolve) => (resolveReady = resolve));
  const ready = scope.guard(Promise.race([arrived, new Promise<never>((_, reject) => (rejectReady = reject))]));
  ready.catch(noop);
  const armReadyTimer = () =>
    readyTimeoutMs &&
    (stopReadyTimer = scope.later(readyTimeoutMs, () =>
      rejectReady(new EmbedError('ready-timeout',
        `no ready event from ${origin} in ${readyTimeoutMs} ms: check baseUrl and that the tenant allows framing by ${win.location.origin}`))));

  const post = (message: AnyActionMessage) => {
    const target = iframe.contentWindow;
    log(target ? 'out' : 'drop', message);
    target?.postMessage(message, origin);
  };
  const send: SendAction = (name, payload) => {
    if (scope.dead) throw new EmbedError('destroyed', 'this embed was destroyed');
    let message: AnyActionMessage;
    try {
      message = buildActionMessage(name, payload() as never, { now }) as AnyActionMessage;
    } catch (error) {
      throw error instanceof EmbedError ? error : new EmbedError('invalid-action', (error as Error).message, error);
    }
    queue ? queue.push(message) : post(message);
  };

  const dropLate = (sessionId: string) => {
    log('revoke', 'late id', sessionId);
    drop(sessionId);
  };
  const mint = createSessionMint(mintSessionId, options.mintTimeoutMs ?? 10_000, scope, record, dropLate);
  const renewal = createSessionRenewal(
    scope, now, arrived, mint,
    (sessionId) => send('set-session', () => ({ sessionId })),
    retries, (name, info) => emitter.emit(name, info as never), log,
  );

  // The embed could not authenticate with the id it was loaded with (refused, redeemed, expired) and
  // waits for a set-session before it sends ready: mint a fresh id at once, then with backoff. After
  // maxAttempts refusals, `ready` rejects (after ready: renewal-failed). No `ready` without a session.
  let authFailures = 0;
  const reauthenticate = (): unknown => {
    const failures = ++authFailures;
    if (!mintSessionId || failures > retries[0]!) {
      const error = new EmbedError('session-rejected', `the embed could not authenticate with ${failures > 1 ? `${failures - 1} fresh session ids` : 'its session id'}${mintSessionId ? '' : ' (no mintSessionId to mint another)'}`);
      rejectReady(error);
      return emitter.emit('renewal-failed', { trigger: 'auth', attempts: failures - 1, error });
    }
    log('renew', 'auth', failures);
    scope.later(failures > 1 ? retries[1]! * 2 ** (failures - 2) : 0, () =>
      mint((sessionId) => post(buildActionMessage('set-session', { sessionId }, { now }) as AnyActionMessage)).catch(reauthenticate));
  };

  scope.listen(win, 'message', (event: MessageEvent) => {
    const accepted = acceptMessage(event, iframe, origin, log);
    if (!accepted) return;
    const { message } = accepted;
    const payload = message.payload as any;
    if (accepted.ok) {
      const name = message.type.slice(EVENT_PREFIX.length) as keyof EmbedListeners;
      if (name === 'ready') {
        authFailures = 0;
        stopReadyTimer();
        resolveReady(payload);
        queue?.forEach(post);
        queue = undefined;
      }
      if (name === 'session-expiring' || name === 'session-expired')
        mintSessionId && renewal.renew(name, payload.expiresAt ?? payload.expiredAt, message.timestamp).catch(noop);
      if (name === 'error' && payload.context === SESSION_RENEWAL_CONTEXT) authFailures ? reauthenticate() : renewal.rejected();
      if (name === 'error' && payload.context === AUTH_ERROR_CONTEXT) reauthenticate();
      emitter.emit(name, payload, message as never);
    }
    emitter.emit('*', payload, message);
  });
  if (mintSessionId) {
    for (const type of ['pageshow', 'focus', 'online']) scope.listen(win, type, renewal.check);
    scope.listen(doc, 'visibilitychange', renewal.check);
  }

  function teardown(remove?: boolean) {
    if (scope.dead) return;
    scope.dispose();
    queue = undefined;
    emitter.events = {};
    detach();
    if (remove || parent || options.removeIframe) iframe.remove();
  }

  if (!url) armReadyTimer();
  else if (!mintSessionId) {
    iframe.src = url;
    armReadyTimer();
  } else
    retry(() => mint((sessionId) => {
      iframe.src = embedUrl(options, origin, sessionId)!;
      renewal.minted();
      armReadyTimer();
    }), retries[0]!, retries[1]!, scope, log).catch(rejectReady);

  const on: Embed['on'] = (name, listener) =>
    emitter.on(name, ((...args: unknown[]) => {
      try {
        (listener as (...args: unknown[]) => void)(...args);
      } catch (error) {
        // As for DOM listeners: reported to the page, and the other listeners still run.
        win.reportError ? win.reportError(error) : console.error(error);
      }
    }) as never);
  return {
    iframe,
    ready,
    on,
    once(name, listener) {
      const off = on(name, ((...args: unknown[]) => (off(), (listener as (...args: unknown[]) => void)(...args))) as never);
      return off;
    },
    ...actionSenders(send, record),
    renewSession: () =>
      mintSessionId ? renewal.renew('manual') : Promise.reject(new EmbedError('invalid-option', 'renewSession needs mintSessionId')),
    logout: () => ledger.logout(),
    destroy: () => teardown(),
  };
}
