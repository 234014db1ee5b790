/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// <SvcEmbed keepAlive>: a route change that unmounts it parks the embed while its container is
// still in the document (a layout effect's clean-up: React removes the DOM before passive ones run),
// so that with the engine's moveBefore (stubbed here: happy-dom has none) the iframe is moved, not
// lost; coming back adopts it: one mint, the same iframe, ready at once, the props' settings sent.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createSessionLedger, type SessionLedger } from '@svc-embed/host';
import { attachFrameWindow, deliver, event, READY, TENANT } from '../../host/test/support/helpers.js';
import { keepAlive, SvcEmbed } from '../src/index.js';

let ledger: SessionLedger;
let moveBefore: ReturnType<typeof vi.fn>;
beforeEach(() => {
  ledger = createSessionLedger();
  moveBefore = vi.fn(function (this: Element, node: Node, child: Node | null) {
    this.insertBefore(node, child);
  });
  Object.defineProperty(Element.prototype, 'moveBefore', { value: moveBefore, configurable: true, writable: true });
});
afterEach(async () => {
  cleanup();
  await ledger.logout();
  delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
});

/** An app with two routes: the dashboard (kept under 'reports') and a settings page. */
function App({ route, mint, colorScheme, onReady }: { route: 'reports' | 'settings'; mint: () => string; colorScheme?: 'dark'; onReady?: () => void }) {
  return (
    <main>
      {route === 'reports'
        ? <SvcEmbed baseUrl={TENANT} publicId="d-42" mintSessionId={mint} ledger={ledger} keepAlive={keepAlive('reports')} colorScheme={colorScheme} onReady={onReady} className="dash" />
        : <p>Settings</p>}
    </main>
  );
}

it('reports → settings → reports: the embed is parked, then adopted with no mint and its colorScheme sent', async () => {
  let n = 0;
  const mint = vi.fn(() => `s${++n}`);
  const { rerender, container } = render(<App route="reports" mint={mint} />);
  await waitFor(() => expect(container.querySelector('iframe')?.getAttribute('src')).toContain('session=s1'));
  const iframe = container.querySelector('iframe') as HTMLIFrameElement;
  const frame = attachFrameWindow(iframe);
  act(() => deliver(event('ready', READY), TENANT, frame));

  rerender(<App route="settings" mint={mint} />);
  expect(iframe.isConnected).toBe(true);
  expect(iframe.closest('[data-svc-embed-kept]')).not.toBeNull();
  expect(iframe.getAttribute('aria-hidden')).toBe('true');

  rerender(<App route="reports" mint={mint} colorScheme="dark" />);
  await waitFor(() => expect(container.querySelector('.dash')?.getAttribute('data-state')).toBe('ready'));
  expect(container.querySelector('.dash iframe')).toBe(iframe);
  expect(mint).toHaveBeenCalledTimes(1);
  expect(moveBefore).toHaveBeenCalledTimes(2);
  expect(frame.posted.map((entry) => entry.message.type).at(-1)).toBe('svc:action:set-color-scheme');
});

it('onReady is called on the adoption too, once, with the ready payload (an app that waits for it stops waiting)', async () => {
  let n = 0;
  const mint = vi.fn(() => `s${++n}`);
  const onReady = vi.fn();
  const { rerender, container } = render(<App route="reports" mint={mint} onReady={onReady} />);
  await waitFor(() => expect(container.querySelector('iframe')?.getAttribute('src')).toContain('session=s1'));
  const frame = attachFrameWindow(container.querySelector('iframe') as HTMLIFrameElement);
  act(() => deliver(event('ready', READY), TENANT, frame));
  expect(onReady).toHaveBeenCalledTimes(1);

  rerender(<App route="settings" mint={mint} onReady={onReady} />);
  rerender(<App route="reports" mint={mint} onReady={onReady} />);
  await waitFor(() => expect(onReady).toHaveBeenCalledTimes(2));
  expect(onReady).toHaveBeenLastCalledWith(READY, expect.objectContaining({ type: 'svc:event:ready' }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(onReady).toHaveBeenCalledTimes(2);
  expect(mint).toHaveBeenCalledTimes(1);
});
