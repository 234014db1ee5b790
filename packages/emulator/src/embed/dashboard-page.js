/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The embedded dashboard's HTML: the frame IIFE, then the dashboard app, with its configuration in
 * a JSON script element (escaped so no value can close the element).
 * @param {Record<string, unknown>} config
 * @param {string} title
 */
export function dashboardPage(config, title) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<!doctype html>
<html lang="en" data-scheme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/embed/assets/app/dashboard.css">
<script id="svc-embed-config" type="application/json">${json}</script>
<script src="/embed/assets/svc-embed-frame.min.js"></script>
<script type="module" src="/embed/assets/app/main.js"></script>
</head>
<body>
<div id="app" aria-busy="true"><p class="boot">Loading dashboard…</p></div>
</body>
</html>
`;
}

/**
 * A plain error page (unknown dashboard, private mode disabled), framed like the real thing.
 * @param {string} heading
 * @param {string} detail
 */
export function errorPage(heading, detail) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title>
<link rel="stylesheet" href="/embed/assets/app/dashboard.css"></head>
<body><main class="fatal"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(detail)}</p></main></body></html>
`;
}
