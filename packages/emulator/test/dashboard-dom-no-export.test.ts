/**
 * @vitest-environment happy-dom
 */
// The emulator's dashboard without allowExport shows no export button (happy-dom, @testing-library/dom).
import { queryByRole } from '@testing-library/dom';
import { expect, it } from 'vitest';
import { openDashboard, useEmulator } from './dashboard-dom-helpers.js';

const emulator = useEmulator();

it('without allowExport there is no export button', async () => {
  await openDashboard(emulator.url, '/embed/dashboard/support-ops');
  expect(queryByRole(document.body, 'button', { name: 'Export CSV' })).toBeNull();
  expect(document.querySelectorAll('[data-download]')).toHaveLength(0);
  expect(document.querySelectorAll('[data-widget-id]').length).toBeGreaterThan(0);
});
