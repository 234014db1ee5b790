import { buildEventMessage, type EventPayloadMap, type Surface } from '@svc-embed/protocol';
import { captureCallSite, errorAtCallSite, type CallSite } from './call-site.js';
import { TestKitError } from './errors.js';
import type { FakeFrameWindow } from './fake-frame-window.js';
import { NO_SRC_HINT, type FramePage } from './frame-page.js';
import type { LoadedUrl } from './iframe-src.js';
import type { Recorder } from './waiters.js';

/** An event the test asked for before the iframe had a `src`: sent, in order, once it has one. */
interface HeldEvent {
  name: keyof EventPayloadMap;
  /** Its payload, made for the loaded URL (the mode of `ready` comes from it). */
  payloadFor: (url: LoadedUrl) => EventPayloadMap[keyof EventPayloadMap];
  callSite: CallSite;
}

/** A URL with no session id, to check a payload before the real URL is known. */
const NOT_LOADED_YET: LoadedUrl = { origin: '', sessionId: undefined };

/** What the event outbox sends through, and where it reports what it could not send. */
interface EventOutboxParts {
  page: FramePage;
  frameWindow: FakeFrameWindow;
  surface: Surface;
  /** How long events wait for the `src` before the test fails. */
  timeoutMs: number;
  recorder: Recorder<unknown>;
}

/** The fake frame's events towards the host: sent now, or held until the page loads. */
export interface EventOutbox {
  /**
   * Sends an event now, or once the embed sets the `src`; a wrong payload throws now either way.
   * `api` is the kit function the test called: a later timeout error points at the test's line.
   */
  send<N extends keyof EventPayloadMap>(name: N, payloadFor: (url: LoadedUrl) => EventPayloadMap[N], api: (...args: never[]) => unknown): void;
  /** Drops the held events and their timer. */
  close(): void;
}

/**
 * The outbox of the fake frame's events. Events asked for before the page loaded are held and sent,
 * in order, when it does; with no `src` within `timeoutMs` they are dropped and the test hears why.
 */
export function createEventOutbox({ page, frameWindow, surface, timeoutMs, recorder }: EventOutboxParts): EventOutbox {
  const held: HeldEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const sendHeld = (event: HeldEvent, url: LoadedUrl) => {
    if (recorder.failure) return;
    try {
      frameWindow.dispatch(event.name, event.payloadFor(url));
    } catch (error) {
      recorder.fail(error instanceof Error ? error : new TestKitError('invalid-argument', String(error)));
    }
  };
  const timedOut = () => {
    timer = undefined;
    page.check();
    const [first] = held;
    if (page.url || !first) return;
    const names = held.splice(0).map((event) => event.name).join(', ');
    recorder.fail(errorAtCallSite(first.callSite, 'timeout', `the embed set no src on its iframe within ${timeoutMs} ms, so the fake frame could not send ${names}: a surface sends nothing before its page loads; ${NO_SRC_HINT}`));
  };
  page.onLoad((url) => {
    stopTimer();
    for (const event of held.splice(0)) sendHeld(event, url);
  });
  return {
    send(name, payloadFor, api) {
      if (recorder.failure) throw recorder.failure;
      page.check();
      if (page.url) return frameWindow.dispatch(name, payloadFor(page.url));
      buildEventMessage(name, payloadFor(NOT_LOADED_YET), { surface });
      held.push({ name, payloadFor, callSite: captureCallSite(api) });
      timer ??= setTimeout(timedOut, timeoutMs);
    },
    close() {
      stopTimer();
      held.length = 0;
    },
  };
}
