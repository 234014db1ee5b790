// One control for every action of the protocol, sent to embed A, B or both.
import { h } from './dom.js';

const FILTER_PRESETS = [
  ['orders', 'status', 'completed'], ['orders', 'status', 'pending'], ['orders', 'region', 'emea'], ['orders', 'region', 'apac'],
  ['orders', 'status', null], ['orders', 'region', null],
  ['tickets', 'priority', 'urgent'], ['tickets', 'channel', 'chat'], ['tickets', 'priority', null], ['tickets', 'channel', null],
];
const LOCALES = ['en-US', 'en-GB', 'es-ES', 'es', 'de-DE', 'fr-FR', 'fr-CA', 'ja-JP'];
const TIME_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'America/Argentina/Buenos_Aires'];
const PATHS = ['/overview', '/orders', '/products', '/queue'];

/**
 * @param {HTMLElement} root
 * @param {{ targets: () => Array<{ key: string, embed: any }>, perform: (label: string, payload: unknown, act: (embed: any, key: string) => unknown) => void }} api
 */
export function createControls(root, api) {
  const { perform } = api;
  const target = /** @type {HTMLSelectElement} */ (h('select', { id: 'target', 'data-role': 'target' },
    h('option', { value: 'a' }, 'Embed A'), h('option', { value: 'b' }, 'Embed B'), h('option', { value: 'both' }, 'Both embeds')));
  const section = (/** @type {string} */ title, /** @type {Node[]} */ ...children) => h('fieldset', {}, h('legend', {}, title), ...children);
  const button = (/** @type {string} */ label, /** @type {string} */ action, /** @type {() => void} */ onclick) => h('button', { type: 'button', 'data-action': action, onclick }, label);

  const primary = /** @type {HTMLInputElement} */ (h('input', { type: 'color', value: '#0f9d58', 'data-input': 'primaryColor' }));
  const radius = /** @type {HTMLInputElement} */ (h('input', { type: 'number', min: 0, max: 24, value: 4, 'data-input': 'borderRadius' }));
  const font = /** @type {HTMLSelectElement} */ (h('select', { 'data-input': 'font' }, ...['Georgia', 'Courier New', 'Trebuchet MS', 'system-ui'].map((name) => h('option', {}, name))));
  const chatBackground = /** @type {HTMLInputElement} */ (h('input', { type: 'color', value: '#fff7e6', 'data-input': 'chatBackground' }));
  const locale = /** @type {HTMLSelectElement} */ (h('select', { 'data-input': 'locale' }, ...LOCALES.map((tag) => h('option', {}, tag))));
  const zone = /** @type {HTMLSelectElement} */ (h('select', { 'data-input': 'timezone' }, ...TIME_ZONES.map((name) => h('option', {}, name))));
  const preset = /** @type {HTMLSelectElement} */ (h('select', { 'data-input': 'filter' }, ...FILTER_PRESETS.map((filter, index) =>
    h('option', { value: index }, `${filter[0]}.${filter[1]} = ${filter[2] ?? '(clear)'}`))));
  const rawFilter = /** @type {HTMLInputElement} */ (h('input', { type: 'text', placeholder: 'f_orders.status={"value":"refunded"}', 'data-input': 'raw-filter' }));
  const path = /** @type {HTMLInputElement} */ (h('input', { type: 'text', value: '/orders', list: 'paths', 'data-input': 'path' }));

  root.append(
    h('h2', {}, 'Actions'),
    h('label', { class: 'target' }, 'Send to ', target),
    section('Color scheme', button('Light', 'light', () => perform('set-color-scheme', { scheme: 'light' }, (embed) => embed.setColorScheme('light'))),
      button('Dark', 'dark', () => perform('set-color-scheme', { scheme: 'dark' }, (embed) => embed.setColorScheme('dark'))),
      button('Auto', 'auto', () => perform('set-color-scheme', { scheme: 'auto' }, (embed) => embed.setColorScheme('auto')))),
    section('Theme', h('label', {}, 'primary ', primary), h('label', {}, 'radius ', radius), h('label', {}, 'font ', font), h('label', {}, 'chat ', chatBackground),
      button('Apply theme', 'theme', () => {
        const theme = { primaryColor: primary.value, borderRadius: Number(radius.value), font: font.value, analyticsChat: { backgroundColor: chatBackground.value }, brandName: 'Demo Co' };
        perform('set-theme', theme, (embed) => embed.setTheme(theme));
      }),
      button('Reset', 'theme-reset', () => perform('set-theme', {}, (embed) => embed.setTheme({})))),
    section('Locale', locale, button('Apply', 'locale', () => perform('set-locale', { locale: locale.value }, (embed) => embed.setLocale(locale.value)))),
    section('Time zone', zone, button('Apply', 'timezone', () => perform('set-timezone', { timezone: zone.value }, (embed) => embed.setTimezone(zone.value))),
      button('Send "+05:30"', 'timezone-offset', () => perform('set-timezone', { timezone: '+05:30' }, (embed) => embed.setTimezone('+05:30')))),
    section('Filter', preset, button('Apply', 'filter', () => {
        const [view, dimension, value] = /** @type {[string, string, string | null]} */ (FILTER_PRESETS[Number(preset.value)]);
        perform('set-filter', { view, dimension, value }, (embed) => embed.setFilter(view, dimension, { value }));
      }),
      rawFilter, button('Send raw', 'filter-raw', () => perform('set-filter', { filterUrlParameter: rawFilter.value }, (embed) => embed.setFilter(rawFilter.value)))),
    section('Navigate', path, h('datalist', { id: 'paths' }, ...PATHS.map((value) => h('option', { value }))),
      button('Go', 'navigate', () => perform('navigate', { path: path.value }, (embed) => embed.navigate(path.value)))),
    section('Refresh', button('Refresh data', 'refresh', () => perform('refresh', undefined, (embed) => embed.refresh()))),
    section('Session', button('Renew now (mint + set-session)', 'renew', () => perform('renewSession()', undefined, (embed) => embed.renewSession())),
      button('Send a rejected id', 'bad-session', () => perform('set-session', { sessionId: 'ses_not-a-real-id' }, (embed) => embed.setSession('ses_not-a-real-id')))),
  );
  return { target: () => target.value };
}
