// The ESM page: the npm package's ESM build imported by name (the import map resolves it, as a
// bundler would). A file, not inline code, so the page's strict Content Security Policy needs no
// 'unsafe-inline'.
import { createEmbed } from '@svc-embed/host';

const config = JSON.parse(document.getElementById('demo-config').textContent);
document.getElementById('origins').textContent = `page ${location.origin} · service ${config.serviceUrl}`;
const log = document.getElementById('log');
const show = (type, payload) => {
  const item = document.createElement('li');
  item.dataset.type = type;
  const time = document.createElement('time');
  const name = document.createElement('b');
  const details = document.createElement('code');
  time.textContent = new Date().toLocaleTimeString();
  name.textContent = type.replace('svc:event:', '');
  details.textContent = JSON.stringify(payload ?? {});
  item.append(time, ' ', name, ' ', details);
  log.prepend(item);
};

// Your backend (@svc-embed/server, holding the API key) mints, revokes and signs the viewer out of
// every id, in every tab; the page only names its session endpoint.
const embed = createEmbed({
  baseUrl: config.serviceUrl,
  publicId: 'sales-overview',
  container: '#analytics',
  allowExport: true,
  attributes: { title: 'Sales overview' },
  sessionEndpoint: '/api/embed-session',
});
embed.on('*', (payload, message) => show(message.type, payload));
embed.on('renewed', (info) => show('renewed (host)', info));
embed.on('renewal-failed', (info) => show('renewal-failed (host)', { trigger: info.trigger, error: info.error.message }));
embed.ready.then((payload) => console.log('ready', payload), (error) => show('ready failed (host)', { error: error.message }));

const on = (id, action) => document.getElementById(id).addEventListener('click', action);
on('dark', () => embed.setColorScheme('dark'));
on('light', () => embed.setColorScheme('light'));
on('spanish', () => embed.setLocale('es-ES'));
on('completed', () => embed.setFilter('orders', 'status', 'completed'));
on('orders', () => embed.navigate('/orders'));
on('refresh', () => embed.refresh());
on('renew', () => embed.renewSession().catch((error) => show('renewal failed (host)', { error: error.message })));
// The result says what happened: `complete` only when every id of the viewer is known revoked.
// Otherwise (the backend failed, or ids wait) clicking again retries.
on('logout', async () => {
  const { revoked, failed, pending, backend, complete, error } = await embed.logout();
  show('logout (host)', { complete, backend, revoked, failed: failed.map((entry) => entry.sessionId), pending, error: error?.message });
});
window.__demo = { embed, log };
