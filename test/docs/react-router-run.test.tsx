/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// The React README's React Router recipe, as pasted, in a real React Router (a memory router) with
// React Testing Library: the path in `?dash=` on load is where the embed starts, an in-embed
// navigation is one router entry (the other parameters kept), the router's back sends the
// `navigate` action, and the answer adds no entry. The embed's frame is a fake content window.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { attachFrameWindow, deliver, event, READY, TENANT, type FrameWindow } from '../../packages/host/test/support/helpers.js';
import { runBlock } from './readme-blocks.js';
import { ROOT } from './readme-files.js';

afterEach(async () => {
  cleanup();
  // The unmounted embed revokes its id through the endpoint: still answered by the stub.
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

/** The recipe, written to a module of its own, as a reader pastes it. */
async function recipe(): Promise<{ SalesReport: () => JSX.Element }> {
  const block = runBlock('reactRouter');
  const dir = join(ROOT, 'reports', 'snippets-run');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'react-router-recipe.tsx');
  writeFileSync(file, block.code);
  return import(/* @vite-ignore */ file);
}

const navigations = (frame: FrameWindow) => frame.posted.filter((entry) => entry.message.type === 'svc:action:navigate').map((entry) => entry.message.payload.path);

it('the React Router recipe keeps the embed and the router in step, the router in charge of history', async () => {
  // The recipe's session endpoint, answered as the server half would.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ sessionId: 's1' }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  const { SalesReport } = await recipe();
  const router = createMemoryRouter([{ path: '/reports', element: <SalesReport /> }], { initialEntries: ['/reports?keep=1&dash=/orders'] });
  const { container } = render(<RouterProvider router={router} />);
  await waitFor(() => expect(container.querySelector('iframe')?.getAttribute('src')).toContain('session=s1'));
  const frame = attachFrameWindow(container.querySelector('iframe') as HTMLIFrameElement);
  const send = (name: 'ready' | 'view' | 'navigate', payload: object) => act(() => deliver(event(name, payload as never), TENANT, frame));

  send('ready', READY);
  send('view', { surface: 'dashboard', path: '/overview' });
  expect(navigations(frame)).toEqual(['/orders']);
  send('navigate', { path: '/orders', previousPath: '/overview' });
  expect(router.state.historyAction).toBe('POP'); // the initial entry: the answer pushed nothing

  send('navigate', { path: '/products', previousPath: '/orders' });
  await waitFor(() => expect(router.state.location.search).toBe('?keep=1&dash=%2Fproducts'));
  expect(router.state.historyAction).toBe('PUSH');

  await act(() => router.navigate(-1));
  await waitFor(() => expect(navigations(frame)).toEqual(['/orders', '/orders']));
  send('navigate', { path: '/orders', previousPath: '/products' });
  expect(router.state.historyAction).toBe('POP');
  expect(router.state.location.search).toBe('?keep=1&dash=/orders');

  await act(() => router.navigate(1));
  await waitFor(() => expect(navigations(frame)).toEqual(['/orders', '/orders', '/products']));
});
