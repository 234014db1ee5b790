import { EmbedError } from '../errors.js';

/** `mintSessionId` and `revokeSessionId` that call one endpoint of your backend. */
export interface SessionEndpointCallbacks {
  /** `POST <endpoint>`: the new id from the JSON answer's `sessionId`. */
  mintSessionId(): Promise<string>;
  /** `DELETE <endpoint>/<id>`. */
  revokeSessionId(sessionId: string): Promise<void>;
}

/**
 * The session callbacks of a `session-endpoint`: `POST <endpoint>` mints (the answer is
 * `{ "sessionId": "..." }`) and `DELETE <endpoint>/<id>` revokes. A non-2xx answer is a failure
 * that names the status, never a success.
 */
export function sessionEndpointCallbacks(endpoint: string): SessionEndpointCallbacks {
  const base = endpoint.replace(/\/+$/, '');
  return {
    async mintSessionId() {
      const response = await fetch(base, { method: 'POST', headers: { Accept: 'application/json' } });
      if (!response.ok) throw new EmbedError('mint-failed', `POST ${base} answered HTTP ${response.status}`);
      const body = (await response.json()) as { sessionId?: unknown };
      if (typeof body.sessionId !== 'string') throw new EmbedError('mint-failed', `POST ${base} answered no "sessionId" string`);
      return body.sessionId;
    },
    async revokeSessionId(sessionId) {
      const response = await fetch(`${base}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
      if (!response.ok) throw new EmbedError('revoke-failed', `DELETE ${base}/${sessionId} answered HTTP ${response.status}`);
    },
  };
}
