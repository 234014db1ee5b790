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
  const { rows, ids, summary, logout, restart } = panelMarkup(root, api);

  function draw() {
    rows.replaceChildren(...api.embeds.map(({ key, label }) => embedRow({ key, label, entry: info[key], api })));
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
      ids.replaceChildren(...list.slice().reverse().map((entry) => idRow(entry, api.embedOf)));
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
    refresh() {
      window.clearTimeout(timer);
      return poll();
    },
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

/**
 * The panel's fixed markup, appended to `root`: the parts it redraws and the buttons it shows or hides.
 * @param {HTMLElement} root
 * @param {{ logout: () => void, restart: () => void }} api
 */
function panelMarkup(root, api) {
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
  return { rows, ids, summary, logout, restart };
}

/** @param {number} ms */
const countdown = (ms) => (ms <= 0 ? '0:00' : `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`);

/**
 * One embed's row: its state, the countdown, renewals, the last error, "Renew now" and "Expire now".
 * @param {{ key: string, label: string, entry: { state: string, renewals: number, lastError: string, usableUntil?: number }, api: { renew: (key: string) => void, expire: (key: string) => void } }} row
 */
function embedRow({ key, label, entry, api }) {
  return h('tr', { 'data-embed': key },
    h('th', {}, label),
    h('td', { 'data-field': 'state', class: `state ${entry.state}` }, entry.state),
    h('td', { 'data-field': 'ends-in' }, entry.usableUntil ? countdown(entry.usableUntil - Date.now()) : '—'),
    h('td', { 'data-field': 'renewals' }, entry.renewals),
    h('td', { 'data-field': 'last-error', class: 'error-text', title: entry.lastError }, entry.lastError),
    h('td', {}, h('button', { type: 'button', 'data-action': 'renew', onclick: () => api.renew(key) }, 'Renew now'),
      h('button', { type: 'button', 'data-action': 'expire', onclick: () => api.expire(key) }, 'Expire now')));
}

/**
 * One id the backend minted: the start of it, the embed of this page it went to (`·` for none), when, and its status.
 * @param {{ sessionId: string, status: string, mintedAt: number }} entry
 * @param {(sessionId: string) => string | undefined} embedOf
 */
function idRow(entry, embedOf) {
  return h('tr', { 'data-session-id': entry.sessionId, 'data-status': entry.status },
    h('td', {}, h('code', { title: entry.sessionId }, `${entry.sessionId.slice(0, 12)}…`)),
    h('td', {}, embedOf(entry.sessionId)?.toUpperCase() ?? '·'),
    h('td', {}, new Date(entry.mintedAt).toLocaleTimeString([], { hour12: false })),
    h('td', { class: `status ${entry.status}` }, entry.status));
}
