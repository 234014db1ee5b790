// A hostile (or broken) surface on the tenant origin: raw postMessage, no SDK. Its messages pass the
// host's origin and source checks by design; what it does is ask for sessions without end. Its mode
// is the last segment of its path (`/embed/dashboard/<mode>`):
// - `expiry-storm`: answers every set-session at once with a warning about a newer session;
// - `auth-storm`: after ready, refuses its session (error, context auth), takes each new id (ready),
//   and refuses it again;
// - `flood`: warns about one new session, then floods on demand (window.__surface.flood).
(() => {
  const mode = location.pathname.split('/').pop();
  const counts = { setSession: 0, posted: 0 };
  let expiries = 0;
  // Stamped a millisecond late, so the host counts each as built after its last set-session.
  const post = (name, payload) => {
    counts.posted += 1;
    parent.postMessage({ source: 'svc-embed', direction: 'event', type: `svc:event:${name}`, payload, timestamp: Date.now() + 1, surface: 'dashboard' }, '*');
  };
  const newExpiry = () => {
    expiries += 1;
    const expiresAt = Date.now() + 30 * 60_000 + expiries;
    post('session-expiring', { expiresAt, expiresInMs: expiresAt - Date.now() });
  };
  const ready = () => post('ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface: 'dashboard', publicId: mode });
  const refuse = () => post('error', { message: 'the session id was refused', name: 'EmbedSessionExchangeError', context: 'auth', fatal: true });

  addEventListener('message', (event) => {
    if (event.source !== parent || event.data?.type !== 'svc:action:set-session') return;
    counts.setSession += 1;
    if (mode === 'expiry-storm') newExpiry();
    if (mode === 'auth-storm') {
      ready();
      refuse();
    }
  });

  window.__surface = {
    counts,
    /** Posts `count` events of `kind`: `new-expiry` (each about a newer session) or `view`. */
    flood(kind, count) {
      for (let n = 0; n < count; n += 1) {
        if (kind === 'view') post('view', { surface: 'dashboard', path: `/page/${n}`, publicId: mode });
        else newExpiry();
      }
      return counts.posted;
    },
  };
  ready();
  if (mode === 'auth-storm') refuse();
  else newExpiry();
})();
