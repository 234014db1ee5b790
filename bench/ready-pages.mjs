// The host pages of bench/ready.mjs: each times create -> `ready` in its own way and sets
// window.__readyMs (ms from window.__start() to the embed's `ready`, counted only when it comes from
// the embed's own iframe). The overlap techniques are written into the hand-written integration, so
// each stays measurable whatever the SDK does:
//   preconnect: the host page adds <link rel="preconnect" href=tenant> while the id is minted;
//   warm-replace: the iframe starts at once, hidden, on a harmless tenant URL, and is moved to the
//     embed URL with contentWindow.location.replace (no history entry) once the id is there;
//   warm-sibling: a second, hidden (display: none) iframe of the tenant loads the harmless URL
//     while the id is minted; the embed's iframe is created as in the hand-written integration, and
//     the hidden one is removed on ready;
//   warm-sandboxed: what the SDK did until issue 30: the same hidden iframe, sandboxed (sandbox="":
//     no script could run in it whatever the URL answers), removed as soon as the embed's iframe has
//     its URL;
//   warm-early: warm-sandboxed without the sandbox (what the sandbox costs);
//   warm-abort: warm-sandboxed removed in the next task, before the tenant can answer (the request,
//     cancelled, is a failed request to the browser: measured, not used);
//   preconnect+sibling: both.
//   sdk-page-id (issue 42): the SDK from npm, bundled as an app bundles it (esbuild, the real
//     zod/mini; /svc-embed-page.js, loaded before the clock starts) with firstSession:
//     sessionFromPage(): the server minted the first id while it rendered the page
//     (pageSessionScript); compare it with floor-cold, an iframe given an id at time zero. (Until
//     round 7 the page loaded the npm build's ESM files unbundled through an import map: about 50
//     modules, whose mere presence slowed the tenant's frame in Chromium by about 80 ms, the
//     floor's own iframe as much as the SDK's; no app ships that way.)
// The SDK's own warm-up since issue 30 is the preconnect hint (packages/host/src/mount/warm-up.ts):
// it sends no request. `sdk-baseline` (with --baseline <script file>) is the SDK variant on another
// build of the host script, measured in the same rounds.
// Keep-alive (issue 42), with the host's ESM build bundled at start (/svc-embed-keep.js: createEmbed,
// keepAlive and preloadEmbed, which the script file does not have):
//   sdk-return: a return visit. Before the clock (window.__warm): createEmbed with keepAlive, ready,
//     destroy() (parked); timed: the same createEmbed again (adopted), until `ready` and the next
//     animation frame (the iframe shown in its container painted);
//   sdk-return-overlay: sdk-return with moveBefore taken away before the SDK runs (the overlay slot
//     WebKit and older Firefox get), in an engine that has it;
//   sdk-preload: preloadEmbed at time zero, the createEmbed that adopts it 300 ms later; timed from
//     that createEmbed (the mount) to `ready`.
// The harmless URL is the session-exchange endpoint by GET (`POST /api/v1/embed/session/token` is
// the only method it has): no credential, no id, no script, a short error answer (405: every engine
// shows it as a failed load), no side effect.

/** Every variant, in the order of a round. */
export const VARIANTS = ['hand-written', 'sdk', 'sdk-baseline', 'sdk-page-id', 'sdk-return', 'sdk-return-overlay', 'sdk-preload', 'floor-cold', 'floor-warm', 'preconnect', 'warm-replace', 'warm-sibling', 'warm-sandboxed', 'warm-early', 'warm-abort', 'preconnect+sibling'];

/** The tenant URL a warm-up loads: on the real service as on the emulator, an error answer to a GET. */
export const warmUrl = (tenant) => `${tenant}/api/v1/embed/session/token`;

/** The keep-alive variants' scripts (the page's `common` in scope: tenant, mint, begin). */
const keepAliveScripts = () => ({
  'sdk-return': `const keep = { baseUrl: tenant, publicId: 'sales-overview', mintSessionId: mint, keepAlive: SvcKeep.keepAlive('reports') };
    const mount = () => { const box = document.createElement('div'); box.style.height = '600px'; document.body.prepend(box); return SvcKeep.createEmbed({ ...keep, container: box }); };
    // The first visit, then the route left: destroy() (parked) while the container is in the page, then the container removed.
    window.__warm = async () => { const first = mount(); await first.ready; first.destroy(); document.body.firstElementChild.remove(); };
    window.__start = () => {
      begin();
      const embed = mount();
      embed.ready.then(() => requestAnimationFrame(() => { window.__readyMs = performance.now() - window.__t0; }));
    };`,
  'sdk-preload': `const keep = { baseUrl: tenant, publicId: 'sales-overview', mintSessionId: mint, keepAlive: SvcKeep.keepAlive('reports') };
    window.__start = () => {
      SvcKeep.preloadEmbed(keep);
      setTimeout(() => {
        begin();
        const embed = SvcKeep.createEmbed({ ...keep, container: document.body });
        embed.ready.then(() => { window.__readyMs = performance.now() - window.__t0; });
      }, 300);
    };`,
});

/**
 * The page of one load (`pageScript`: the first id's script element the server rendered, for sdk-page-id).
 * @param {{ tenant: string, variant: string, sessionId: string, pageScript?: string }} page
 */
export function hostPage({ tenant, variant, sessionId, pageScript = '' }) {
  const json = JSON.stringify;
  const common = `
    const tenant = ${json(tenant)};
    const embedUrl = (id) => tenant + '/embed/dashboard/sales-overview?session=' + encodeURIComponent(id);
    const mint = () => fetch('/api/mint', { method: 'POST' }).then((r) => r.json()).then((j) => j.sessionId);
    let embedFrame = null;
    addEventListener('message', (e) => {
      if (e.origin !== tenant || e.data?.type !== 'svc:event:ready' || !embedFrame || e.source !== embedFrame.contentWindow) return;
      window.__readyMs ??= performance.now() - window.__t0;
      window.__onReady?.();
    });
    const frame = (id) => { embedFrame = document.createElement('iframe'); embedFrame.src = embedUrl(id); document.body.append(embedFrame); };
    const hidden = (display, sandbox) => { const f = document.createElement('iframe'); if (sandbox) f.sandbox = ''; if (display) f.style.display = 'none'; else f.style.visibility = 'hidden'; f.src = ${json(warmUrl(tenant))}; document.body.append(f); return f; };
    const preconnect = () => { const l = document.createElement('link'); l.rel = 'preconnect'; l.href = tenant; document.head.append(l); };
    const begin = () => { window.__t0 = performance.now(); };`;
  const scripts = {
    'hand-written': `window.__start = async () => { begin(); frame(await mint()); };`,
    'warm-abort': `window.__start = async () => { begin(); const w = hidden(true, true); setTimeout(() => w.remove(), 0); frame(await mint()); };`,
    sdk: `window.__start = () => {
      begin();
      const embed = SvcEmbed.createEmbed({ baseUrl: tenant, publicId: 'sales-overview', container: document.body, mintSessionId: mint });
      embed.ready.then(() => { window.__readyMs = performance.now() - window.__t0; });
    };`,
    ...keepAliveScripts(),
    'floor-cold': `window.__start = () => { begin(); frame(${json(sessionId)}); };`,
    'floor-warm': `window.__warm = () => new Promise((resolve) => { const w = document.createElement('iframe'); w.onload = resolve; w.src = ${json(`${tenant}/embed/assets/app/widgets.js`)}; document.body.append(w); });
      window.__start = () => { begin(); frame(${json(sessionId)}); };`,
    preconnect: `window.__start = async () => { begin(); preconnect(); frame(await mint()); };`,
    'warm-replace': `window.__start = async () => {
      begin();
      const f = hidden(false);
      const id = await mint();
      embedFrame = f;
      f.addEventListener('load', () => { f.style.visibility = ''; }, { once: true });
      f.contentWindow.location.replace(embedUrl(id));
    };`,
    'warm-sibling': `window.__start = async () => { begin(); const w = hidden(true); window.__onReady = () => w.remove(); frame(await mint()); };`,
    'warm-sandboxed': `window.__start = async () => { begin(); const w = hidden(true, true); const id = await mint(); frame(id); w.remove(); };`,
    'warm-early': `window.__start = async () => { begin(); const w = hidden(true, false); const id = await mint(); frame(id); w.remove(); };`,
    'preconnect+sibling': `window.__start = async () => { begin(); preconnect(); const w = hidden(true); window.__onReady = () => w.remove(); frame(await mint()); };`,
  };
  if (variant === 'sdk-page-id') {
    const start = `window.__start = () => {
        begin();
        const embed = SvcPage.createEmbed({ baseUrl: tenant, publicId: 'sales-overview', container: document.body, mintSessionId: mint, revokeSessionId: () => {}, firstSession: SvcPage.sessionFromPage() });
        embed.ready.then(() => { window.__readyMs = performance.now() - window.__t0; });
      };`;
    return `<!doctype html><html><head><meta charset="utf-8"><script src="/svc-embed-page.js"></script></head><body>${pageScript}<script>${common}\n${start}</script></body></html>`;
  }
  const script = { 'sdk-baseline': '/svc-embed-baseline.min.js', 'sdk-return': '/svc-embed-keep.js', 'sdk-return-overlay': '/svc-embed-keep.js', 'sdk-preload': '/svc-embed-keep.js' }[variant] ?? '/svc-embed.min.js';
  const before = variant === 'sdk-return-overlay' ? '<script>delete Element.prototype.moveBefore;</script>' : '';
  const run = { 'sdk-baseline': 'sdk', 'sdk-return-overlay': 'sdk-return' }[variant] ?? variant;
  return `<!doctype html><html><head><meta charset="utf-8">${before}<script src="${script}"></script></head><body><script>${common}\n${scripts[run]}</script></body></html>`;
}
