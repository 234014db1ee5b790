// The host page of the hostile-surface benchmark and browser tests: one signed embed of the built
// script file, counting what it mints, sends, revokes and reports. `window.__hostile`:
// - start({ tenant, mode, mintMs, hangAfter, mintLimit, mintTimeoutMs }): creates the embed of surface `mode`;
//   `mintMs` delays each mint (0: instant); mints after the `hangAfter`-th never settle;
// - stats(): what happened so far; logout(): logs out, revocations taking 5 ms each;
// - flood(kind, count): dispatches `count` synthetic events from the embed's window and the tenant
//   origin (`new-expiry` or `view`) and returns the ms they took on the main thread.
// A block, not a function: what it declares stays out of the page's globals, and each function in it
// is measured on its own by the plain-code rules.
{
  const { createEmbed, createSessionLedger } = window.SvcEmbed;
  const stats = { mints: 0, events: 0, ready: 'waiting', failures: {}, limitLogs: 0, revoking: 0, mostRevoking: 0 };
  let embed;
  let tenant;

  const mint = (options) => () => {
    stats.mints += 1;
    const id = `ses-${stats.mints}`;
    if (stats.mints > (options.hangAfter ?? Infinity)) return new Promise(() => {});
    if (!options.mintMs) return id;
    return new Promise((resolve) => setTimeout(() => resolve(id), options.mintMs));
  };
  const revoke = () => {
    stats.revoking += 1;
    stats.mostRevoking = Math.max(stats.mostRevoking, stats.revoking);
    return new Promise((resolve) => setTimeout(() => {
      stats.revoking -= 1;
      resolve();
    }, 5));
  };

  window.__hostile = {
    start(options) {
      tenant = options.tenant;
      const limits = options.mintLimit ? { mintLimit: options.mintLimit } : {};
      const deadline = options.mintTimeoutMs ? { mintTimeoutMs: options.mintTimeoutMs } : {};
      embed = createEmbed({
        baseUrl: tenant, publicId: options.mode, container: '#box', readyTimeoutMs: 0,
        ledger: createSessionLedger(options.ledgerLimit ? { mintLimit: options.ledgerLimit } : {}),
        mintSessionId: mint(options), revokeSessionId: revoke, ...limits, ...deadline,
        // Only `limit` lines are counted: the flood is measured without a logger.
        debug: options.debug === false ? false : (event) => {
          if (event === 'limit') stats.limitLogs += 1;
        },
      });
      embed.on('*', () => {
        stats.events += 1;
      });
      embed.on('renewal-failed', ({ error }) => {
        stats.failures[error.code] = (stats.failures[error.code] ?? 0) + 1;
      });
      embed.ready.then(() => {
        stats.ready = 'ready';
      }, (error) => {
        stats.ready = error.code;
      });
    },
    stats: () => stats,
    async logout() {
      const result = await embed.logout();
      return { revoked: result.revoked.length, failed: result.failed.length, mostRevoking: stats.mostRevoking };
    },
    flood(kind, count) {
      const source = embed.iframe.contentWindow;
      const base = Date.now() + 3_600_000;
      const started = performance.now();
      for (let n = 0; n < count; n += 1) {
        const message = kind === 'view'
          ? { type: 'svc:event:view', payload: { surface: 'dashboard', path: `/page/${n}`, publicId: 'flood' } }
          : { type: 'svc:event:session-expiring', payload: { expiresAt: base + n, expiresInMs: 3_600_000 + n } };
        const data = { source: 'svc-embed', direction: 'event', ...message, timestamp: Date.now() + 1, surface: 'dashboard' };
        dispatchEvent(new MessageEvent('message', { data, origin: tenant, source }));
      }
      return performance.now() - started;
    },
  };
}
