// A host page's own tests, as a team that embeds the service writes them: the page shows a toast on
// a CSV export, sends set-color-scheme from its dark-mode toggle, and its logout revokes every id.
import { createEmbed } from '@svc-embed/host';
import { attachFakeFrame, cleanup, createFakeSessions } from '@svc-embed/testing';
import { findByRole, findByTitle, getByRole } from '@testing-library/dom';

/** The page under test: an embed, a toast on downloads, a dark-mode toggle, a logout button. */
function mountPage(sessions) {
  document.body.innerHTML = '<button type="button">Dark mode</button><button type="button">Log out</button><div id="analytics"></div>';
  const embed = createEmbed({
    baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#analytics',
    mintSessionId: sessions.mintSessionId, revokeSessionId: sessions.revokeSessionId,
    attributes: { title: 'Sales dashboard' },
  });
  embed.on('download', (payload) => {
    const toast = document.createElement('p');
    toast.setAttribute('role', 'status');
    toast.textContent = `Exported ${payload.rowCount} rows as ${payload.format}`;
    document.body.append(toast);
  });
  getByRole(document.body, 'button', { name: 'Dark mode' }).addEventListener('click', () => embed.setColorScheme('dark'));
  getByRole(document.body, 'button', { name: 'Log out' }).addEventListener('click', () => void embed.logout());
  return embed;
}

let embed;
afterEach(() => {
  embed?.destroy();
  cleanup();
  document.body.innerHTML = '';
});

describe('the host page', () => {
  it('shows a toast when the dashboard reports a CSV download', async () => {
    embed = mountPage(createFakeSessions());
    // A signed embed's iframe is in the page once its first mint's request is out: find it, then attach.
    const frame = attachFakeFrame(await findByTitle(document.body, 'Sales dashboard'));
    frame.ready();
    frame.emit('download', { format: 'csv', target: 'dashboard', rowCount: 42 });
    expect((await findByRole(document.body, 'status')).textContent).toBe('Exported 42 rows as csv');
  });

  it('sends set-color-scheme from the dark-mode toggle, once the signed dashboard is ready', async () => {
    embed = mountPage(createFakeSessions());
    const frame = attachFakeFrame(embed);
    frame.ready();
    expect((await embed.ready).mode).toBe('signed');
    getByRole(document.body, 'button', { name: 'Dark mode' }).click();
    expect((await frame.waitForAction('set-color-scheme')).payload).toEqual({ scheme: 'dark' });
  });

  it('renews the session when the service warns, and its logout revokes every id', async () => {
    const sessions = createFakeSessions();
    embed = mountPage(sessions);
    // A signed embed's iframe is in the page once its first mint's request is out: find it, then attach.
    const frame = attachFakeFrame(await findByTitle(document.body, 'Sales dashboard'));
    frame.ready();
    frame.warnSessionExpiring();
    await frame.waitForAction('set-session');
    expect(frame.sessionIds).toEqual(['ses_fake_1', 'ses_fake_2']);
    getByRole(document.body, 'button', { name: 'Log out' }).click();
    for (let i = 0; i < 50 && sessions.revoked.length < 2; i += 1) await Promise.resolve();
    expect([...sessions.revoked].sort()).toEqual(['ses_fake_1', 'ses_fake_2']);
  });
});
