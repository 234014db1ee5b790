import { buildEventMessage, type EventPayloadMap, type Surface } from '@svc-embed/protocol';
import { messageFrom } from './message-event.js';

/** What the fake frame's window is made with. */
interface FakeFrameWindowOptions {
  iframe: HTMLIFrameElement;
  /** The window of the iframe's document: where the events arrive. */
  view: Window;
  surface: Surface;
  /** The origin the events come from; undefined while the page has not loaded (nothing is sent then). */
  tenantOrigin: () => string | undefined;
}

/** The stand-in for the iframe's window: what the host posts to, and the source of every event. */
export interface FakeFrameWindow {
  /** Sends an event from the page's origin, as the real surface's window would; nothing before the page loads. */
  dispatch<N extends keyof EventPayloadMap>(name: N, payload: EventPayloadMap[N]): void;
  /** Hands what the host posts (the message and the target origin it named) to `receive`. */
  onPost(receive: (message: unknown, targetOrigin: unknown) => void): void;
  /** Gives the iframe its own `contentWindow` back. */
  restore(): void;
}

/** Puts the stand-in in the iframe's `contentWindow`, where the host finds it. */
export function installFakeFrameWindow({ iframe, view, surface, tenantOrigin }: FakeFrameWindowOptions): FakeFrameWindow {
  let receive: (message: unknown, targetOrigin: unknown) => void = () => {};
  const stand = {
    postMessage(message: unknown, targetOrigin?: unknown) {
      receive(message, targetOrigin);
    },
  };
  const previous = Object.getOwnPropertyDescriptor(iframe, 'contentWindow');
  Object.defineProperty(iframe, 'contentWindow', { value: stand, configurable: true });
  return {
    dispatch(name, payload) {
      const origin = tenantOrigin();
      if (!origin) return;
      const data = buildEventMessage(name, payload, { surface });
      view.dispatchEvent(messageFrom({ data, origin, source: stand }));
    },
    onPost(receiver) {
      receive = receiver;
    },
    restore() {
      if (previous) Object.defineProperty(iframe, 'contentWindow', previous);
      else delete (iframe as { contentWindow?: unknown }).contentWindow;
    },
  };
}
