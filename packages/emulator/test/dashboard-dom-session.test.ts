/**
 * @vitest-environment happy-dom
 */
// The emulator's dashboard in signed mode: a session the service ends shows the "session expired"
// cover (an alertdialog), and a new id from the host removes it (happy-dom, @testing-library/dom).
import { findByRole, queryByRole, waitFor, within } from '@testing-library/dom';
import { expect, it } from 'vitest';
import { mintAt, openDashboard, useEmulator } from './dashboard-dom-helpers.js';

const emulator = useEmulator();

it('a session the service ends shows the cover, until the host sets a new id', async () => {
  const first = await mintAt(emulator.url);
  const host = await openDashboard(emulator.url, `/embed/dashboard/sales-overview?session=${first}`);
  await fetch(`${emulator.url}/api/v1/embed/sessions/${first}/expire`, { method: 'POST', headers: { Authorization: 'Bearer emulator-dev-key' } });
  host.send('refresh', undefined);
  const cover = await findByRole(document.body, 'alertdialog', {}, { timeout: 5_000 });
  expect(within(cover).getByRole('heading').textContent).toBe('Session expired');
  await host.waitForEvent('session-expired');
  host.setSession(await mintAt(emulator.url));
  await waitFor(() => expect(queryByRole(document.body, 'alertdialog')).toBeNull(), { timeout: 5_000 });
  host.assertNoSurfaceBugs();
});
