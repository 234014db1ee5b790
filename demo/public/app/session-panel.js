// The session panel: per embed its state, a countdown to the end of its session (as the service
// reports it), renewals and the last error, with "renew now" and "expire now"; "log out" for the
// viewer; and every id the backend minted for the viewer (this tab's, other tabs', earlier page
// loads') with the service's status of it and the embed of this page it went to, if any.
import { backend } from './backend-client.js';
import { h } from './dom.js';

const POLL_MS = 2_000;

/**
 * @param {HTMLElement} root
 * @param {{ embeds: Array<{ key: string, label: string }>, embedOf: (sessionId: string) => string | undefined, renew: (key: string) => void, expire: (key: string) => void, logout: () => void, restart: () => void }} api
 */
export function createSessionPanel(root, api) {
  /** @type {Record<string, { state: string, renewals: number, lastError: string, usableUntil?: number }>} */
  const info = Object.fromEntries(api.embeds.map(({ key }) => [key, { state: 'loading', renewals: 0, lastError: '—' }]));
  const rows = h('tbody', {});
  const ids = h('tbody', { 'data-role': 'session-ids' });
  const summary = h('p', { class: 'logout-result', 'data-role': 'logout-result' });
  const logout = h('button', { type: 'button', 'data-action': 'logout', onclick: api.logout }, 'Log out (revoke every id)');
  const restart = h('button', { type: 'button', 'data-action': 'restart', hidden: true, onclick: api.restart }, 'Start again');
  root.append(
    h('header', {}, h('h2', {}, 'Sessions'), logout, restart),
    h('table', { class: 'sessions' }, h('thead', {}, h('tr', {}, ...['', 'state', 'ends in', 'renewals', 'last error', ''].map((label) => h('th', {}, label)))), rows),
    summary,
    h('details', { open: true }, h('summary', {}, "Ids the backend minted for the viewer, every tab's (status from the service)"),
      h('table', { class: 'ids' }, h('thead', {}, h('tr', {}, ...['id', 'embed', 'minted', 'status'].map((label) => h('th', {}, label)))), ids)),
  );

  /** @param {number} ms */
  const countdown = (ms) => (ms <= 0 ? '0:00' : `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`);
  function draw() {
    rows.replaceChildren(...api.embeds.map(({ key, label }) => {
      const entry = info[key];
      return h('tr', { 'data-embed': key },
        h('th', {}, label),
        h('td', { 'data-field': 'state', class: `state ${entry.state}` }, entry.state),
        h('td', { 'data-field': 'ends-in' }, entry.usableUntil ? countdown(entry.usableUntil - Date.now()) : '—'),
        h('td', { 'data-field': 'renewals' }, entry.renewals),
        h('td', { 'data-field': 'last-error', class: 'error-text', title: entry.lastError }, entry.lastError),
        h('td', {}, h('button', { type: 'button', 'data-action': 'renew', onclick: () => api.renew(key) }, 'Renew now'),
          h('button', { type: 'button', 'data-action': 'expire', onclick: () => api.expire(key) }, 'Expire now')));
    }));
  }

  let stopped = false;
  let timer = 0;
  async function poll() {
    try {
      const list = await backend.sessions();
      for (const key of Object.keys(info)) {
        const current = list.filter((entry) => api.embedOf(entry.sessionId) === key && entry.redeemedAt).at(-1);
        info[key].usableUntil = current?.usableUntil;
      }
      ids.replaceChildren(...list.slice().reverse().map((entry) =>
        h('tr', { 'data-session-id': entry.sessionId, 'data-status': entry.status },
          h('td', {}, h('code', { title: entry.sessionId }, `${entry.sessionId.slice(0, 12)}…`)),
          h('td', {}, api.embedOf(entry.sessionId)?.toUpperCase() ?? '·'),
          h('td', {}, new Date(entry.mintedAt).toLocaleTimeString([], { hour12: false })),
          h('td', { class: `status ${entry.status}` }, entry.status))));
    } catch {
      // The demo server stopped: keep the last view.
    }
    draw();
    if (!stopped) timer = window.setTimeout(poll, POLL_MS);
  }
  const tick = window.setInterval(draw, 1_000);
  void poll();

  return {
    info,
    /** @param {string} key @param {Partial<(typeof info)[string]>} patch */
    update(key, patch) {
      Object.assign(info[key], patch);
      draw();
    },
    refresh: () => (window.clearTimeout(timer), poll()),
    /** @param {string} text @param {boolean} signedOut */
    setSignedOut(text, signedOut) {
      summary.textContent = text;
      logout.hidden = signedOut;
      restart.hidden = !signedOut;
    },
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      window.clearInterval(tick);
    },
  };
}
