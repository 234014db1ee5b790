/**
 * @vitest-environment happy-dom
 */
// The emulator's dashboard in happy-dom, read with @testing-library/dom as a person reads it and
// driven by the test kit's fake host: filters from the host, export buttons with allowExport, a
// drill-down, and the AI box.
import { findByText, fireEvent, getByRole, waitFor, within } from '@testing-library/dom';
import { expect, it } from 'vitest';
import { openDashboard, useEmulator } from './dashboard-dom-helpers.js';

const emulator = useEmulator();

it('filters from the host change the widgets; export buttons; a drill-down; the AI box answers', async () => {
  const host = await openDashboard(emulator.url, '/embed/dashboard/sales-overview?allowExport=true');
  expect(getByRole(document.body, 'tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
  const orders = () => Number(document.querySelector('[data-widget-id="kpi-orders"] .kpi-value')!.getAttribute('data-value'));
  const before = orders();
  host.send('set-filter', { filterUrlParameter: 'f_orders.status={"value":"completed"}' });
  await waitFor(() => expect(orders()).toBeLessThan(before));
  expect((window as any).__dashboard.state().filters).toEqual({ status: 'completed' });

  // Export buttons are there with allowExport.
  expect(getByRole(document.body, 'button', { name: 'Export CSV' })).toBeTruthy();
  expect(document.querySelectorAll('[data-download]').length).toBeGreaterThan(0);

  // Drill-down: clicking a bar reports drilldown to the host and shows the breakdown.
  fireEvent.click(document.querySelector('[data-widget-id="bar-region"] .bar rect')!);
  expect((await host.waitForEvent('drilldown')).payload).toMatchObject({ member: 'orders.revenue', widgetId: 'bar-region' });
  expect(document.querySelector('[data-role="drill"]')).not.toBeNull();

  // The AI box: a question goes out as ai-query submitted, then completed, with the answer shown.
  const box = document.querySelector('[data-role="ai-box"]') as HTMLElement;
  fireEvent.input(within(box).getByRole('textbox'), { target: { value: 'How many orders are there?' } });
  fireEvent.submit(box.closest('form') ?? box);
  await waitFor(() => expect(host.events.filter((event) => event.name === 'ai-query').map((event) => (event.payload as { status: string }).status)).toEqual(['submitted', 'completed']));
  expect((await findByText(box, /^Orders: \d+\.$/)).textContent).toMatch(/^Orders: \d+\.$/);
  host.assertNoSurfaceBugs();
});
