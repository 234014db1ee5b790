import { DEV } from '../base/dev-mode.js';
import type { DebugLogger } from '../base/debug-logger.js';
import { signOutThrough, type LogoutTimers } from '../endpoint/endpoint-logout.js';
import type { EndpointSignOut } from './logout-result.js';
import type { SessionEndpointCallbacks } from '../endpoint/session-endpoint.js';
import { isSignOutMessage, SIGN_OUT_MESSAGE } from './sign-out-message.js';

/**
 * The session endpoints a ledger's embeds mint through. The viewer's sign-out goes through them (the
 * endpoint revokes every id of the viewer: every tab, page load and device), and reaches the
 * viewer's other tabs of this origin (a `BroadcastChannel` per endpoint), which end their embeds.
 * An endpoint stays registered for the ledger's life, so that every `logout()` goes through it; its
 * channel listens only while the ledger has embeds.
 */
export interface LedgerEndpoints {
  /** Registers an endpoint (the latest embed's registration is kept) and listens for a sign-out in another tab through it. */
  add(registration: EndpointRegistration): void;
  /** Tells the other tabs to end their embeds, then signs the viewer out through every endpoint; never rejects. */
  logout(): Promise<EndpointSignOut[]>;
  /** Stops listening to the other tabs (the endpoints stay registered). */
  close(): void;
}

/** A window that may have `BroadcastChannel` (every current browser; not every test DOM), and its timers. */
export interface ChannelWindow extends LogoutTimers {
  BroadcastChannel?: typeof BroadcastChannel;
}

/** One endpoint as an embed registers it: its callbacks, the page's window, the embed's debug logger. */
export interface EndpointRegistration {
  callbacks: SessionEndpointCallbacks;
  window: ChannelWindow;
  log: DebugLogger;
}

/** The channel of one endpoint's sign-outs: its name is the endpoint, channels are per origin. */
const channelName = (endpoint: string) => `svc-embed:sign-out:${endpoint}`;

/** A new channel of the endpoint's sign-outs, where the window has `BroadcastChannel`. */
function openChannel({ callbacks, window: win }: EndpointRegistration): BroadcastChannel | undefined {
  const Channel = win.BroadcastChannel;
  return typeof Channel === 'function' ? new Channel(channelName(callbacks.endpoint)) : undefined;
}

/**
 * Creates a ledger's {@link LedgerEndpoints}; `onOtherTab` runs when another tab of the viewer
 * signed out through one of them. Anything else on a channel is dropped (logged in debug mode).
 */
export function createLedgerEndpoints(onOtherTab: () => void): LedgerEndpoints {
  const endpoints = new Map<string, EndpointRegistration>();
  const channels = new Map<string, BroadcastChannel>();
  const listen = (registration: EndpointRegistration) => {
    const channel = openChannel(registration);
    if (!channel) return;
    channel.onmessage = (event: MessageEvent) => {
      if (isSignOutMessage(event.data)) onOtherTab();
      else registration.log('drop', DEV ? 'not the sign-out message' : 'sign-out', event.data);
    };
    channels.set(registration.callbacks.endpoint, channel);
  };
  /** Tells the other tabs: on the channel this tab listens on (it does not hear itself), else on one opened for the message. */
  const announce = (registration: EndpointRegistration) => {
    const listening = channels.get(registration.callbacks.endpoint);
    const channel = listening ?? openChannel(registration);
    channel?.postMessage(SIGN_OUT_MESSAGE);
    if (!listening) channel?.close();
  };
  return {
    add(registration) {
      const { endpoint } = registration.callbacks;
      endpoints.set(endpoint, registration);
      if (!channels.has(endpoint)) listen(registration);
    },
    logout() {
      const each = [...endpoints.values()].map((registration) => {
        announce(registration);
        return signOutThrough(registration.callbacks, registration.window);
      });
      return Promise.all(each);
    },
    close() {
      channels.forEach((channel) => channel.close());
      channels.clear();
    },
  };
}
