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
//   warm-sandboxed: what the SDK does (packages/host/src/mount/warm-up.ts): the same hidden iframe,
//     sandboxed (sandbox="": no script could run in it whatever the URL answers), removed as soon as
//     the embed's iframe has its URL;
//   warm-early: warm-sandboxed without the sandbox (what the sandbox costs);
//   preconnect+sibling: both.
// The harmless URL is the session-exchange endpoint by GET (`POST /api/v1/embed/session/token` is
// the only method it has): no credential, no id, no script, a short error answer, no side effect.

/** Every variant, in the order of a round. */
export const VARIANTS = ['hand-written', 'sdk', 'floor-cold', 'floor-warm', 'preconnect', 'warm-replace', 'warm-sibling', 'warm-sandboxed', 'warm-early', 'preconnect+sibling'];

/** The tenant URL a warm-up loads: on the real service as on the emulator, an error answer to a GET. */
export const warmUrl = (tenant) => `${tenant}/api/v1/embed/session/token`;

/**
 * The page of one load.
 * @param {{ tenant: string, variant: string, sessionId: string }} page
 */
export function hostPage({ tenant, variant, sessionId }) {
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
    sdk: `window.__start = () => {
      begin();
      const embed = SvcEmbed.createEmbed({ baseUrl: tenant, publicId: 'sales-overview', container: document.body, mintSessionId: mint });
      embed.ready.then(() => { window.__readyMs = performance.now() - window.__t0; });
    };`,
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
  return `<!doctype html><html><head><meta charset="utf-8"><script src="/svc-embed.min.js"></script></head><body><script>${common}\n${scripts[variant]}</script></body></html>`;
}
