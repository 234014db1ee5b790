// The embedded dashboard: exchanges its session id, creates the frame half (SvcEmbedFrame, loaded
// by a script tag before this module), applies the host's actions and emits the event catalog.
import { applyFilters } from './aggregate.js';
import { ApiError, createApi } from './api.js';
import { exportCsv, exportPng } from './downloads.js';
import { isKnownLocale, isKnownTimeZone } from './format.js';
import { parseFilter } from './filter-parameter.js';
import { createStore } from './store.js';
import { applyTheme } from './theme.js';
import { translator } from './i18n.js';
import { createView } from './view.js';

// A fresh value per document load: the host page and tests read it to prove there was no reload.
const docNonce = crypto.randomUUID();
window.__docNonce = docNonce;
document.documentElement.dataset.docNonce = docNonce;

// Every message this document receives, from its first moment (before the frame half listens, so
// before it can send ready): what the host really sent, checked or not, for tests (a host that must
// never send an action can be proven not to) and the curious. `__dashboard.received()` reads it.
/** @type {{ origin: string, type: unknown, payload: unknown }[]} */
const received = [];
addEventListener('message', (event) => {
  if (received.length < 1000) received.push({ origin: event.origin, type: event.data?.type, payload: event.data?.payload });
});

const started = performance.now();
const config = JSON.parse(/** @type {HTMLElement} */ (document.getElementById('svc-embed-config')).textContent ?? '{}');
const dashboard = config.dashboard;
const debug = new URLSearchParams(location.search).has('debug');
const api = createApi(config);
const pageTitle = (/** @type {string} */ path) => dashboard.pages.find((/** @type {any} */ page) => page.path === path)?.title;

// Signed mode: exchange the id from the URL before mounting. A rejected id still mounts the surface
// with an already-lapsed session, so the host hears `ready`, the error and `session-expired`, and
// can recover in place with set-session.
let initial;
let initialError;
if (config.mode === 'signed') {
  try {
    initial = await api.exchange(config.sessionId);
  } catch (error) {
    initialError = error;
  }
}

const store = createStore({
  page: dashboard.pages[0].path,
  scheme: 'light',
  theme: {},
  locale: isKnownLocale(navigator.language) ? navigator.language : 'en-US',
  timezone: config.timezone ?? config.accountTimezone,
  filters: /** @type {Record<string, string>} */ ({}),
  rows: /** @type {any[] | null} */ (null),
  generatedAt: /** @type {number | null} */ (null),
  loadError: /** @type {string | null} */ (null),
  loads: 0,
  refreshes: 0,
  drill: /** @type {{ widgetId: string, key: string } | null} */ (null),
  renderError: false,
  ai: { status: 'idle', query: '', chatId: /** @type {string | undefined} */ (undefined) },
  notice: /** @type {string | null} */ (null),
  session: /** @type {{ state: string, expiresAt: number } | undefined} */ (undefined),
});

const frame = window.SvcEmbedFrame.createFrame({
  surface: 'dashboard',
  mode: config.mode,
  hostOrigins: config.hostOrigins,
  warnBeforeMs: config.warnBeforeMs,
  debug,
  session:
    config.mode === 'signed'
      ? {
          expiresAt: initial ? initial.usableUntil : Date.now(),
          exchange: async (/** @type {string} */ sessionId) => {
            const session = await api.exchange(sessionId);
            initial ??= session; // the first session this document got, for ready's payload
            return { expiresAt: session.usableUntil };
          },
        }
      : undefined,
});

/** A label in the current locale. */
const t = (/** @type {string} */ key) => translator(store.get().locale)(key);

// For tests and the curious: a read-only look at the dashboard's state.
/** Every session state the frame entered, with when (for tests and the curious). */
const sessionHistory = [];
Object.defineProperty(window, '__dashboard', {
  value: { state: () => structuredClone(store.get()), session: () => frame.session, sessionHistory: () => structuredClone(sessionHistory), received: () => structuredClone(received) },
});

/** Errors already reported for the render-error switch (one per widget and page until it flips). */
const reportedFailures = new Set();
const emitError = (/** @type {string} */ name, /** @type {string} */ context, /** @type {string} */ message, fatal = false) =>
  frame.emit('error', { name, context, message, fatal });

const view = createView(/** @type {HTMLElement} */ (document.getElementById('app')), config, {
  navigate: (path) => navigateTo(path),
  filter: (dimension, value) => setFilter(dimension, value || null),
  drill(widget, item) {
    store.set({ drill: { widgetId: widget.id, key: item.key } });
    frame.emit('drilldown', { member: widget.measure.member, value: { [`${dashboard.view}.${widget.dimension}`]: item.key, [widget.measure.member]: item.value }, widgetId: widget.id });
  },
  closeDrill: () => store.set({ drill: null }),
  async download(widget, format, rendered) {
    const title = t(widget.title);
    const name = `${dashboard.publicId}-${widget.id}`;
    if (format === 'csv') {
      const rowCount = exportCsv(rendered.data, name);
      frame.emit('download', { format, target: 'widget', widgetId: widget.id, title, rowCount });
    } else {
      try {
        await exportPng(rendered.chart, name);
        frame.emit('download', { format, target: 'widget', widgetId: widget.id, title });
      } catch (error) {
        emitError('ExportError', 'download', error instanceof Error ? error.message : String(error));
      }
    }
  },
  exportDashboard() {
    const state = store.get();
    const rows = applyFilters(state.rows ?? [], state.filters);
    const header = Object.keys(rows[0] ?? {});
    const rowCount = exportCsv({ header, rows: rows.map((row) => header.map((key) => (key.endsWith('At') ? new Date(row[key]).toISOString() : row[key]))) }, dashboard.publicId);
    frame.emit('download', { format: 'csv', target: 'dashboard', title: t(dashboard.title), rowCount });
  },
  ask: (question) => void ask(question),
  simulateRenderError(on) {
    reportedFailures.clear();
    store.set({ renderError: on });
  },
  widgetFailed(widget, error) {
    const key = `${store.get().page}:${widget.id}`;
    if (reportedFailures.has(key)) return;
    reportedFailures.add(key);
    emitError('WidgetRenderError', 'render', `widget "${widget.id}" failed to render: ${error instanceof Error ? error.message : error}`);
  },
});

store.subscribe((state) => view.render(state));

/** @param {string} path */
function navigateTo(path) {
  if (!pageTitle(path)) {
    emitError('NavigationError', 'action', `navigate: no page at ${path}; pages are ${dashboard.pages.map((/** @type {any} */ page) => page.path).join(', ')}`);
    return;
  }
  if (path === store.get().page) return;
  store.set({ page: path, drill: null });
  frame.navigated(path, { title: t(pageTitle(path)) });
}

/** @param {string} dimension @param {string | null} value */
function setFilter(dimension, value) {
  const filters = { ...store.get().filters };
  if (value === null) delete filters[dimension];
  else filters[dimension] = value;
  store.set({ filters, drill: null, notice: null });
}

/** Loads (or reloads) the data and reports dashboard-loaded once every widget has rendered. */
async function loadData(/** @type {'load' | 'refresh' | 'recover'} */ reason) {
  const begin = reason === 'load' ? started : performance.now();
  try {
    const { rows, generatedAt } = await api.loadData();
    const state = store.get();
    store.set({ rows, generatedAt, loadError: null, loads: state.loads + 1, refreshes: state.refreshes + (reason === 'refresh' ? 1 : 0) });
    const widgetCount = dashboard.pages.find((/** @type {any} */ page) => page.path === store.get().page).widgets.length;
    frame.emit('dashboard-loaded', { publicId: dashboard.publicId, widgetCount, loadDurationMs: Math.round(performance.now() - begin) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    store.set({ loadError: message });
    if (error instanceof ApiError && error.status === 401 && frame.session && (error.reason === 'expired' || error.reason === 'revoked')) {
      // The service ended the session before its expiry: the frame enters "expired" and tells the host.
      frame.sessionEnded();
      return;
    }
    emitError(error instanceof ApiError ? 'QueryError' : 'NetworkError', 'query', `loading the dashboard data failed: ${message}`);
  }
}

/** @param {string} question */
async function ask(question) {
  const chatId = store.get().ai.chatId ?? `chat_${crypto.randomUUID().slice(0, 8)}`;
  store.set({ ai: { status: 'thinking', query: question, chatId } });
  frame.emit('ai-query', { query: question, status: 'submitted', chatId });
  try {
    const { answer } = await api.ask(question, chatId);
    store.set({ ai: { status: 'answered', query: question, chatId, answer } });
    frame.emit('ai-query', { query: question, status: 'completed', chatId });
  } catch (error) {
    store.set({ ai: { status: 'error', query: question, chatId, error: error instanceof Error ? error.message : String(error) } });
    frame.emit('ai-query', { query: question, status: 'error', chatId });
  }
}

// Host actions.
frame.on('set-color-scheme', ({ scheme }) => {
  store.set({ scheme });
  frame.followColorScheme(scheme, (resolved) => {
    document.documentElement.dataset.scheme = resolved;
    view.render(store.get());
  });
});
frame.on('set-theme', ({ embedTheme }) => {
  applyTheme(embedTheme);
  store.set({ theme: embedTheme });
});
frame.on('set-locale', ({ locale }) => {
  if (isKnownLocale(locale)) store.set({ locale });
  else emitError('InvalidLocaleError', 'action', `set-locale: ${locale} is not a locale this surface knows`);
});
frame.on('set-timezone', ({ timezone }) => {
  if (isKnownTimeZone(timezone)) store.set({ timezone });
  else emitError('InvalidTimeZoneError', 'action', `set-timezone: ${timezone} is not an IANA time zone`);
});
frame.on('set-filter', ({ filterUrlParameter }) => applyFilterParameter(filterUrlParameter));
frame.on('navigate', ({ path }) => navigateTo(path));
frame.on('refresh', () => void loadData('refresh'));

/** A filter applies only when the dashboard has a filter widget for that view and dimension. */
function applyFilterParameter(/** @type {string} */ parameter) {
  const filter = parseFilter(parameter);
  if (!filter || filter.view !== dashboard.view || !dashboard.filters.includes(filter.dimension)) {
    store.set({ notice: `Filter ignored: ${parameter.split('=')[0]} has no filter widget on this dashboard.` });
    if (debug) console.debug('[dashboard] ignored filter', parameter);
    return;
  }
  setFilter(filter.dimension, filter.value);
}

let wasExpired = false;
frame.onSessionChange((session) => {
  sessionHistory.push({ state: session.state, expiresAt: session.expiresAt, at: Date.now() });
  store.set({ session: { state: session.state, expiresAt: session.expiresAt } });
  if (session.state === 'expired') wasExpired = true;
  else if (session.state === 'active' && wasExpired) {
    // Recovered after the lapse: transient state is gone, queries run again with the new token.
    wasExpired = false;
    store.set({ drill: null, ai: { status: 'idle', query: '', chatId: undefined }, notice: null });
    void loadData('recover');
  }
});

for (const parameter of config.filters) applyFilterParameter(parameter);
if (frame.session) store.set({ session: { state: frame.session.state, expiresAt: frame.session.expiresAt } });
wasExpired = frame.session?.state === 'expired' && !initialError;
view.render(store.get());

/** Mounts the dashboard for the host: ready (only with a working session), the first view, the data. */
async function mount() {
  frame.ready({
    embedTenant: initial?.embedTenant ?? config.embedTenant,
    deploymentId: initial?.deploymentId ?? config.deploymentId,
    publicId: dashboard.publicId,
  });
  frame.viewed(store.get().page, { title: t(pageTitle(store.get().page)) });
  await loadData('load');
}

if (initialError) {
  // Refused id (for example an iframe reloaded with its redeemed id): no ready without a session.
  // The host is told at once and sends a fresh id; the dashboard mounts when it has been exchanged.
  frame.authFailed(`the session id in the URL could not be exchanged: ${initialError.message}`);
  const off = frame.onSessionChange(({ state }) => {
    if (state !== 'active') return;
    off();
    void mount();
  });
} else {
  await mount();
}
