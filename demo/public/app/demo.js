// The demo host page: two embeds of one viewer (one session ledger), minting through the page's
// session endpoint (@svc-embed/server), a control for every action, a live event log and a session
// panel. `sdk` is the host half, from the script tag or from ESM.
import { backend } from './backend-client.js';
import { createControls } from './controls.js';
import { h } from './dom.js';
import { createEventLog } from './event-log.js';
import { createSessionPanel } from './session-panel.js';

/**
 * @param {{ createEmbed: Function, createSessionLedger: Function, syncUrl?: Function }} sdk
 * @param {{ build: string }} options
 */
export function mountDemo(sdk, options) {
  const config = JSON.parse(/** @type {HTMLElement} */ (document.getElementById('demo-config')).textContent ?? '{}');
  /** @type {HTMLElement} */ (document.getElementById('origins')).textContent = `page ${location.origin} · service ${config.serviceUrl}`;
  const page = {
    sdk,
    config,
    log: createEventLog(/** @type {HTMLElement} */ (document.getElementById('event-log'))),
    /** @type {Record<string, any>} */
    embeds: {},
    /** Latest id each embed was given (the one its current session came from). */
    /** @type {Record<string, string>} */
    currentId: {},
    /** Every id this page's embeds were given, in order: `{ embed, sessionId, at }`. */
    mints: [],
    /** @type {any} */
    ledger: undefined,
    // ?debug on this page: the SDK logs every message in and out and every drop with its reason, and
    // the embedded dashboard logs what its frame half ignores (the browser console shows both).
    debug: new URLSearchParams(location.search).has('debug'),
    /** @type {any} */
    panel: undefined,
    /** @type {any} */
    controls: undefined,
  };
  page.panel = createSessionPanel(/** @type {HTMLElement} */ (document.getElementById('session-panel')), {
    embeds: config.embeds,
    embedOf: (sessionId) => embedOf(page, sessionId),
    renew: (key) => perform(page, { label: 'renewSession()', payload: undefined, act: (embed) => embed.renewSession(), keys: [key] }),
    expire: (key) => expire(page, key),
    logout: () => logout(page),
    restart: () => start(page),
  });
  page.controls = createControls(/** @type {HTMLElement} */ (document.getElementById('controls')), {
    targets: () => targets(page),
    perform: (label, payload, act) => perform(page, { label, payload, act }),
  });
  window.__demo = { build: options.build, events: [], notifications: [], mints: page.mints, embeds: page.embeds, log: page.log, panel: page.panel, logoutResult: undefined };
  start(page);
}

/** Which embed of this page was given an id (ids of other tabs and earlier page loads are in no embed). */
const embedOf = (page, sessionId) => page.mints.find((entry) => entry.sessionId === sessionId)?.embed;

/** The chosen embeds (or those of `keys`), each `{ key, embed }`. */
function targets(page, keys = page.controls.target() === 'both' ? Object.keys(page.embeds) : [page.controls.target()]) {
  return keys.filter((key) => page.embeds[key]).map((key) => ({ key, embed: page.embeds[key] }));
}

/**
 * Runs an action on the chosen embeds and logs it; an argument the SDK refuses is logged, not thrown.
 * @param {any} page
 * @param {{ label: string, payload: unknown, act: (embed: any, key: string) => unknown, keys?: string[] }} action
 */
function perform(page, { label, payload, act, keys }) {
  const { log } = page;
  for (const { key, embed } of targets(page, keys)) {
    try {
      const result = act(embed, key);
      log.add({ embed: key, kind: 'action', type: label, payload });
      if (result && typeof result.then === 'function')
        result.then(undefined, (error) => log.add({ embed: key, kind: 'error', type: `${label} failed`, payload: { error: error.message, code: error.code } }));
    } catch (error) {
      log.add({ embed: key, kind: 'error', type: `${label} not sent`, payload: { error: error.message, code: error.code } });
    }
  }
}

/** "Expire now": the service ends the embed's session; the embed notices at its next query. @param {any} page @param {string} key */
async function expire(page, key) {
  const sessionId = page.currentId[key];
  if (!sessionId || !page.embeds[key]) return;
  try {
    await backend.expire(sessionId);
    page.log.add({ embed: key, kind: 'host', type: 'expired at the service', payload: { sessionId } });
    // The embed notices at its next query: refresh runs one now.
    page.embeds[key].refresh();
  } catch (error) {
    page.log.add({ embed: key, kind: 'error', type: 'expire now failed', payload: { error: String(error) } });
  }
}

/**
 * "Log out", through the session endpoint: every id of the viewer (every tab, every page load) is
 * revoked, and the viewer's other tabs end their embeds. The result says what happened; when it is
 * not complete (the backend failed, or ids wait), "Log out" stays: clicking it again retries.
 * @param {any} page
 */
async function logout(page) {
  const { panel, embeds, config } = page;
  panel.setSignedOut('Signing out…', false);
  const result = await page.ledger.logout();
  for (const key of Object.keys(embeds)) delete embeds[key];
  const { revoked, failed, pending, complete } = result;
  page.log.add({ embed: 'all', kind: complete ? 'host' : 'error', type: 'logout', payload: { revoked, failed: failed.map((entry) => entry.sessionId), pending, backend: result.backend, complete, reason: result.reason, error: result.error?.message } });
  window.__demo.logoutResult = result;
  await panel.refresh();
  const confirmed = document.querySelectorAll('[data-role="session-ids"] [data-status="revoked"]').length;
  const outcome = complete ? 'complete' : `not complete (sign-out ${result.backend}, ${result.reason}${result.error ? `: ${result.error.message}` : ''}): log out again`;
  // Why, for the viewer: the result's sentence (`reason` is its stable code).
  const why = complete ? '' : ` ${result.message}`;
  panel.setSignedOut(`Signed out, ${outcome}. ${revoked.length} ids revoked, ${failed.length} failed, ${pending.length} pending; the service lists ${confirmed} as revoked.${why}`, complete);
  for (const { key } of config.embeds) panel.update(key, { state: 'signed out', usableUntil: undefined });
}

/**
 * Notes the ids an embed is given, for the session panel: the first in the iframe's URL, each later
 * one in the `set-session` action the SDK's debug log reports as sent (`out`). With
 * `sessionEndpoint` the page never handles an id; only this panel looks. `?debug` prints the log too.
 * @param {any} page
 * @param {string} key
 */
function noteIds(page, key) {
  const note = (sessionId) => {
    if (!sessionId || page.currentId[key] === sessionId) return;
    page.currentId[key] = sessionId;
    page.mints.push({ embed: key, sessionId, at: Date.now() });
  };
  return {
    /** @param {{ iframe: HTMLIFrameElement }} embed */
    fromUrl: (embed) => note(new URL(embed.iframe.src, location.href).searchParams.get('session') ?? undefined),
    /** @param {string} event @param {...any} details */
    debug(event, ...details) {
      const [message] = details;
      if (event === 'out' && message?.type === 'svc:action:set-session') note(message.payload?.sessionId);
      if (page.debug) console.debug('[svc-embed]', event, ...details);
    },
  };
}

/** Embeds every embed of the configuration anew, on a fresh session ledger. @param {any} page */
function start(page) {
  const { config, panel } = page;
  page.ledger = page.sdk.createSessionLedger();
  for (const key of Object.keys(page.currentId)) delete page.currentId[key];
  const container = /** @type {HTMLElement} */ (document.getElementById('embeds'));
  container.replaceChildren();
  for (const entry of config.embeds) {
    const { key } = entry;
    const box = h('div', { class: 'frame-box', id: `frame-${key}` });
    container.append(h('section', { class: 'embed-card', 'data-embed': key }, h('h2', {}, `${entry.label} · ${entry.publicId}`,
      h('small', {}, [entry.allowExport && 'allowExport', entry.timezone].filter(Boolean).join(' · '))), box));
    const ids = noteIds(page, key);
    const embed = page.sdk.createEmbed({
      baseUrl: config.serviceUrl,
      ...(page.debug ? { src: `${config.serviceUrl}/embed/dashboard/${entry.publicId}?debug` } : { publicId: entry.publicId }),
      // The logger looks console.debug up on each call (`debug: true` binds it once), so a test that
      // wraps the console after load sees the lines too.
      debug: ids.debug,
      container: box,
      allowExport: entry.allowExport,
      timezone: entry.timezone,
      ledger: page.ledger,
      attributes: { title: `${entry.label}: ${entry.publicId}`, 'data-embed': key },
      // Your backend (@svc-embed/server) mints, revokes and signs the viewer out; the page holds no id.
      sessionEndpoint: '/api/embed-session',
    });
    page.embeds[key] = embed;
    watch(page, { key, embed, ids, syncUrl: entry.syncUrl });
    panel.update(key, { state: 'loading', renewals: 0, lastError: '—' });
  }
  // A sign-out in another tab of the viewer ends this tab's embeds at once; "Log out" here still
  // signs out through the endpoint (it is idempotent) and reports what happened.
  page.ledger.onLogout(() => {
    for (const { key } of config.embeds) panel.update(key, { state: 'signed out', usableUntil: undefined });
    panel.setSignedOut('Signed out. "Log out" signs out through the endpoint from this tab too.', false);
  });
  panel.setSignedOut('', false);
}

/**
 * Shows what one embed does: its states and errors in the panel, its events and the SDK's
 * notifications in the log (and in `window.__demo`), and its page in the URL when it syncs one.
 * @param {any} page
 * @param {{ key: string, embed: any, ids: ReturnType<typeof noteIds>, syncUrl?: string }} embedded
 */
function watch(page, { key, embed, ids, syncUrl }) {
  const { log, panel } = page;
  embed.on('state', ({ state }) => {
    if (state === 'loading') ids.fromUrl(embed);
    if (state === 'renewing') panel.update(key, { state: 'renewing' });
  });
  // Deep links: the embed's page lives in the page URL (`?dash=/orders`), so reload, back and a
  // copied link land where the viewer was. Logout stops it, so "Start again" can claim it anew.
  // (The page's DOM test hands in an SDK without syncUrl.)
  if (syncUrl && page.sdk.syncUrl) page.sdk.syncUrl(embed, { param: syncUrl });
  embed.on('*', (payload, message) => {
    log.add({ embed: key, kind: message.type === 'svc:event:error' ? 'error' : 'event', type: message.type, payload });
    window.__demo.events.push({ embed: key, type: message.type, payload, at: Date.now() });
  });
  embed.on('ready', () => panel.update(key, { state: 'active' }));
  // The SDK starts its renewal (and so our mint, which shows "renewing") before listeners run.
  const unlessRenewing = (state) => panel.info[key].state !== 'renewing' && panel.update(key, { state });
  embed.on('session-expiring', () => unlessRenewing('expiring'));
  embed.on('session-expired', () => unlessRenewing('expired'));
  embed.on('error', (payload) => panel.update(key, { lastError: `${payload.name ?? 'Error'}: ${payload.message}` }));
  embed.on('renewed', (info) => {
    panel.update(key, { state: 'active', renewals: panel.info[key].renewals + 1 });
    log.add({ embed: key, kind: 'host', type: 'renewed', payload: info });
    window.__demo.notifications.push({ embed: key, type: 'renewed', info, at: Date.now() });
    void panel.refresh();
  });
  embed.on('renewal-failed', (info) => {
    panel.update(key, { lastError: `renewal failed: ${info.error.message}` });
    log.add({ embed: key, kind: 'error', type: 'renewal-failed', payload: { trigger: info.trigger, attempts: info.attempts, error: info.error.message } });
    window.__demo.notifications.push({ embed: key, type: 'renewal-failed', info: { trigger: info.trigger, attempts: info.attempts, code: info.error.code }, at: Date.now() });
  });
  embed.ready.then(
    () => void panel.refresh(),
    (error) => log.add({ embed: key, kind: 'error', type: 'ready failed', payload: { error: error.message, code: error.code } }),
  );
}
