// Pages of the leak test, served over loopback by a tiny node:http server: a host page on
// http://127.0.0.1:<port> and a frame page on http://localhost:<port> (same server, two origins).
// Both load a probe before the SDK that counts live event listeners and timers.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';

/** Page-side method shared by both pages: runs cycles `from` to `to` of `KINDS`, timing each kind. */
const RUN_CYCLES = `async run(from, to) {
      const kinds = {};
      for (let i = from; i < to; i++) {
        const [kind, cycle] = KINDS[i % KINDS.length];
        const started = performance.now();
        await cycle(i);
        const entry = (kinds[kind] ||= { cycles: 0, ms: 0 });
        entry.cycles += 1;
        entry.ms += performance.now() - started;
      }
      return kinds;
    },`;
/**
 * Counts what is live in a page: event listeners by target and type (with the DOM's dedupe rules:
 * adding the same listener twice is one listener, removing an unknown one does nothing) and
 * timers (a timeout is live until it fires or is cleared, an interval until it is cleared). It
 * wraps `EventTarget.prototype.addEventListener/removeEventListener` and the window's
 * `setTimeout/clearTimeout/setInterval/clearInterval`, so it must run before the SDK. The
 * originals stay on `__probe` so the test driver can wait without being counted.
 */
export const PROBE = String.raw`(() => {
  const proto = EventTarget.prototype;
  const add = proto.addEventListener, remove = proto.removeEventListener;
  const registry = new WeakMap();
  const live = {};
  const name = (target) =>
    target === window ? 'window' : target === document ? 'document' : target instanceof MediaQueryList ? 'media-query' : 'other';
  const capture = (options) => (typeof options === 'boolean' ? options : !!(options && options.capture));
  const bump = (target, type, by) => {
    const key = name(target) + ':' + type;
    live[key] = (live[key] || 0) + by;
    if (!live[key]) delete live[key];
  };
  proto.addEventListener = function (type, listener, options) {
    if (listener && !(options && typeof options === 'object' && (options.once || options.signal))) {
      let byType = registry.get(this);
      if (!byType) registry.set(this, (byType = new Map()));
      const key = type + '|' + capture(options);
      let set = byType.get(key);
      if (!set) byType.set(key, (set = new Set()));
      if (!set.has(listener)) set.add(listener), bump(this, type, 1);
    }
    return add.call(this, type, listener, options);
  };
  proto.removeEventListener = function (type, listener, options) {
    const set = registry.get(this)?.get(type + '|' + capture(options));
    if (set && set.delete(listener)) bump(this, type, -1);
    return remove.call(this, type, listener, options);
  };
  const original = { setTimeout: window.setTimeout.bind(window), clearTimeout: window.clearTimeout.bind(window), setInterval: window.setInterval.bind(window), clearInterval: window.clearInterval.bind(window) };
  const timeouts = new Set(), intervals = new Set();
  window.setTimeout = function (callback, ms, ...args) {
    const id = original.setTimeout((...a) => {
      timeouts.delete(id);
      if (typeof callback === 'function') callback(...a);
    }, ms, ...args);
    timeouts.add(id);
    return id;
  };
  window.setInterval = function (callback, ms, ...args) {
    const id = original.setInterval(callback, ms, ...args);
    intervals.add(id);
    return id;
  };
  // The two clear functions share one id space.
  window.clearTimeout = window.clearInterval = function (id) {
    timeouts.delete(id);
    intervals.delete(id);
    original.clearTimeout(id);
  };
  window.__probe = {
    original,
    snapshot: () => ({ listeners: { ...live }, timeouts: timeouts.size, intervals: intervals.size, iframes: document.querySelectorAll('iframe').length }),
  };
})();`;

/** Waits for a promise with a bound, on the page's original timers (not counted by the probe). */
const WAIT = String.raw`
  const wait = (promise, ms, what) => new Promise((resolve, reject) => {
    const timer = __probe.original.setTimeout(() => reject(new Error('timed out after ' + ms + ' ms waiting for ' + what)), ms);
    promise.then((value) => (__probe.original.clearTimeout(timer), resolve(value)), (error) => (__probe.original.clearTimeout(timer), reject(error)));
  });
  // A task through a MessageChannel: no timer (nothing for the probe to count) and no clamping.
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()();
  const nextTask = () => new Promise((resolve) => (waiting.push(resolve), channel.port2.postMessage(0)));
  const noop = () => {};
`;

/**
 * Host-side cycles, one kind per index modulo 20:
 * - 2 `loaded`: a created iframe really loads the frame page (which calls createFrame(...).ready(...))
 *   and the host waits for its answer: a private embed for the answer to a queued action, a signed
 *   one until the frame swapped in the session the host renewed (the host is then inside its 10 s
 *   rejection window: a live timer that destroy must clear);
 * - 6 `quick`: a created iframe destroyed before it loads, in the same task as createEmbed or one
 *   task later (first id minted, iframe navigating), as when a component mounts and unmounts at once;
 * - 12 `wrapped`: the embed wraps an iframe that stays loaded (the frame page, private) without
 *   navigating it: `ready` is dispatched from that iframe's window, the queued action is really
 *   posted and really answered; a signed one also gets `session-expiring`, mints, really posts
 *   `set-session`, gets the frame's real rejection (a private frame has no session) and is destroyed
 *   with its retry timer armed.
 */
const HOST_DRIVER = String.raw`(() => {
  ${WAIT}
  const FRAME = document.documentElement.dataset.frameOrigin;
  const box = document.getElementById('box');
  const src = (mode) => FRAME + '/embed/frame.html?auto=1&mode=' + mode + '&host=' + encodeURIComponent(location.origin);
  const signedOptions = (i) => ({ mintSessionId: () => Promise.resolve('sid-' + i), revokeSessionId: noop });
  const create = (i, signed) =>
    SvcEmbed.createEmbed({ baseUrl: FRAME, src: src(signed ? 'signed' : 'private'), container: box, ...(signed ? signedOptions(i) : { mode: 'private' }) });
  const answer = (embed, name, test) => new Promise((resolve) => embed.on(name, (payload) => test(payload) && resolve()));
  const destroyed = (embed) => embed.ready.then(noop, (error) => {
    if (error.code !== 'destroyed') throw error;
  });

  async function loaded(i, signed) {
    const embed = create(i, signed);
    const want = signed ? '/renewed' : '/scheme-dark';
    const answered = answer(embed, 'view', (payload) => payload.path === want);
    embed.on('*', noop);
    if (!signed) embed.setColorScheme('dark');
    await wait(embed.ready, 10000, 'ready (cycle ' + i + ')');
    await wait(answered, 10000, want + ' (cycle ' + i + ')');
    embed.destroy();
  }
  async function quick(i, signed, later) {
    const embed = create(i, signed);
    embed.on('download', noop);
    embed.setColorScheme('light');
    if (later) await nextTask();
    embed.destroy();
    await embed.ready.then(() => { throw new Error('ready resolved after destroy (cycle ' + i + ')'); }, (error) => {
      if (error.code !== 'destroyed') throw error;
    });
  }
  let kept;
  const eventFrom = (iframe, type, payload) => window.dispatchEvent(new MessageEvent('message', {
    data: { source: 'svc-embed', direction: 'event', type: 'svc:event:' + type, payload, timestamp: Date.now(), surface: 'dashboard' },
    origin: FRAME, source: iframe.contentWindow,
  }));
  const event = (type, payload) => eventFrom(kept, type, payload);
  async function wrapped(i, signed) {
    const embed = SvcEmbed.createEmbed({ baseUrl: FRAME, iframe: kept, ...(signed ? signedOptions(i) : { mode: 'private' }) });
    const answered = signed
      ? answer(embed, 'error', (payload) => payload.context === 'session-renewal')
      : answer(embed, 'view', (payload) => payload.path === '/scheme-dark');
    embed.on('*', noop);
    if (!signed) embed.setColorScheme('dark');
    event('ready', { embedTenant: 'leak', deploymentId: 1, mode: signed ? 'signed' : 'private', surface: 'dashboard' });
    if (signed) event('session-expiring', { expiresAt: Date.now() + 60000, expiresInMs: 60000 });
    await wait(answered, 10000, (signed ? 'the rejection of set-session' : 'the answer to set-color-scheme') + ' (cycle ' + i + ')');
    await nextTask();
    embed.destroy();
    await destroyed(embed);
  }
  const KINDS = [
    ['loaded-private', (i) => loaded(i, false)],
    ['wrapped-private', (i) => wrapped(i, false)],
    ['quick-private', (i) => quick(i, false, false)],
    ['wrapped-signed', (i) => wrapped(i, true)],
    ['quick-signed', (i) => quick(i, true, false)],
    ['wrapped-private', (i) => wrapped(i, false)],
    ['quick-private-next-task', (i) => quick(i, false, true)],
    ['wrapped-signed', (i) => wrapped(i, true)],
    ['wrapped-private', (i) => wrapped(i, false)],
    ['wrapped-signed', (i) => wrapped(i, true)],
    ['loaded-signed', (i) => loaded(i, true)],
    ['wrapped-private', (i) => wrapped(i, false)],
    ['quick-signed-next-task', (i) => quick(i, true, true)],
    ['wrapped-signed', (i) => wrapped(i, true)],
    ['quick-private', (i) => quick(i, false, false)],
    ['wrapped-private', (i) => wrapped(i, false)],
    ['quick-signed', (i) => quick(i, true, false)],
    ['wrapped-signed', (i) => wrapped(i, true)],
    ['wrapped-private', (i) => wrapped(i, false)],
    ['wrapped-signed', (i) => wrapped(i, true)],
  ];
  // One long-lived signed embed, renewed again and again: it wraps an iframe on the frame origin
  // whose page has no frame half (nothing answers), and gets a session-expiring about a later
  // session each time (which also settles the previous renewal as taken). No revokeSessionId, so
  // the ledger records no ids (it keeps every id for logout, by design).
  let long;
  async function loadSilent() {
    const iframe = document.createElement('iframe');
    iframe.src = FRAME + '/embed/frame.html?host=' + encodeURIComponent(location.origin);
    const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
    document.body.append(iframe);
    await wait(loaded, 10000, 'the silent iframe to load');
    return iframe;
  }
  const renewals = {
    async start() {
      const iframe = await loadSilent();
      long = { iframe, minted: 0, renewed: 0, expiresAt: Date.now() + 3600000 };
      // A thousand renewals in seconds is what the mint limits refuse by default: this test lifts them.
      const mintLimit = { ids: 10000, windowMs: 3600000 };
      long.embed = SvcEmbed.createEmbed({
        baseUrl: FRAME, iframe, mintLimit, ledger: SvcEmbed.createSessionLedger({ mintLimit }), mintSessionId: () => Promise.resolve('long-' + long.minted++),
      });
      long.embed.on('renewed', () => long.renewed++);
      eventFrom(iframe, 'ready', { embedTenant: 'leak', deploymentId: 1, mode: 'signed', surface: 'dashboard' });
    },
    async run(n) {
      for (let i = 0; i < n; i++) {
        const minted = long.minted;
        eventFrom(long.iframe, 'session-expiring', { expiresAt: (long.expiresAt += 1000), expiresInMs: 1000 });
        for (let j = 0; long.minted === minted; j++) {
          if (j === 1000) throw new Error('renewal ' + i + ': no mint');
          await nextTask();
        }
        await nextTask();
        // The host tells sessions apart by when their events were stamped (ms) against when its
        // set-session went out: stamp the next one in a later millisecond.
        const sent = Date.now();
        while (Date.now() <= sent) await nextTask();
      }
      return { minted: long.minted, renewed: long.renewed };
    },
    stop() {
      long.embed.destroy();
      long.iframe.remove();
    },
  };

  window.__leak = {
    renewals,
    /** Loads the iframe that wrapped cycles use (it stays until removeKept). */
    async keep() {
      kept = document.createElement('iframe');
      kept.src = src('private');
      const loaded = new Promise((resolve) => kept.addEventListener('load', resolve, { once: true }));
      document.body.append(kept);
      await wait(loaded, 10000, 'the kept iframe to load');
    },
    removeKept: () => kept.remove(),
    ${RUN_CYCLES}
  };
})();`;

/**
 * The frame page. With `auto=1` it is an embed: it creates its frame half, answers
 * `set-color-scheme` with a `view` event `/scheme-<scheme>` and a session swapped in by
 * `set-session` with a `view` event `/renewed`. Signed frames start with a session inside the
 * warning window, so `session-expiring` follows `ready` at once. Without `auto` it only installs
 * `__leakFrame`, the frame-side cycles.
 */
const FRAME_DRIVER = String.raw`(() => {
  ${WAIT}
  const query = new URLSearchParams(location.search);
  const HOST = query.get('host');
  const { createFrame } = SvcEmbedFrame;
  const signedSession = (exchange) => ({ expiresAt: Date.now() + 60000, exchange });
  if (query.get('auto') === '1') {
    const signed = query.get('mode') === 'signed';
    const frame = createFrame({
      surface: 'dashboard', mode: signed ? 'signed' : 'private', hostOrigins: [HOST],
      session: signed ? signedSession(() => ({ expiresAt: Date.now() + 3600000 })) : undefined,
    });
    frame.on('set-color-scheme', ({ scheme }) => frame.followColorScheme(scheme, () =>
      frame.emit('view', { surface: 'dashboard', path: '/scheme-' + scheme })));
    frame.onSessionChange(({ state }) => state === 'active' && frame.emit('view', { surface: 'dashboard', path: '/renewed' }));
    frame.ready({ embedTenant: 'leak', deploymentId: 1 });
    return;
  }
  // A message as the host page would send it, dispatched on this window (source and origin as a
  // real one from the parent has them).
  const action = (type, payload) => window.dispatchEvent(new MessageEvent('message', {
    data: { source: 'svc-embed', direction: 'action', type: 'svc:action:' + type, payload, timestamp: Date.now() },
    origin: HOST, source: window.parent,
  }));
  const download = { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 3 };
  // private: handlers, a followed OS color scheme (a media-query listener), an action delivered.
  async function privateFrame(i) {
    const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST] });
    let delivered = 0;
    frame.on('set-color-scheme', () => delivered++);
    frame.on('*', noop);
    frame.followColorScheme('auto', noop);
    frame.ready({ embedTenant: 'leak', deploymentId: i });
    frame.emit('download', download);
    action('set-color-scheme', { scheme: 'dark' });
    if (delivered !== 1) throw new Error('cycle ' + i + ': the action was not delivered');
    frame.destroy();
  }
  // signed: an exchange that succeeds (session swapped, timers re-armed) before destroy.
  async function swapped(i) {
    const frame = createFrame({ surface: 'app', mode: 'signed', hostOrigins: [HOST], session: signedSession(() => Promise.resolve({ expiresAt: Date.now() + 3600000 })) });
    const swapped = new Promise((resolve) => frame.onSessionChange(({ state }) => state === 'active' && resolve()));
    frame.ready({ embedTenant: 'leak', deploymentId: i });
    action('set-session', { sessionId: 'sid-' + i });
    await wait(swapped, 5000, 'session swap (cycle ' + i + ')');
    frame.destroy();
  }
  // signed: destroyed while an exchange hangs (its 30 s timeout is live) and an id is queued.
  async function hanging(i) {
    const frame = createFrame({ surface: 'chat', mode: 'signed', hostOrigins: [HOST], session: signedSession(() => new Promise(noop)) });
    frame.ready({ embedTenant: 'leak', deploymentId: i });
    action('set-session', { sessionId: 'sid-' + i });
    action('set-session', { sessionId: 'sid-' + i + 'b' });
    await nextTask();
    frame.destroy();
  }
  // signed, already expired, destroyed before ready (its events still queued); a host predicate.
  async function unready(i) {
    const frame = createFrame({ surface: 'dashboard', mode: 'signed', hostOrigins: (origin) => origin === HOST, session: { expiresAt: Date.now() - 1, exchange: noop } });
    frame.emit('download', download);
    frame.navigated('/page/' + i);
    frame.destroy();
  }
  const KINDS = [['private', privateFrame], ['signed-swapped', swapped], ['signed-exchange-hanging', hanging], ['signed-destroyed-before-ready', unready]];
  window.__leakFrame = {
    ${RUN_CYCLES}
  };
})();`;

const page = (title: string, body: string, attributes = '') =>
  `<!doctype html><html lang="en"${attributes}><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

export interface LeakServer {
  hostOrigin: string;
  frameOrigin: string;
  /** Requests for the frame page so far. */
  frameLoads(): number;
  close(): Promise<void>;
}

/**
 * Serves the host page (`/host.html`), the frame page (`/embed/frame.html`: an embed path, as `src` must be) and the two IIFE bundles on
 * 127.0.0.1, port 0. The host page is used as http://127.0.0.1:<port>, the frame page as
 * http://localhost:<port>: another origin.
 */
export async function startLeakServer(root: string): Promise<LeakServer> {
  const scripts: Record<string, Buffer> = {
    '/svc-embed.min.js': readFileSync(join(root, 'packages/host/dist/iife/svc-embed.min.js')),
    '/svc-embed-frame.min.js': readFileSync(join(root, 'packages/frame/dist/iife/svc-embed-frame.min.js')),
  };
  let frameLoads = 0;
  let origins = { host: '', frame: '' };
  const hostPage = () => page('leak host', `<script>${PROBE}</script><script src="/svc-embed.min.js"></script><div id="box"></div><script>${HOST_DRIVER}</script>`, ` data-frame-origin="${origins.frame}"`);
  const framePage = page('leak frame', `<script>${PROBE}</script><script src="/svc-embed-frame.min.js"></script><script>${FRAME_DRIVER}</script>`);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const headers = { 'Cache-Control': 'no-store' };
    if (scripts[path]) return void response.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(scripts[path]);
    if (path === '/host.html') return void response.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(hostPage());
    if (path === '/embed/frame.html') {
      frameLoads += 1;
      return void response.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(framePage);
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  origins = { host: `http://127.0.0.1:${port}`, frame: `http://localhost:${port}` };
  return {
    hostOrigin: origins.host,
    frameOrigin: origins.frame,
    frameLoads: () => frameLoads,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
