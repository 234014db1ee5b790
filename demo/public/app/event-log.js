// The live event log: every event from either embed, the actions sent and the SDK's notifications,
// newest first, with the time, the embed, the type and the payload.
import { h } from './dom.js';

const LIMIT = 500;

/**
 * @typedef {{ at: number, embed: string, kind: 'event' | 'action' | 'host' | 'error', type: string, payload: unknown }} LogEntry
 */

/** @param {HTMLElement} root */
export function createEventLog(root) {
  /** @type {LogEntry[]} */
  const entries = [];
  const list = h('ol', { class: 'log-list', 'data-role': 'log' });
  const count = h('span', { class: 'count' });
  const filter = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': 'Show', onchange: () => redraw() },
    h('option', { value: '' }, 'all'), h('option', { value: 'event' }, 'events'), h('option', { value: 'action' }, 'actions'), h('option', { value: 'host' }, 'SDK notes')));
  root.append(h('header', {}, h('h2', {}, 'Event log'), count, filter, h('button', { type: 'button', onclick: () => {
    entries.length = 0;
    redraw();
  } }, 'Clear')), list);

  /** @param {number} at */
  const time = (at) => new Date(at).toLocaleTimeString([], { hour12: false }) + `.${String(at % 1000).padStart(3, '0')}`;
  /** @param {LogEntry} entry */
  const row = (entry) =>
    h('li', { class: `entry ${entry.kind}`, 'data-embed': entry.embed, 'data-kind': entry.kind, 'data-type': entry.type },
      h('time', {}, time(entry.at)),
      h('span', { class: `badge embed-${entry.embed}` }, entry.embed.toUpperCase()),
      h('b', {}, entry.kind === 'action' ? `→ ${entry.type}` : entry.type.replace('svc:event:', '')),
      h('code', {}, JSON.stringify(entry.payload ?? {})));
  const visible = (/** @type {LogEntry} */ entry) => !filter.value || entry.kind === filter.value || (filter.value === 'event' && entry.kind === 'error');
  function redraw() {
    list.replaceChildren(...entries.filter(visible).map(row).reverse());
    count.textContent = `${entries.length}`;
  }
  return {
    entries,
    /** @param {Omit<LogEntry, 'at'>} entry */
    add(entry) {
      const full = { at: Date.now(), ...entry };
      entries.push(full);
      if (entries.length > LIMIT) entries.shift();
      if (visible(full)) list.prepend(row(full));
      while (list.children.length > LIMIT) list.lastElementChild?.remove();
      count.textContent = `${entries.length}`;
    },
  };
}
