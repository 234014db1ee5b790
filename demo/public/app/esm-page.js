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

// Your backend mints and revokes ids with the API key; the page only calls it.
const embed = createEmbed({
  baseUrl: config.serviceUrl,
  publicId: 'sales-overview',
  container: '#analytics',
  allowExport: true,
  attributes: { title: 'Sales overview' },
  mintSessionId: () =>
    fetch('/api/embed-session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"embed":"esm"}' })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`mint failed: ${response.status}`))))
      .then((body) => body.sessionId),
  revokeSessionId: (sessionId) =>
    fetch(`/api/embed-session/${sessionId}`, { method: 'DELETE' }).then((response) => {
      if (!response.ok) throw new Error(`revoke failed: ${response.status}`);
    }),
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
on('logout', async () => {
  const { revoked, failed } = await embed.logout();
  show('logout (host)', { revoked, failed: failed.map((entry) => entry.sessionId) });
});
window.__demo = { embed, log };
