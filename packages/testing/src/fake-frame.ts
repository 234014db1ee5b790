import type { ActionName, ActionPayloadMap, EventPayloadMap, ReadyPayload, Surface } from '@svc-embed/protocol';

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
