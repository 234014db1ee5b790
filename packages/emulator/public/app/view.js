// Renders the dashboard from its state: header and page tabs, filters, widgets, drilldown panel,
// the AI box, the footer and the "session expired" overlay (the sections: view-sections.js). UI
// intents go to `actions`.
import { createAiBox } from './ai-box.js';
import { applyFilters } from './aggregate.js';
import { h } from './dom.js';
import { formatters } from './format.js';
import { translator } from './i18n.js';
import { renderDrill, renderFilters, renderFooter, renderNotices, renderTop, renderWidgetCard } from './view-sections.js';

/** @typedef {import('./view-sections.js').ViewActions} ViewActions */
/** Colours for SVG charts, read from the CSS variables the scheme and theme set. */
function chartColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (/** @type {string} */ name) => style.getPropertyValue(name).trim();
  return { primary: read('--primary'), text: read('--text'), muted: read('--muted'), grid: read('--grid'), font: read('--font') };
}

/**
 * What one render of `state` reads (see {@link import('./view-sections.js').RenderScope}).
 * @param {{ state: any, config: any, actions: ViewActions }} input
 * @returns {import('./view-sections.js').RenderScope}
 */
function renderScope({ state, config, actions }) {
  const dashboard = config.dashboard;
  const t = translator(state.locale);
  const fmt = formatters({ locale: state.locale, timeZone: state.timezone, currency: dashboard.currency });
  const page = dashboard.pages.find((/** @type {any} */ candidate) => candidate.path === state.page) ?? dashboard.pages[0];
  const rows = state.rows ? applyFilters(state.rows, state.filters) : [];
  const context = { rows, t, fmt, colors: chartColors(), generatedAt: state.generatedAt ?? Date.now(), onDrill: actions.drill };
  return { state, config, dashboard, page, t, fmt, context, actions };
}

/** The document's language, its data attributes (for styles and tests) and its title. @param {import('./view-sections.js').RenderScope} scope */
function describeDocument({ state, dashboard, page, t }) {
  const html = document.documentElement;
  html.lang = state.locale;
  Object.assign(html.dataset, { locale: state.locale, language: t.language, timezone: state.timezone, page: page.path, schemeSetting: state.scheme });
  document.title = t(dashboard.title);
}

/**
 * The dashboard's view in `root`: `render(state)` draws it anew and returns the number of widgets
 * on the page; the AI box and the render-error switch are kept across renders.
 * @param {HTMLElement} root
 * @param {any} config
 * @param {ViewActions} actions
 */
export function createView(root, config, actions) {
  const aiBox = createAiBox(actions.ask);
  const errorSwitch = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', 'data-role': 'render-error-switch', onchange: () => actions.simulateRenderError(errorSwitch.checked) }));
  /** Widgets rendered by the last `render`, by id (for downloads and tests). */
  const rendered = new Map();

  /** @param {any} state */
  function render(state) {
    const scope = renderScope({ state, config, actions });
    describeDocument(scope);
    const { tabs, toolbar } = renderTop(scope);
    const filters = renderFilters(scope);
    const widgets = scope.page.widgets.map((/** @type {any} */ widget, /** @type {number} */ index) => renderWidgetCard({ ...scope, widget, index, rendered }));
    const drill = renderDrill(scope);
    aiBox.update(scope);
    errorSwitch.checked = state.renderError;
    const footer = renderFooter({ ...scope, errorSwitch });
    const { overlay, notice } = renderNotices(scope);
    root.replaceChildren(
      h('header', { class: 'top' }, h('h1', {}, scope.t(scope.dashboard.title)), tabs, toolbar),
      filters,
      notice || '',
      h('main', { class: 'grid', 'data-role': 'widgets' }, ...widgets),
      drill || '',
      aiBox.form,
      footer,
      overlay || '',
    );
    root.removeAttribute('aria-busy');
    root.classList.toggle('expired', state.session?.state === 'expired');
    return scope.page.widgets.length;
  }

  return { render, rendered };
}
