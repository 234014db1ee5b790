// Renders the dashboard from its state: header and page tabs, filters, widgets, drilldown panel,
// the AI box, the footer and the "session expired" overlay. UI intents go to `actions`.
import { applyFilters, groupBy } from './aggregate.js';
import { h } from './dom.js';
import { formatters } from './format.js';
import { translator } from './i18n.js';
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

/** Colours for SVG charts, read from the CSS variables the scheme and theme set. */
function chartColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (/** @type {string} */ name) => style.getPropertyValue(name).trim();
  return { primary: read('--primary'), text: read('--text'), muted: read('--muted'), grid: read('--grid'), font: read('--font') };
}

/**
 * @param {HTMLElement} root
 * @param {any} config
 * @param {ViewActions} actions
 */
export function createView(root, config, actions) {
  const dashboard = config.dashboard;
  const aiInput = /** @type {HTMLInputElement} */ (h('input', { type: 'text', name: 'question', maxlength: 500, autocomplete: 'off', 'data-role': 'ai-input' }));
  const aiButton = h('button', { type: 'submit', 'data-role': 'ai-submit' });
  const aiAnswer = h('p', { class: 'ai-answer', 'data-role': 'ai-answer', 'aria-live': 'polite' });
  const aiForm = h('form', {
    class: 'ai-box',
    'data-role': 'ai-box',
    onsubmit: (/** @type {Event} */ event) => {
      event.preventDefault();
      if (aiInput.value.trim()) actions.ask(aiInput.value.trim());
    },
  }, aiInput, aiButton, aiAnswer);
  const errorSwitch = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', 'data-role': 'render-error-switch', onchange: () => actions.simulateRenderError(errorSwitch.checked) }));
  /** Widgets rendered by the last `render`, by id (for downloads and tests). */
  const rendered = new Map();

  /** @param {any} state */
  function render(state) {
    const t = translator(state.locale);
    const fmt = formatters({ locale: state.locale, timeZone: state.timezone, currency: dashboard.currency });
    const page = dashboard.pages.find((/** @type {any} */ candidate) => candidate.path === state.page) ?? dashboard.pages[0];
    const rows = state.rows ? applyFilters(state.rows, state.filters) : [];
    const context = { rows, t, fmt, colors: chartColors(), generatedAt: state.generatedAt ?? Date.now(), onDrill: actions.drill };
    const html = document.documentElement;
    html.lang = state.locale;
    Object.assign(html.dataset, { locale: state.locale, language: t.language, timezone: state.timezone, page: page.path, schemeSetting: state.scheme });
    document.title = t(dashboard.title);

    const tabs = h('nav', { class: 'tabs', role: 'tablist' }, ...dashboard.pages.map((/** @type {any} */ entry) =>
      h('button', { type: 'button', role: 'tab', 'aria-selected': String(entry.path === page.path), 'data-path': entry.path, onclick: () => actions.navigate(entry.path) }, t(entry.title))));
    const toolbar = h('div', { class: 'toolbar' },
      config.allowExport && h('button', { type: 'button', class: 'export', 'data-role': 'export-dashboard', onclick: actions.exportDashboard }, t('exportDashboard')));
    const filters = h('section', { class: 'filters', 'data-role': 'filters' }, ...dashboard.filters.map((/** @type {string} */ dimension) => {
      const values = state.rows ? groupBy(state.rows, dimension, { agg: 'count' }).map((item) => item.key).sort() : [];
      const select = h('select', { 'data-filter': `${dashboard.view}.${dimension}`, onchange: (/** @type {Event} */ event) => actions.filter(dimension, /** @type {HTMLSelectElement} */ (event.target).value) },
        h('option', { value: '' }, t('all')),
        ...values.map((value) => h('option', { value, selected: state.filters[dimension] === value }, t(value))));
      return h('label', { class: 'filter' }, h('span', {}, t(dimension)), select);
    }));

    const widgets = page.widgets.map((/** @type {any} */ widget, /** @type {number} */ index) => {
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
    });

    let drill = null;
    if (state.drill && state.rows) {
      const widget = page.widgets.find((/** @type {any} */ candidate) => candidate.id === state.drill.widgetId);
      if (widget) drill = h('section', { class: 'drill', 'data-role': 'drill', 'data-key': state.drill.key },
        h('header', {}, h('h2', {}, t('drillInto', { key: t(state.drill.key), field: t(widget.drill) })),
          h('button', { type: 'button', 'data-role': 'close-drill', onclick: actions.closeDrill }, t('close'))),
        renderBreakdown(widget, state.drill.key, context));
    }

    aiInput.placeholder = t('askPlaceholder');
    aiButton.textContent = state.ai.status === 'thinking' ? t('thinking') : t('ask');
    aiButton.toggleAttribute('disabled', state.ai.status === 'thinking');
    aiAnswer.dataset.status = state.ai.status;
    aiAnswer.textContent = aiText(state.ai, t, fmt);
    errorSwitch.checked = state.renderError;

    const session = state.session;
    const footer = h('footer', {},
      h('span', { 'data-role': 'updated' }, state.generatedAt ? `${t('updated')} ${fmt.dateTime(state.generatedAt)}` : ''),
      h('span', { 'data-role': 'timezone' }, `${t('timeZone')}: ${state.timezone} (${fmt.zone()})`),
      session && h('span', { 'data-role': 'session', 'data-state': session.state }, t('sessionEnds', { time: fmt.dateTime(session.expiresAt) })),
      h('label', { class: 'switch' }, errorSwitch, t('simulateRenderError')),
      h('code', { 'data-role': 'doc-nonce', title: 'document nonce' }, String(window.__docNonce).slice(0, 8)));
    const overlay = session && session.state === 'expired' && h('div', { class: 'overlay', role: 'alertdialog', 'data-role': 'session-expired' },
      h('div', {}, h('h2', {}, t('sessionExpired')), h('p', {}, t('sessionExpiredHint'))));
    const notice = state.notice && h('p', { class: 'notice', role: 'status', 'data-role': 'notice' }, state.notice);

    root.replaceChildren(
      h('header', { class: 'top' }, h('h1', {}, t(dashboard.title)), tabs, toolbar),
      filters,
      notice || '',
      h('main', { class: 'grid', 'data-role': 'widgets' }, ...widgets),
      drill || '',
      aiForm,
      footer,
      overlay || '',
    );
    root.removeAttribute('aria-busy');
    root.classList.toggle('expired', session?.state === 'expired');
    return page.widgets.length;
  }

  return { render, rendered };
}

/** The widget the render-error switch breaks: the first chart of the page, else the first widget. */
function failingIndex(/** @type {any} */ page) {
  const index = page.widgets.findIndex((/** @type {any} */ widget) => widget.type === 'bar' || widget.type === 'line');
  return index === -1 ? 0 : index;
}

/** @param {any} ai @param {any} t @param {any} fmt */
function aiText(ai, t, fmt) {
  if (ai.status === 'error') return t('aiError', { message: ai.error });
  if (ai.status !== 'answered') return '';
  const answer = ai.answer;
  if (answer.kind === 'metric') return t('aiMetric', { member: t(answer.member), value: fmt.value(answer.value, answer.format) });
  if (answer.kind === 'top') return t('aiTop', { dimension: t(answer.dimension), key: t(answer.key), value: fmt.value(answer.value, answer.format) });
  return t('aiUnknown', { suggestions: answer.suggestions.join(', ') });
}
