import {
  buildEventMessage, parseActionMessage, SESSION_EXCHANGE_ERROR, SESSION_RENEWAL_CONTEXT, AUTH_ERROR_CONTEXT,
  type ActionName, type ActionPayloadMap, type EventPayloadMap, type ReadyPayload, type Surface,
} from '@svc-embed/protocol';
import { onCleanup } from './cleanup.js';
import { messageFrom } from './message-event.js';
import { TestKitError } from './errors.js';
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
  /** The tenant origin the host must post to; default: the origin of the iframe's `src` when it is set. */
  tenantOrigin?: string;
  /** The surface the fake frame plays (default `dashboard`). */
  surface?: Surface;
  /** How long `waitForAction` waits by default, in ms (default 2000; timers may be fake). */
  timeoutMs?: number;
}

/** The embedded surface played behind a host's iframe. */
export interface FakeFrame {
  /** Sends `ready` (the surface mounted); `details` override the defaults. */
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
   * when it posts wrongly, or after `timeoutMs`.
   */
  waitForAction<N extends ActionName>(name: N, options?: { timeoutMs?: number }): Promise<ReceivedAction<N>>;
  /** Throws the first host bug seen (a `'*'` target, a wrong origin, a malformed message), if any. */
  assertNoHostBugs(): void;
  /** Detaches the fake (also done by `cleanup()`). */
  detach(): void;
}

/** An embed (from `createEmbed`) or its iframe. */
export type EmbedOrIframe = HTMLIFrameElement | { iframe: HTMLIFrameElement };

/**
 * Plays the embedded surface behind the iframe of an embed made by `createEmbed`, with no network and
 * no real page in the iframe. It checks what the real surface checks: every action must be posted to
 * the tenant origin (never `'*'`) in a valid envelope; a host that does otherwise fails the test with
 * a message that says so (from the next kit call, `waitForAction` and `assertNoHostBugs`).
 * @example
 * const embed = createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container });
 * const frame = attachFakeFrame(embed);
 * frame.ready();
 * embed.setColorScheme('dark');
 * expect((await frame.waitForAction('set-color-scheme')).payload).toEqual({ scheme: 'dark' });
 */
export function attachFakeFrame(target: EmbedOrIframe, options: FakeFrameOptions = {}): FakeFrame {
  const iframe = 'iframe' in target ? target.iframe : target;
  if (!iframe || typeof iframe !== 'object' || !('src' in iframe)) throw new TestKitError('invalid-argument', 'attachFakeFrame needs an embed from createEmbed or its iframe');
  const view = iframe.ownerDocument.defaultView;
  if (!view) throw new TestKitError('invalid-argument', 'the iframe belongs to no window (is it in a document?)');
  const surface = options.surface ?? 'dashboard';
  const timeoutMs = options.timeoutMs ?? 2_000;
  const recorder = createRecorder<ReceivedAction>();
  const sessionIds: string[] = [];
  let rejectNext = false;

  const tenantOrigin = () => {
    if (options.tenantOrigin) return options.tenantOrigin;
    try {
      return new URL(iframe.src).origin;
    } catch {
      return undefined;
    }
  };
  const hostBug = (message: string) => recorder.fail(new TestKitError('host-bug', message));
  const throwIfBuggy = () => {
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
          setTimeout(() => send('error', { message: 'the session id was not accepted', name: SESSION_EXCHANGE_ERROR, context: SESSION_RENEWAL_CONTEXT, fatal: false }), 0);
        }
      }
      recorder.add({ name, payload, targetOrigin });
    },
  };
  const previous = Object.getOwnPropertyDescriptor(iframe, 'contentWindow');
  Object.defineProperty(iframe, 'contentWindow', { value: fakeWindow, configurable: true });
  const initial = (() => {
    try {
      const url = new URL(iframe.src);
      return url.searchParams.get('session') ?? url.searchParams.get('sessionId');
    } catch {
      return null;
    }
  })();
  if (initial) sessionIds.push(initial);

  function send<N extends keyof EventPayloadMap>(name: N, payload: EventPayloadMap[N]) {
    throwIfBuggy();
    const origin = tenantOrigin();
    if (!origin) throw new TestKitError('invalid-argument', 'the iframe has no src yet, so the fake frame has no origin: wait for the embed to set it, or pass tenantOrigin');
    const data = buildEventMessage(name, payload, { surface });
    view!.dispatchEvent(messageFrom({ data, origin, source: fakeWindow }));
  }

  const detach = onCleanup(() => {
    recorder.close();
    if (previous) Object.defineProperty(iframe, 'contentWindow', previous);
    else delete (iframe as { contentWindow?: unknown }).contentWindow;
  });

  return {
    ready(details = {}) {
      const mode = sessionIds.length ? 'signed' : 'private';
      send('ready', { embedTenant: 'test-tenant', deploymentId: 1, mode, surface, ...details });
    },
    emit: send,
    warnSessionExpiring({ expiresInMs = 30 * 60_000 } = {}) {
      send('session-expiring', { expiresAt: Date.now() + expiresInMs, expiresInMs });
    },
    expireSession() {
      send('session-expired', { expiredAt: Date.now() });
    },
    rejectNextSession() {
      rejectNext = true;
    },
    failAuth() {
      send('error', { message: 'the session id was not accepted', name: SESSION_EXCHANGE_ERROR, context: AUTH_ERROR_CONTEXT, fatal: true });
    },
    get actions() {
      return recorder.items;
    },
    get sessionIds() {
      return sessionIds;
    },
    waitForAction<N extends ActionName>(name: N, waitOptions: { timeoutMs?: number } = {}) {
      return recorder.wait((action) => action.name === name, waitOptions.timeoutMs ?? timeoutMs, `the action ${name} from the host`) as Promise<ReceivedAction<N>>;
    },
    assertNoHostBugs: throwIfBuggy,
    detach,
  };
}
