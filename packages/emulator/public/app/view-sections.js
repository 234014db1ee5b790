// The sections of the dashboard's page, each made anew by every render from the render's scope:
// the page tabs and toolbar, the filters, a widget's card, the drilldown panel, the footer, the
// notice and the "session expired" overlay.
import { groupBy } from './aggregate.js';
import { h } from './dom.js';
import { renderBreakdown, renderWidget } from './widgets.js';

/**
 * @typedef {object} ViewActions
 * @property {(path: string) => void} navigate
 * @property {(dimension: string, value: string) => void} filter
 * @property {(widget: any, item: { key: string, value: number }) => void} drill
 * @property {() => void} closeDrill
 * @property {(widget: any, format: 'csv' | 'png', rendered: import('./widgets.js').RenderedWidget) => void} download
 * @property {() => void} exportDashboard
 * @property {(question: string) => void} ask
 * @property {(on: boolean) => void} simulateRenderError
 * @property {(widget: any, error: unknown) => void} widgetFailed
 */


/**
 * What one render reads: the state, the dashboard and its current page, the labels and formats,
 * what widgets are drawn from, and where UI intents go.
 * @typedef {object} RenderScope
 * @property {any} state
 * @property {any} config
 * @property {any} dashboard
 * @property {any} page
 * @property {ReturnType<typeof import('./i18n.js').translator>} t
 * @property {ReturnType<typeof import('./format.js').formatters>} fmt
 * @property {import('./widgets.js').WidgetContext} context
 * @property {ViewActions} actions
 */

/** The title, the page tabs (the current one selected) and the toolbar. @param {RenderScope} scope */
export function renderTop({ config, dashboard, page, t, actions }) {
  const tabs = h('nav', { class: 'tabs', role: 'tablist' }, ...dashboard.pages.map((/** @type {any} */ entry) =>
    h('button', { type: 'button', role: 'tab', 'aria-selected': String(entry.path === page.path), 'data-path': entry.path, onclick: () => actions.navigate(entry.path) }, t(entry.title))));
  const toolbar = h('div', { class: 'toolbar' },
    config.allowExport && h('button', { type: 'button', class: 'export', 'data-role': 'export-dashboard', onclick: actions.exportDashboard }, t('exportDashboard')));
  return { tabs, toolbar };
}

/** One select per filter of the dashboard, with the values its rows have. @param {RenderScope} scope */
export function renderFilters({ state, dashboard, t, actions }) {
  return h('section', { class: 'filters', 'data-role': 'filters' }, ...dashboard.filters.map((/** @type {string} */ dimension) => {
    const values = state.rows ? groupBy(state.rows, dimension, { agg: 'count' }).map((item) => item.key).sort() : [];
    const select = h('select', { 'data-filter': `${dashboard.view}.${dimension}`, onchange: (/** @type {Event} */ event) => actions.filter(dimension, /** @type {HTMLSelectElement} */ (event.target).value) },
      h('option', { value: '' }, t('all')),
      ...values.map((value) => h('option', { value, selected: state.filters[dimension] === value }, t(value))));
    return h('label', { class: 'filter' }, h('span', {}, t(dimension)), select);
  }));
}

/** The widget the render-error switch breaks: the first chart of the page, else the first widget. */
function failingIndex(/** @type {any} */ page) {
  const index = page.widgets.findIndex((/** @type {any} */ widget) => widget.type === 'bar' || widget.type === 'line');
  return index === -1 ? 0 : index;
}

/**
 * A widget's card: its body and download buttons, or why it has none (loading, the query failed, the
 * render failed: reported once through `actions.widgetFailed`). Sets or drops its entry in `rendered`.
 * @param {RenderScope & { widget: any, index: number, rendered: Map<string, import('./widgets.js').RenderedWidget> }} scope
 */
export function renderWidgetCard({ state, config, page, t, context, actions, widget, index, rendered }) {
  const card = h('article', { class: `widget widget-${widget.type}`, 'data-widget-id': widget.id });
  const title = h('h2', {}, t(widget.title));
  let result;
  try {
    if (!state.rows) throw new Error('no data');
    result = renderWidget(widget, context, state.renderError && index === failingIndex(page));
    rendered.set(widget.id, result);
  } catch (error) {
    rendered.delete(widget.id);
    if (state.rows) {
      card.classList.add('failed');
      actions.widgetFailed(widget, error);
      card.append(h('header', {}, title), h('p', { class: 'widget-error', role: 'alert' }, t('renderFailed')));
      return card;
    }
    card.append(h('header', {}, title), h('p', { class: 'loading' }, state.loadError ? t('queryFailed', { message: state.loadError }) : '…'));
    return card;
  }
  const buttons = config.allowExport && h('div', { class: 'widget-actions' },
    result.data && widget.type !== 'kpi' && h('button', { type: 'button', 'data-download': 'csv', onclick: () => actions.download(widget, 'csv', result) }, t('downloadCsv')),
    result.chart && h('button', { type: 'button', 'data-download': 'png', onclick: () => actions.download(widget, 'png', result) }, t('downloadPng')));
  card.append(h('header', {}, title, buttons), h('div', { class: 'widget-body' }, result.body));
  return card;
}

/** The drilldown panel of the clicked bar, or null. @param {RenderScope} scope */
export function renderDrill({ state, page, t, context, actions }) {
  if (!state.drill || !state.rows) return null;
  const widget = page.widgets.find((/** @type {any} */ candidate) => candidate.id === state.drill.widgetId);
  if (!widget) return null;
  return h('section', { class: 'drill', 'data-role': 'drill', 'data-key': state.drill.key },
    h('header', {}, h('h2', {}, t('drillInto', { key: t(state.drill.key), field: t(widget.drill) })),
      h('button', { type: 'button', 'data-role': 'close-drill', onclick: actions.closeDrill }, t('close'))),
    renderBreakdown(widget, state.drill.key, context));
}

/** When the data was made, the time zone, the session's end, the render-error switch, the document nonce. @param {RenderScope & { errorSwitch: HTMLInputElement }} scope */
export function renderFooter({ state, t, fmt, errorSwitch }) {
  const session = state.session;
  return h('footer', {},
    h('span', { 'data-role': 'updated' }, state.generatedAt ? `${t('updated')} ${fmt.dateTime(state.generatedAt)}` : ''),
    h('span', { 'data-role': 'timezone' }, `${t('timeZone')}: ${state.timezone} (${fmt.zone()})`),
    session && h('span', { 'data-role': 'session', 'data-state': session.state }, t('sessionEnds', { time: fmt.dateTime(session.expiresAt) })),
    h('label', { class: 'switch' }, errorSwitch, t('simulateRenderError')),
    h('code', { 'data-role': 'doc-nonce', title: 'document nonce' }, String(window.__docNonce).slice(0, 8)));
}

/** The "session expired" overlay while the session is expired, and the notice (an ignored filter), or false. @param {RenderScope} scope */
export function renderNotices({ state, t }) {
  const session = state.session;
  const overlay = session && session.state === 'expired' && h('div', { class: 'overlay', role: 'alertdialog', 'data-role': 'session-expired' },
    h('div', {}, h('h2', {}, t('sessionExpired')), h('p', {}, t('sessionExpiredHint'))));
  const notice = state.notice && h('p', { class: 'notice', role: 'status', 'data-role': 'notice' }, state.notice);
  return { overlay, notice };
}
