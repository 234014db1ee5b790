// The host side of the benchmark, on the host page (http://127.0.0.1:<port>). bench/run.mjs calls
// `__bench.*` through Playwright and reads what they return; every loop has a fixed count and every
// wait a bound.
// A block, not a function: what it declares stays out of the page's globals, and each function in it
// is measured on its own by the plain-code rules.
{
  const FRAME = new URLSearchParams(location.search).get('frame');
  const HOST = location.origin;
  const box = document.getElementById('box');
  const clock = () => performance.timeOrigin + performance.now();
  const noop = () => {};
  const wait = (promise, ms, what) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  const frameUrl = (mode) => `${FRAME}/embed/frame.html?mode=${mode}&host=${encodeURIComponent(HOST)}`;
  const ALLOW = 'cross-origin-isolated';

  // The hand-written baseline: the same checks as the SDK's inbound filter, for the one event type
  // the benchmark sends (source window, exact origin, source and direction tags, type, envelope and
  // payload fields), then the handler with (payload, message) as the SDK calls listeners.
  const FORMATS = ['csv', 'xlsx', 'png', 'pdf'];
  const TARGETS = ['widget', 'dashboard'];
  const SURFACES = ['dashboard', 'app', 'chat'];
  const optionalString = (value) => value === undefined || typeof value === 'string';
  const rawListener = (iframe, handler) => (event) => {
    if (event.source !== iframe.contentWindow || event.origin !== FRAME) return;
    const data = event.data;
    if (typeof data !== 'object' || data === null || data.source !== 'svc-embed' || data.direction !== 'event') return;
    if (data.type !== 'svc:event:download' || !Number.isFinite(data.timestamp) || !SURFACES.includes(data.surface)) return;
    const payload = data.payload;
    if (typeof payload !== 'object' || payload === null || !FORMATS.includes(payload.format) || !TARGETS.includes(payload.target)) return;
    if (!optionalString(payload.widgetId) || !optionalString(payload.title) || !(payload.rowCount === undefined || Number.isFinite(payload.rowCount))) return;
    handler(payload, data);
  };

  /** Listens for download events from `iframe` through the SDK (an embed wrapping it) or raw; returns the detach function. */
  const attach = (variant, iframe, handler) => {
    if (variant === 'sdk') {
      const embed = SvcEmbed.createEmbed({ mode: 'private', baseUrl: FRAME, iframe, readyTimeoutMs: 0 });
      embed.on('download', handler);
      return () => embed.destroy();
    }
    const listener = rawListener(iframe, handler);
    addEventListener('message', listener);
    return () => removeEventListener('message', listener);
  };

  let iframe;
  let port;
  let reply;
  const request = (message, ms = 30_000) => {
    const answer = new Promise((resolve) => (reply = resolve));
    port.postMessage(message);
    return wait(answer, ms, message.cmd);
  };

  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

  window.__bench = {
    /** Loads the frame page in a plain iframe and connects a MessagePort to it for commands. */
    async setup() {
      iframe = document.createElement('iframe');
      iframe.setAttribute('allow', ALLOW);
      iframe.src = frameUrl('private');
      const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
      box.append(iframe);
      await wait(loaded, 10_000, 'the frame page');
      const channel = new MessageChannel();
      port = channel.port1;
      port.onmessage = ({ data }) => reply?.(data);
      iframe.contentWindow.postMessage({ bench: 'connect' }, FRAME, [channel.port2]);
      const answer = new Promise((resolve) => (reply = resolve));
      await wait(answer, 10_000, 'the frame to connect');
      return { hostIsolated: crossOriginIsolated };
    },

    /** (a) n events sent back to back; time from the command to the n-th event in the listener. */
    async burst(variant, n) {
      let count = 0;
      let done;
      const all = new Promise((resolve) => (done = resolve));
      const detach = attach(variant, iframe, (payload) => {
        if (payload.rowCount !== count) throw new Error(`event ${payload.rowCount} arrived as number ${count}`);
        if (++count === n) done(clock());
      });
      const started = clock();
      const { sendMs } = await request({ cmd: 'burst', variant, n });
      const ended = await wait(all, 30_000, `${n} ${variant} events`);
      detach();
      return { ms: ended - started, sendMs };
    },

    /** (a) n events one at a time (each after the host's ack of the previous one); one-way latency of each. */
    async series(variant, n) {
      const receivedAt = new Float64Array(n);
      let count = 0;
      const detach = attach(variant, iframe, () => {
        receivedAt[count++] = clock();
        port.postMessage({ cmd: 'ack' });
      });
      const answer = new Promise((resolve) => (reply = resolve));
      port.postMessage({ cmd: 'series', variant, n });
      const { sentAt } = await wait(answer, 60_000, `a series of ${n} ${variant} events`);
      detach();
      if (count !== n) throw new Error(`${count} of ${n} events arrived`);
      const latencies = Array.from(receivedAt, (at, i) => (at - sentAt[i]) * 1000).sort((a, b) => a - b);
      return { medianUs: percentile(latencies, 0.5), p95Us: percentile(latencies, 0.95), minUs: latencies[0] };
    },

    /**
     * One-way times of n port pings in each direction, for the cross-process clock: with symmetric
     * paths, half the difference of the two medians is the offset between the two processes' clocks.
     */
    async clockCheck(n) {
      const there = [];
      const back = [];
      for (let i = 0; i < n; i++) {
        const { at, receivedAt } = await request({ cmd: 'ping', at: clock() });
        there.push(receivedAt - at);
        back.push(clock() - receivedAt);
      }
      const median = (values) => values.sort((a, b) => a - b)[values.length >> 1] * 1000;
      return { hostToFrameUs: median(there), frameToHostUs: median(back) };
    },

    /**
     * (b) CPU per message of one window `message` listener: synthetic MessageEvents dispatched on
     * this window in a tight loop (the same event object, re-dispatched), with only that listener
     * attached: `sdk` (an embed wrapping the frame's iframe, one `download` listener), `raw` (the
     * hand-written listener) or `empty` (a listener that does nothing: the cost of dispatch itself).
     * `kind` is `valid` (from the frame's window and origin) or `other-window` (the same message
     * from another iframe's window). Batches of n messages alternate the three listeners; returns
     * the median µs per message of each (`only`: just that listener, for profiling).
     */
    filterRound(kind, n, batches, only) {
      let other = document.getElementById('other');
      if (!other) box.append((other = Object.assign(document.createElement('iframe'), { id: 'other' })));
      const message = { source: 'svc-embed', direction: 'event', type: 'svc:event:download', payload: { format: 'csv', target: 'widget', widgetId: 'w1', title: 'Revenue by region', rowCount: 7 }, timestamp: Date.now(), surface: 'dashboard' };
      const source = kind === 'valid' ? iframe.contentWindow : other.contentWindow;
      const event = new MessageEvent('message', { data: message, origin: FRAME, source });
      const listeners = only ? [only] : ['empty', 'raw', 'sdk'];
      const results = { empty: [], raw: [], sdk: [] };
      for (let batch = 0; batch < batches; batch++)
        for (const listener of batch % 2 ? [...listeners].reverse() : listeners) {
          let delivered = 0;
          let detach;
          if (listener === 'empty') {
            addEventListener('message', noop);
            detach = () => removeEventListener('message', noop);
          } else detach = attach(listener, iframe, () => delivered++);
          const started = performance.now();
          for (let i = 0; i < n; i++) dispatchEvent(event);
          const ms = performance.now() - started;
          detach();
          const expected = kind === 'valid' && listener !== 'empty' ? n : 0;
          if (delivered !== expected) throw new Error(`${listener} delivered ${delivered} of ${n} ${kind} messages, expected ${expected}`);
          results[listener].push((ms * 1000) / n);
        }
      const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
      return Object.fromEntries(listeners.map((listener) => [listener, median(results[listener])]));
    },

    /**
     * (c) One signed embed per round, with an instant mint, on a frame whose session is inside the
     * warning window. From `session-expiring` arriving at the host (a window listener added before
     * the SDK's, so it runs first in the same dispatch) to `set-session` being posted (the SDK's
     * `debug` hook, called with `out` right before its postMessage), and to the frame receiving it
     * (a listener in the frame added before the frame half; cross-process clock).
     */
    async renewal(k) {
      let expiringAt;
      let postedAt;
      let embed;
      let received;
      const receivedInFrame = new Promise((resolve) => (received = resolve));
      const early = (event) => {
        if (!embed || event.source !== embed.iframe.contentWindow || event.origin !== FRAME) return;
        if (event.data?.type === 'svc:event:session-expiring') expiringAt = clock();
        if (event.data?.bench === 'set-session-received') received(event.data.at);
      };
      addEventListener('message', early);
      embed = SvcEmbed.createEmbed({
        baseUrl: FRAME, src: frameUrl('signed'), container: box, attributes: { allow: ALLOW },
        mintSessionId: () => Promise.resolve(`sid-${k}`), revokeSessionId: noop,
        debug: (what, message) => what === 'out' && message.type === 'svc:action:set-session' && (postedAt = clock()),
      });
      try {
        const frameAt = await wait(receivedInFrame, 10_000, 'set-session in the frame');
        return { postedUs: (postedAt - expiringAt) * 1000, receivedUs: (frameAt - expiringAt) * 1000 };
      } finally {
        embed.destroy();
        removeEventListener('message', early);
      }
    },
  };
}
