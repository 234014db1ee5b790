// The host page's own small backend, as a customer would write it: it holds the service's API key
// and mints, inspects and revokes session ids for its page. The key never reaches the browser.

/**
 * @param {{ serviceUrl: string, apiKey: string, viewer: { externalId: string, email: string }, deploymentId: number }} config
 */
export function createHostBackend(config) {
  const headers = { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json' };
  /** Every id this backend minted, for the session panel: `{ sessionId, embed, mintedAt }`. */
  const minted = [];

  /** @param {string} path @param {RequestInit} [init] */
  async function service(path, init = {}) {
    const response = await fetch(`${config.serviceUrl}${path}`, { ...init, headers });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  return {
    minted,
    /** @param {string} embed Which embed of the page asks (for the panel only). */
    async mint(embed) {
      const result = await service('/api/v1/embed/generate-session', {
        method: 'POST',
        body: JSON.stringify({ deploymentId: config.deploymentId, externalId: config.viewer.externalId, email: config.viewer.email, embedTenantName: 'demo-tenant' }),
      });
      if (result.status === 200) minted.push({ sessionId: result.body.sessionId, embed, mintedAt: Date.now() });
      return result;
    },
    /** @param {string} sessionId */
    revoke: (sessionId) => service(`/api/v1/embed/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    /** @param {string} sessionId */
    status: (sessionId) => service(`/api/v1/embed/sessions/${encodeURIComponent(sessionId)}`),
    /** @param {string} sessionId */
    expire: (sessionId) => service(`/api/v1/embed/sessions/${encodeURIComponent(sessionId)}/expire`, { method: 'POST' }),
    /** Every minted id with the service's current view of it. */
    async list() {
      return Promise.all(
        minted.map(async (entry) => {
          const { status, body } = await service(`/api/v1/embed/sessions/${encodeURIComponent(entry.sessionId)}`);
          return { ...entry, ...(status === 200 ? body : { status: `error ${status}` }) };
        }),
      );
    },
  };
}
