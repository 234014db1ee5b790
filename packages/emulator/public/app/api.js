// The dashboard's calls to its own service (same origin): session exchange, data, AI answers.

/** An HTTP failure with the service's `{ error, reason }`. */
export class ApiError extends Error {
  /** @param {number} status @param {{ error?: string, reason?: string }} body */
  constructor(status, body) {
    super(body.error ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.reason = body.reason;
  }
}

/** @param {Response} response */
async function json(response) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/**
 * @param {{ tokenUrl: string, dataUrl: string, aiUrl: string }} config
 */
export function createApi(config) {
  /** @type {string | undefined} */
  let token;
  const headers = () => (token ? { Authorization: `Bearer ${token}` } : {});
  return {
    /**
     * Exchanges a single-use session id; on success the new token is used from the next call on.
     * @param {string} sessionId
     * @returns {Promise<{ token: string, expiresAt: number, usableUntil: number, deploymentId: number, embedTenant: string | null }>}
     */
    async exchange(sessionId) {
      const session = await json(
        await fetch(config.tokenUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sessionId }) }),
      );
      token = session.token;
      return session;
    },
    /** @returns {Promise<{ rows: Array<Record<string, any>>, generatedAt: number }>} */
    async loadData() {
      return json(await fetch(config.dataUrl, { headers: headers(), cache: 'no-store' }));
    },
    /** @param {string} question @param {string | undefined} chatId */
    async ask(question, chatId) {
      return json(
        await fetch(config.aiUrl, { method: 'POST', headers: { ...headers(), 'Content-Type': 'application/json' }, body: JSON.stringify({ question, chatId }) }),
      );
    },
  };
}
