import { EmbedError } from '../base/errors.js';
import type { EndpointLogout, SessionEndpointCallbacks } from './session-endpoint.js';
import type { LogoutResult } from './logout-result.js';

/**
 * The session endpoints a ledger's embeds mint through. The viewer's logout goes through them (the
 * endpoint revokes every id of the viewer: every tab, page load and device), and reaches the
 * viewer's other tabs of this origin (a `BroadcastChannel` per endpoint), which sign out at once.
 */
export interface LedgerEndpoints {
  /** Registers an endpoint (once each) and listens for a logout in another tab through it. */
  add(callbacks: SessionEndpointCallbacks, win: ChannelWindow): void;
  /** Tells the other tabs, then signs the viewer out through every endpoint; never rejects. */
  logout(): Promise<LogoutResult>;
  /** Stops listening to the other tabs. */
  close(): void;
}

/** A window that may have `BroadcastChannel` (every current browser; not every test DOM). */
export interface ChannelWindow {
  BroadcastChannel?: typeof BroadcastChannel;
}

/** The channel of one endpoint's logouts: its name is the endpoint, channels are per origin. */
const channelName = (endpoint: string) => `svc-embed:logout:${endpoint}`;

/** What the endpoint's answer says, as a logout result; an endpoint that could not be reached revoked nothing. */
function asResult(endpoint: string, answer: EndpointLogout | Error): LogoutResult {
  if (answer instanceof Error) return { revoked: [], failed: [] };
  const failed = answer.failed.map(({ sessionId, error }) => ({ sessionId, error: new EmbedError('revoke-failed', `POST ${endpoint}/logout could not revoke it: ${error}`) }));
  return { revoked: answer.revoked, failed };
}

/**
 * Creates a ledger's {@link LedgerEndpoints}; `onOtherTab` runs when another tab of the viewer
 * signed out through one of them.
 */
export function createLedgerEndpoints(onOtherTab: () => void): LedgerEndpoints {
  const endpoints = new Map<string, { callbacks: SessionEndpointCallbacks; channel: BroadcastChannel | undefined }>();
  const close = () => {
    endpoints.forEach(({ channel }) => channel?.close());
    endpoints.clear();
  };
  return {
    add(callbacks, win) {
      if (endpoints.has(callbacks.endpoint)) return;
      const Channel = win.BroadcastChannel;
      const channel = typeof Channel === 'function' ? new Channel(channelName(callbacks.endpoint)) : undefined;
      if (channel) channel.onmessage = onOtherTab;
      endpoints.set(callbacks.endpoint, { callbacks, channel });
    },
    async logout() {
      const each = [...endpoints.values()].map(({ callbacks, channel }) => {
        channel?.postMessage('logout');
        return callbacks.logout().then(
          (answer) => asResult(callbacks.endpoint, answer),
          (error: Error) => asResult(callbacks.endpoint, error),
        );
      });
      close();
      const results = await Promise.all(each);
      return { revoked: results.flatMap((result) => result.revoked), failed: results.flatMap((result) => result.failed) };
    },
    close,
  };
}
