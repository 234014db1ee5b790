// Calls to the host page's own backend (same origin), which holds the API key.

/** @param {Response} response */
async function body(response) {
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error(json?.error ?? `HTTP ${response.status}`);
  return json;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export const backend = {
  /** Mints a fresh session id for one embed of the page. @param {string} embed @returns {Promise<string>} */
  mint: (embed) =>
    fetch('/api/embed-session', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ embed }) }).then(body).then((json) => json.sessionId),
  /** @param {string} sessionId */
  revoke: (sessionId) => fetch(`/api/embed-session/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }).then(body),
  /** @param {string} sessionId */
  expire: (sessionId) => fetch(`/api/embed-session/${encodeURIComponent(sessionId)}/expire`, { method: 'POST' }).then(body),
  /** Every id the backend minted, with the service's status of each. */
  sessions: () => fetch('/api/sessions').then(body),
};
