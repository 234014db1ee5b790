import { buildActionMessage, eventName, parseEventMessage, type ActionName, type ActionPayloadMap, type EventName, type EventPayloadMap } from '@svc-embed/protocol';
import { onCleanup } from './cleanup.js';
import { messageFrom } from './message-event.js';
import { TestKitError } from './errors.js';
import { createRecorder } from './waiters.js';
import { captureCallSite } from './call-site.js';
import { refusalOf } from './parsed-message.js';

/** An event the surface sent to the fake host. */
export interface ReceivedEvent<N extends EventName = EventName> {
  name: N;
  payload: EventPayloadMap[N];
  /** The target origin the surface posted with. */
  targetOrigin: string;
}

/** Options of {@link createFakeHost}. */
export interface FakeHostOptions {
  /** The customer's page origin the host plays, one of the surface's `hostOrigins`. */
  hostOrigin: string;
  /** The surface's window (default: the test's `window`); its `parent` becomes the fake host. */
  window?: Window;
  /** How long `waitForEvent` waits by default, in ms (default 2000). */
  timeoutMs?: number;
}

/** Sends actions to the surface; see {@link FakeHost.poseAs}. */
export interface ActionSender {
  /**
   * Sends action `name` with `payload`, validated by the shared schemas.
   * @throws {ProtocolError} naming the field when the payload is wrong
   */
  send<N extends ActionName>(name: N, payload: ActionPayloadMap[N]): void;
}

/** The customer's page, played around a surface made with `createFrame`. */
export interface FakeHost extends ActionSender {
  /** Sends `set-session` with `sessionId`, as the host SDK does at renewal. */
  setSession(sessionId: string): void;
  /** Every event the surface sent, in order. */
  readonly events: readonly ReceivedEvent[];
  /** Resolves with the next (or an already received) event `name`; rejects on a surface bug or timeout. */
  waitForEvent<N extends EventName>(name: N, options?: { timeoutMs?: number }): Promise<ReceivedEvent<N>>;
  /**
   * A sender that is not the real host: another origin, and/or another window than the parent.
   * What it sends must not get through (the surface drops it).
   */
  poseAs(impostor: { origin?: string; otherWindow?: boolean }): ActionSender;
  /** Throws the first surface bug seen (a `'*'` target, another origin, a malformed event), if any. */
  assertNoSurfaceBugs(): void;
  /** Restores the window's `parent` (also done by `cleanup()`). */
  detach(): void;
}

/**
 * Plays the customer's page for a surface made with `createFrame`: the window's `parent` becomes a
 * fake host that records the surface's events (checking they go to the host origin, never `'*'`),
 * and actions arrive as messages from that parent and origin.
 * @example
 * const host = createFakeHost({ hostOrigin: 'https://customer.example' });
 * const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: ['https://customer.example'] });
 * frame.ready({ embedTenant: 'acme', deploymentId: 7 });
 * await host.waitForEvent('ready');
 * host.send('set-color-scheme', { scheme: 'dark' });
 */
export function createFakeHost(options: FakeHostOptions): FakeHost {
  const win = options.window ?? globalThis.window;
  if (!win) throw new TestKitError('invalid-argument', 'createFakeHost needs a window: run it in happy-dom or jsdom, or pass the window option');
  const { hostOrigin } = options;
  if (!/^https?:\/\/[^/]+$/.test(hostOrigin)) throw new TestKitError('invalid-argument', `hostOrigin must be an origin such as https://customer.example (got ${hostOrigin})`);
  const timeoutMs = options.timeoutMs ?? 2_000;
  const recorder = createRecorder<ReceivedEvent>();
  const surfaceBug = (message: string) => recorder.fail(new TestKitError('surface-bug', message));

  const fakeParent = {
    postMessage(message: unknown, targetOrigin?: unknown) {
      if (targetOrigin === '*') return surfaceBug(`the surface posted an event to '*': it must post to the host origin ${hostOrigin} only`);
      if (targetOrigin !== hostOrigin) return surfaceBug(`the surface posted to ${String(targetOrigin)}, not the host origin ${hostOrigin}`);
      const parsed = parseEventMessage(message);
      if (!parsed.ok) return surfaceBug(`the surface posted a message the host SDK drops (${refusalOf(parsed)})`);
      const name = eventName(parsed.message.type);
      recorder.add({ name, payload: parsed.message.payload as EventPayloadMap[EventName], targetOrigin });
    },
  };
  const previous = Object.getOwnPropertyDescriptor(win, 'parent');
  Object.defineProperty(win, 'parent', { value: fakeParent, configurable: true });
  const detach = onCleanup(() => {
    recorder.close();
    if (previous) Object.defineProperty(win, 'parent', previous);
    else delete (win as { parent?: unknown }).parent;
  });

  const sender = (origin: string, source: unknown): ActionSender => ({
    send(name, payload) {
      const data = buildActionMessage(name, payload);
      win.dispatchEvent(messageFrom({ data, origin, source }));
    },
  });
  const host = sender(hostOrigin, fakeParent);

  function waitForEvent<N extends EventName>(name: N, waitOptions: { timeoutMs?: number } = {}) {
    const waitMs = waitOptions.timeoutMs ?? timeoutMs;
    return recorder.wait((event) => event.name === name, {
      timeoutMs: waitMs,
      callSite: captureCallSite(waitForEvent),
      timeoutMessage: () => `the event ${name} from the surface did not come within ${waitMs} ms`,
    }) as Promise<ReceivedEvent<N>>;
  }

  return {
    send: host.send,
    setSession: (sessionId) => host.send('set-session', { sessionId }),
    get events() {
      return recorder.items;
    },
    waitForEvent,
    poseAs: ({ origin = hostOrigin, otherWindow = false }) => sender(origin, otherWindow ? { postMessage() {} } : fakeParent),
    assertNoSurfaceBugs() {
      if (recorder.failure) throw recorder.failure;
    },
    detach,
  };
}
