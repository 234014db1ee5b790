/**
 * @vitest-environment happy-dom
 */
// The emulator's dashboard navigates as deep links need it (issue 23): a page tab the viewer clicks
// sends `navigate` (with the page it left) and `view`; the host's `navigate` action moves it the same
// way; the page it is on already, or one it does not have, sends no `navigate`. Every message the
// dashboard received is on record (`__dashboard.received()`), from before it sent `ready`.
import { fireEvent, getByRole } from '@testing-library/dom';
import { expect, it } from 'vitest';
import { HOST, openDashboard, useEmulator } from './dashboard-dom-helpers.js';

const emulator = useEmulator();

const page = () => document.documentElement.dataset.page;

it('tabs and the navigate action move between pages; the current page and an unknown one send no navigate', async () => {
  const host = await openDashboard(emulator.url, '/embed/dashboard/sales-overview');
  const sent = () => host.events.filter((event) => event.name === 'navigate' || event.name === 'view').map((event) => ({ name: event.name, path: (event.payload as { path: string }).path }));
  expect(page()).toBe('/overview');
  expect(sent()).toEqual([{ name: 'view', path: '/overview' }]);

  // The viewer clicks a tab: navigate from the page it left, then view.
  fireEvent.click(getByRole(document.body, 'tab', { name: 'Orders' }));
  expect(page()).toBe('/orders');
  expect(getByRole(document.body, 'tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
  expect(host.events.find((event) => event.name === 'navigate')?.payload).toEqual({ path: '/orders', previousPath: '/overview' });
  expect(sent().slice(1)).toEqual([{ name: 'navigate', path: '/orders' }, { name: 'view', path: '/orders' }]);

  // The host's navigate action: the same two events.
  host.send('navigate', { path: '/products' });
  await expect.poll(page).toBe('/products');
  expect(host.events.filter((event) => event.name === 'navigate').at(-1)?.payload).toEqual({ path: '/products', previousPath: '/orders' });

  // The page it is on: nothing. A path it has no page for: an error, and it stays.
  const before = host.events.length;
  fireEvent.click(getByRole(document.body, 'tab', { name: 'Products' }));
  host.send('navigate', { path: '/products' });
  host.send('navigate', { path: '/nope' });
  const error = await host.waitForEvent('error');
  expect(error.payload).toMatchObject({ name: 'NavigationError', context: 'action' });
  expect(host.events.slice(before).map((event) => event.name)).toEqual(['error']);
  expect(page()).toBe('/products');

  // What the host sent, as the dashboard received it.
  const received = (window as unknown as { __dashboard: { received(): { origin: string; type: string; payload: unknown }[] } }).__dashboard.received();
  expect(received.filter((message) => message.type === 'svc:action:navigate')).toEqual(
    ['/products', '/products', '/nope'].map((path) => ({ origin: HOST, type: 'svc:action:navigate', payload: { path } })),
  );
  host.assertNoSurfaceBugs();
});
