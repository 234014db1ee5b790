import type { ActionPayloads, EventPayloads } from '../src/index.js';

/** One valid payload per event, as the README's catalog shows them. */
export const eventExamples: EventPayloads = {
  ready: { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard', publicId: 'd-42' },
  view: { surface: 'dashboard', path: '/page/2', publicId: 'd-42', title: 'Revenue' },
  navigate: { path: '/page/2', previousPath: '/' },
  'dashboard-loaded': { publicId: 'd-42', widgetCount: 6, loadDurationMs: 812 },
  download: { format: 'csv', target: 'widget', widgetId: 'w1', title: 'Orders by month', rowCount: 120 },
  drilldown: { member: 'orders.count', value: 42, widgetId: 'w1' },
  'ai-query': { query: 'Top 5 products last month', status: 'submitted', chatId: 'c-1', agentId: 'a-1' },
  'session-expiring': { expiresAt: 1_795_000_000_000, expiresInMs: 1_800_000 },
  'session-expired': { expiredAt: 1_795_000_000_000 },
  error: { message: 'Session id was already redeemed', name: 'EmbedSessionExchangeError', context: 'session-renewal', fatal: false },
};

/** One valid payload per action, as the README's catalog shows them. */
export const actionExamples: ActionPayloads = {
  'set-color-scheme': { scheme: 'dark' },
  'set-theme': { embedTheme: { primaryColor: '#4f46e5', borderRadius: 8, font: 'Inter', analyticsChat: { backgroundColor: '#fff' } } },
  'set-locale': { locale: 'es-ES' },
  'set-timezone': { timezone: 'Europe/Berlin' },
  'set-filter': { filterUrlParameter: 'f_orders.status={"value":"completed"}' },
  navigate: { path: '/page/2' },
  refresh: undefined,
  'set-session': { sessionId: 'sess_7f3a' },
};

/** Minimal valid payloads: required fields only. */
export const minimalEventExamples: EventPayloads = {
  ready: { embedTenant: null, deploymentId: null, mode: 'private', surface: 'chat' },
  view: { surface: 'app', path: '/' },
  navigate: { path: '/' },
  'dashboard-loaded': {},
  download: { format: 'pdf', target: 'dashboard' },
  drilldown: { member: 'orders.count' },
  'ai-query': { query: 'q', status: 'completed' },
  'session-expiring': { expiresAt: 0, expiresInMs: 0 },
  'session-expired': { expiredAt: 0 },
  error: { message: 'boom' },
};
