// The frame side of the benchmark, inside the iframe (http://localhost:<port>).
// - `?mode=private` (the throughput and latency benchmark): creates its frame half, then waits for
//   a MessagePort from the host page; commands and acks travel over that port, so no extra window
//   listener sits on the measured path. `burst` sends n download events back to back, through the
//   SDK (`frame.emit`) or raw (`parent.postMessage` of the same message built by hand); `series`
//   sends one, waits for the host's ack, sends the next, recording the send time of each.
// - `?mode=signed` (the renewal benchmark): a signed frame whose session is inside the warning
//   window, so `session-expiring` follows `ready`; a window listener added before the frame half
//   records when `set-session` arrives and reports it to the host page.
(() => {
  const query = new URLSearchParams(location.search);
  const HOST = query.get('host');
  const clock = () => performance.timeOrigin + performance.now();

  if (query.get('mode') === 'signed') {
    addEventListener('message', (event) => {
      if (event.source !== parent || event.origin !== HOST || event.data?.type !== 'svc:action:set-session') return;
      parent.postMessage({ bench: 'set-session-received', at: clock() }, HOST);
    });
    const frame = SvcEmbedFrame.createFrame({
      surface: 'dashboard', mode: 'signed', hostOrigins: [HOST],
      session: { expiresAt: Date.now() + 60_000, exchange: () => ({ expiresAt: Date.now() + 3_600_000 }) },
    });
    frame.ready({ embedTenant: 'bench', deploymentId: 1 });
    return;
  }

  const frame = SvcEmbedFrame.createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST] });
  frame.ready({ embedTenant: 'bench', deploymentId: 1 });
  const payload = (i) => ({ format: 'csv', target: 'widget', widgetId: 'w1', title: 'Revenue by region', rowCount: i });
  const send = {
    sdk: (i) => frame.emit('download', payload(i)),
    raw: (i) => parent.postMessage({ source: 'svc-embed', direction: 'event', type: 'svc:event:download', payload: payload(i), timestamp: Date.now(), surface: 'dashboard' }, HOST),
  };

  let port;
  let series;
  const commands = {
    burst({ variant, n }) {
      const started = performance.now();
      for (let i = 0; i < n; i++) send[variant](i);
      port.postMessage({ sendMs: performance.now() - started });
    },
    series({ variant, n }) {
      series = { variant, n, i: 0, sentAt: new Float64Array(n) };
      commands.ack();
    },
    ack() {
      if (series.i === series.n) return port.postMessage({ sentAt: series.sentAt });
      series.sentAt[series.i] = clock();
      send[series.variant](series.i++);
    },
    ping({ at }) {
      port.postMessage({ at, receivedAt: clock() });
    },
  };
  addEventListener('message', function connect(event) {
    if (event.source !== parent || event.origin !== HOST || event.data?.bench !== 'connect') return;
    removeEventListener('message', connect);
    port = event.ports[0];
    port.onmessage = ({ data }) => commands[data.cmd](data);
    port.postMessage({ connected: true });
  });
})();
