import type { SessionCallbacks } from '../endpoint/session-endpoint.js';
import { checkSessionEndpoint, sessionEndpointCallbacks } from '../endpoint/session-endpoint.js';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import type { SvcEmbedElement } from './svc-embed-types.js';

/**
 * The session callbacks of the element's embed: its `mintSessionId` and `revokeSessionId` properties
 * as they are when called (set now or later), else those of its `session-endpoint`; and that endpoint,
 * which the embed registers with its ledger (the one place that does: `createEmbedIds`), so that
 * sign-out goes through it and through the viewer's other tabs. Without either the embed is private.
 * @throws {EmbedError} `invalid-option` for a `session-endpoint` on another origin than the page's
 */
export function elementCallbacks(element: SvcEmbedElement): SessionCallbacks {
  const { sessionEndpoint } = element;
  const win = element.ownerDocument.defaultView ?? window;
  if (sessionEndpoint) checkSessionEndpoint(sessionEndpoint, win);
  const endpoint = sessionEndpoint ? sessionEndpointCallbacks(sessionEndpoint, win) : undefined;
  if (element.mintSessionId === undefined && !endpoint) return { mintSessionId: undefined, revokeSessionId: undefined, endpoint };
  return {
    mintSessionId: () => {
      const mint = element.mintSessionId ?? endpoint?.mintSessionId;
      if (!mint) throw new EmbedError('invalid-option', DEV ? 'set the mintSessionId property or the session-endpoint attribute' : ['mintSessionId', 'session-endpoint']);
      return mint();
    },
    revokeSessionId: (sessionId) => (element.revokeSessionId ?? endpoint?.revokeSessionId)?.(sessionId),
    endpoint,
  };
}
