import {
  buildEventMessage, parseActionMessage, SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT, AUTH_ERROR_CONTEXT,
  type ActionName, type ActionPayloadMap, type EventPayloadMap, type ReadyPayload, type Surface,
} from '@svc-embed/protocol';
import { captureCallSite, errorAtCallSite, type CallSite } from './call-site.js';
import { onCleanup } from './cleanup.js';
import { TestKitError } from './errors.js';
import { readIframeSrc, whenIframeSrcSet, type LoadedUrl } from './iframe-src.js';
import { messageFrom } from './message-event.js';
import { guardEmbedReady, hasReadyPromise } from './ready-guard.js';
import { createRecorder } from './waiters.js';

/** An action the host posted to the fake frame. */
export interface ReceivedAction<N extends ActionName = ActionName> {
  name: N;
  payload: ActionPayloadMap[N];
  /** The target origin the host posted with. */
  targetOrigin: string;
}

/** Options of {@link attachFakeFrame}. */
export interface FakeFrameOptions {
  /**
   * The origin the host must post to, and the one the fake frame's events come from; default: the
   * origin of the iframe's `src` once the embed sets it. It sets the origin only: the mode `ready()`
   * announces always comes from the iframe's URL (`signed` when it has a session id), and calls still
   * wait for the `src`.
   */
  tenantOrigin?: string;
  /** The surface the fake frame plays (default `dashboard`). */
  surface?: Surface;
  /**
   * How long the kit waits, in ms (default 2000): for an action (`waitForAction`), for the embed to
   * set the iframe's `src` when a call was made before it (both on the test's timers, fake or real),
   * and, when given an embed, for `frame.ready()` while `embed.ready` is pending (on real time).
   */
  timeoutMs?: number;
}

/** The embedded surface played behind a host's iframe. */
export interface FakeFrame {
  /**
   * Sends `ready` (the surface mounted); `details` override the defaults. The mode is `signed` when
   * the iframe's URL has a session id, else `private`; say `ready({ mode })` to announce another.
   */
  ready(details?: Partial<ReadyPayload>): void;
  /**
   * Sends an event of the catalog, validated by the shared schemas.
   * @throws {ProtocolError} naming the field when the payload is wrong
   */
  emit<N extends keyof EventPayloadMap>(name: N, payload: EventPayloadMap[N]): void;
  /** Sends `session-expiring` as the service does 30 minutes before the session lapses. */
  warnSessionExpiring(options?: { expiresInMs?: number }): void;
  /** Sends `session-expired`: the session lapsed. */
  expireSession(): void;
  /** Answers the next `set-session` with the service's `EmbedSessionExchangeError` (context `session-renewal`). */
  rejectNextSession(): void;
  /** Sends the refused-first-id error (context `auth`, fatal) instead of `ready`. */
  failAuth(): void;
  /** Every action received, in order. */
  readonly actions: readonly ReceivedAction[];
  /** The session ids the host gave: the one in the iframe's URL, then each `set-session`. */
  readonly sessionIds: readonly string[];
  /**
   * Resolves with the next (or an already received) action `name`; rejects naming the host's bug
   * when it posts wrongly, or after `timeoutMs` saying what is missing (no `src`, no `ready()`).
   */
  waitForAction<N extends ActionName>(name: N, options?: { timeoutMs?: number }): Promise<ReceivedAction<N>>;
  /** Throws the first host bug seen (a `'*'` target, a wrong origin, a malformed message), if any. */
  assertNoHostBugs(): void;
  /** Detaches the fake (also done by `cleanup()`). */
  detach(): void;
}

/** An embed (from `createEmbed`) or its iframe. */
export type EmbedOrIframe = HTMLIFrameElement | { iframe: HTMLIFrameElement };

/** An event the test asked for before the iframe had a `src`: sent, in order, once it has one. */
interface PendingEvent {
  name: keyof EventPayloadMap;
  /** Its payload, made for the loaded URL (the mode of `ready` comes from it). */
  payloadFor: (url: LoadedUrl) => EventPayloadMap[keyof EventPayloadMap];
  callSite: CallSite;
}

/** A URL with no session id, to check a payload before the real URL is known. */
const NOT_LOADED_YET: LoadedUrl = { origin: '', sessionId: undefined };
const NO_SRC_HINT = 'check that createEmbed has publicId or src, and that mintSessionId resolves';

/** The iframe of an embed, or the iframe given. */
function iframeOf(target: EmbedOrIframe): HTMLIFrameElement {
  const iframe = target && typeof target === 'object' && 'iframe' in target ? target.iframe : target;
  if (!iframe || typeof iframe !== 'object' || !('src' in iframe) || typeof iframe.getAttribute !== 'function') {
    throw new TestKitError('invalid-argument', 'attachFakeFrame needs an embed from createEmbed or its iframe');
  }
  return iframe;
}

/** The window that receives the fake frame's events: the iframe's document's. */
function windowOf(iframe: HTMLIFrameElement): Window {
  const view = iframe.ownerDocument.defaultView;
  if (!view) throw new TestKitError('invalid-argument', 'the iframe belongs to no window (is it in a document?)');
  return view;
}

/** Why the host has sent no action yet, as the end of a timeout message ('' when the kit sees no reason). */
function whyNoAction(state: { loaded: boolean; answered: boolean }): string {
  if (!state.loaded) return `: the iframe still has no src, so no surface loaded (${NO_SRC_HINT})`;
  if (!state.answered) return ': the fake frame never sent ready: call frame.ready() (the host holds its actions until the surface is ready)';
  return '';
}

/**
 * Plays the embedded surface behind the iframe of an embed made by `createEmbed`, with no network and
 * no real page in the iframe. It checks what the real surface checks: every action must be posted to
 * the tenant origin (never `'*'`) in a valid envelope; a host that does otherwise fails the test with
 * a message that says so (from the next kit call, `waitForAction` and `assertNoHostBugs`).
 *
 * Attach it at any moment after `createEmbed`: the tenant origin and the mode come from the URL the
 * embed sets as the iframe's `src` (a signed embed sets it once its first id is minted, a microtask
 * or more later), and calls made before that are sent when it does, in order.
 * @example
 * const embed = createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container });
 * const frame = attachFakeFrame(embed);
 * frame.ready();
 * embed.setColorScheme('dark');
 * expect((await frame.waitForAction('set-color-scheme')).payload).toEqual({ scheme: 'dark' });
 */
export function attachFakeFrame(target: EmbedOrIframe, options: FakeFrameOptions = {}): FakeFrame {
  const iframe = iframeOf(target);
  const view = windowOf(iframe);
  const attachSite = captureCallSite(attachFakeFrame);
  const surface = options.surface ?? 'dashboard';
  const timeoutMs = options.timeoutMs ?? 2_000;
  const recorder = createRecorder<ReceivedAction>();
  const sessionIds: string[] = [];
  const pending: PendingEvent[] = [];
  let loaded: LoadedUrl | undefined;
  let answered = false;
  let rejectNext = false;
  let srcTimer: ReturnType<typeof setTimeout> | undefined;

  const tenantOrigin = () => options.tenantOrigin ?? loaded?.origin;
  const hostBug = (message: string) => recorder.fail(new TestKitError('host-bug', message));
  const throwIfFailed = () => {
    if (recorder.failure) throw recorder.failure;
  };

  // The stand-in for the iframe's window: what the host posts to, and the source of every event.
  const fakeWindow = {
    postMessage(message: unknown, targetOrigin?: unknown) {
      const expected = tenantOrigin();
      if (targetOrigin === '*') return hostBug(`the host posted an action to '*': it must post to the tenant origin ${expected ?? '(the iframe has no src)'} only, or any page in the iframe can read it`);
      if (typeof targetOrigin !== 'string' || targetOrigin !== expected) return hostBug(`the host posted to ${String(targetOrigin)}, not the tenant origin ${expected ?? '(the iframe has no src)'}: the real surface never receives it`);
      const parsed = parseActionMessage(message);
      if (!parsed.ok) return hostBug(`the host posted a message the surface refuses (${parsed.reason}: ${parsed.reason === 'invalid' ? `${parsed.field} ${parsed.detail}` : parsed.reason === 'unknown-type' ? parsed.type : parsed.detail})`);
      const name = parsed.message.type.slice(parsed.message.type.lastIndexOf(':') + 1) as ActionName;
      const payload = parsed.message.payload as ActionPayloadMap[ActionName];
      if (name === 'set-session') {
        const { sessionId } = payload as ActionPayloadMap['set-session'];
        sessionIds.push(sessionId);
        if (rejectNext) {
          rejectNext = false;
          // Answered in a later task, as the real surface answers after its exchange request.
          setTimeout(() => dispatch('error', { message: 'the session id was not accepted', name: SESSION_EXCHANGE_ERROR, context: SESSION_RENEWAL_CONTEXT, fatal: false }), 0);
        }
      }
      recorder.add({ name, payload, targetOrigin });
    },
  };
  const previous = Object.getOwnPropertyDescriptor(iframe, 'contentWindow');
  Object.defineProperty(iframe, 'contentWindow', { value: fakeWindow, configurable: true });

  /** Sends an event from the loaded page's origin, as the real surface's window would. */
  function dispatch<N extends keyof EventPayloadMap>(name: N, payload: EventPayloadMap[N]) {
    const origin = tenantOrigin();
    if (!origin) return;
    const data = buildEventMessage(name, payload, { surface });
    view.dispatchEvent(messageFrom({ data, origin, source: fakeWindow }));
  }

  /** The page loaded: the URL's session id is the first, and what the test asked for is sent. */
  function onLoaded(url: LoadedUrl) {
    if (loaded) return;
    loaded = url;
    if (url.sessionId) sessionIds.unshift(url.sessionId);
    stopSrcTimer();
    for (const event of pending.splice(0)) sendPending(event);
  }

  function sendPending(event: PendingEvent) {
    if (recorder.failure || !loaded) return;
    try {
      dispatch(event.name, event.payloadFor(loaded));
    } catch (error) {
      recorder.fail(error instanceof Error ? error : new TestKitError('invalid-argument', String(error)));
    }
  }

  /** Reads the `src` now, for runners whose mutation observers have not run yet. */
  function checkSrc() {
    const url = loaded ? undefined : readIframeSrc(iframe);
    if (url) onLoaded(url);
  }

  function stopSrcTimer() {
    if (srcTimer !== undefined) clearTimeout(srcTimer);
    srcTimer = undefined;
  }

  /** No `src` within the timeout: the events asked for cannot be sent, and the test hears why. */
  function srcTimedOut() {
    srcTimer = undefined;
    checkSrc();
    const [first] = pending;
    if (loaded || !first) return;
    const names = pending.splice(0).map((event) => event.name).join(', ');
    recorder.fail(errorAtCallSite(first.callSite, 'timeout', `the embed set no src on its iframe within ${timeoutMs} ms, so the fake frame could not send ${names}: a surface sends nothing before its page loads; ${NO_SRC_HINT}`));
  }

  /** Sends an event now, or once the embed sets the `src`; a wrong payload throws now either way. */
  function send<N extends keyof EventPayloadMap>(name: N, payloadFor: (url: LoadedUrl) => EventPayloadMap[N], api: (...args: never[]) => unknown) {
    throwIfFailed();
    checkSrc();
    if (loaded) return dispatch(name, payloadFor(loaded));
    buildEventMessage(name, payloadFor(NOT_LOADED_YET), { surface });
    pending.push({ name, payloadFor, callSite: captureCallSite(api) });
    srcTimer ??= setTimeout(srcTimedOut, timeoutMs);
  }

  const guard = hasReadyPromise(target)
    ? guardEmbedReady(target, {
      timeoutMs,
      whyNotReady: () => {
        checkSrc();
        if (recorder.failure) return recorder.failure;
        if (!loaded) return errorAtCallSite(attachSite, 'timeout', `embed.ready did not settle within ${timeoutMs} ms: the iframe still has no src, so no surface loaded (${NO_SRC_HINT})`);
        if (!answered) return errorAtCallSite(attachSite, 'timeout', `embed.ready did not settle within ${timeoutMs} ms: the fake frame never sent ready: call frame.ready()`);
        return undefined;
      },
    })
    : undefined;
  const markAnswered = () => {
    answered = true;
    guard?.stopWatching();
  };
  const stopWatchingSrc = whenIframeSrcSet(iframe, onLoaded);

  const detach = onCleanup(() => {
    recorder.close();
    stopWatchingSrc();
    stopSrcTimer();
    pending.length = 0;
    guard?.restore();
    if (previous) Object.defineProperty(iframe, 'contentWindow', previous);
    else delete (iframe as { contentWindow?: unknown }).contentWindow;
  });

  function ready(details: Partial<ReadyPayload> = {}) {
    send('ready', (url) => ({ embedTenant: 'test-tenant', deploymentId: 1, mode: url.sessionId ? 'signed' : 'private', surface, ...details }), ready);
    markAnswered();
  }
  function emit<N extends keyof EventPayloadMap>(name: N, payload: EventPayloadMap[N]) {
    send(name, () => payload, emit);
    if (name === 'ready') markAnswered();
  }
  function warnSessionExpiring({ expiresInMs = 30 * 60_000 }: { expiresInMs?: number } = {}) {
    send('session-expiring', () => ({ expiresAt: Date.now() + expiresInMs, expiresInMs }), warnSessionExpiring);
  }
  function expireSession() {
    send('session-expired', () => ({ expiredAt: Date.now() }), expireSession);
  }
  function failAuth() {
    send('error', () => ({ message: 'the session id was not accepted', name: SESSION_EXCHANGE_ERROR, context: AUTH_ERROR_CONTEXT, fatal: true }), failAuth);
    markAnswered();
  }
  function waitForAction<N extends ActionName>(name: N, waitOptions: { timeoutMs?: number } = {}) {
    checkSrc();
    const waitMs = waitOptions.timeoutMs ?? timeoutMs;
    return recorder.wait((action) => action.name === name, {
      timeoutMs: waitMs,
      callSite: captureCallSite(waitForAction),
      timeoutMessage: () => {
        checkSrc();
        return `the action ${name} from the host did not come within ${waitMs} ms${whyNoAction({ loaded: loaded !== undefined, answered })}`;
      },
    }) as Promise<ReceivedAction<N>>;
  }

  return {
    ready,
    emit,
    warnSessionExpiring,
    expireSession,
    rejectNextSession() {
      rejectNext = true;
    },
    failAuth,
    get actions() {
      return recorder.items;
    },
    get sessionIds() {
      checkSrc();
      return sessionIds;
    },
    waitForAction,
    assertNoHostBugs() {
      checkSrc();
      throwIfFailed();
    },
    detach,
  };
}
