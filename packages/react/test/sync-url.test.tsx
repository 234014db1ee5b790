/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// The syncUrl prop: urlParam('dash') keeps the path in window.location; an adapter made with
// useUrlAdapter keeps it in a router's state (a fake router here: a stack of values in React state).
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { StrictMode, createRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Embed } from '@svc-embed/host';
import { attachFrameWindow, deliver, event, READY, TENANT, type FrameWindow } from '../../host/test/support/helpers.js';
import { SvcEmbed, urlParam, useUrlAdapter } from '../src/index.js';
import { embedIn } from './embed-ref.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** The embed's frame, shown at its first page `/overview`. */
function showStart(embed: Embed): FrameWindow {
  const frame = attachFrameWindow(embed.iframe);
  act(() => {
    deliver(event('ready', READY), TENANT, frame);
    deliver(event('view', { surface: 'dashboard', path: '/overview' }), TENANT, frame);
  });
  return frame;
}

const navigations = (frame: FrameWindow) => frame.posted.filter((entry) => entry.message.type === 'svc:action:navigate').map((entry) => entry.message.payload.path);
const navigated = (frame: FrameWindow, path: string, previousPath: string) =>
  act(() => deliver(event('navigate', { path, previousPath }), TENANT, frame));

describe('syncUrl prop', () => {
  it('with urlParam, under StrictMode: writes the path, sends the one in the URL, and frees the parameter on unmount', async () => {
    window.history.replaceState(null, '', '/reports?dash=/orders');
    const ref = createRef<Embed | undefined>();
    const { unmount } = render(<StrictMode><SvcEmbed mode="private" ref={ref} baseUrl={TENANT} publicId="d-42" syncUrl={urlParam('dash')} /></StrictMode>);
    const frame = showStart(await embedIn(ref));
    expect(navigations(frame)).toEqual(['/orders']);
    navigated(frame, '/orders', '/overview');
    navigated(frame, '/products', '/orders');
    expect(window.location.search).toBe('?dash=/products');
    unmount();
    // Free again: another embed may claim it.
    const again = createRef<Embed | undefined>();
    render(<SvcEmbed mode="private" ref={again} baseUrl={TENANT} publicId="d-42" syncUrl={urlParam('dash')} />);
    await embedIn(again);
  });

  it('with useUrlAdapter: the router stays in charge of history, its back sends the navigate action', async () => {
    const router = { stack: [null] as (string | null)[], index: 0, back: () => {} };
    function App({ embedRef }: { embedRef: React.Ref<Embed | undefined> }) {
      const [at, setAt] = useState({ stack: router.stack, index: 0 });
      router.stack = at.stack;
      router.index = at.index;
      router.back = () => setAt((now) => ({ ...now, index: now.index - 1 }));
      const adapter = useUrlAdapter({
        value: at.stack[at.index] ?? null,
        write: (path, { replace }) =>
          setAt((now) => (replace ? { stack: now.stack.map((entry, i) => (i === now.index ? path : entry)), index: now.index } : { stack: [...now.stack.slice(0, now.index + 1), path], index: now.index + 1 })),
      });
      return <SvcEmbed mode="private" ref={embedRef} baseUrl={TENANT} publicId="d-42" syncUrl={adapter} />;
    }
    const ref = createRef<Embed | undefined>();
    const length = window.history.length;
    render(<StrictMode><App embedRef={ref} /></StrictMode>);
    const frame = showStart(await embedIn(ref));
    navigated(frame, '/orders', '/overview');
    navigated(frame, '/products', '/orders');
    expect(router.stack).toEqual([null, '/orders', '/products']);
    expect(router.index).toBe(2);
    act(() => router.back());
    expect(navigations(frame)).toEqual(['/orders']);
    navigated(frame, '/orders', '/products');
    act(() => router.back());
    expect(navigations(frame)).toEqual(['/orders', '/overview']);
    navigated(frame, '/overview', '/orders');
    expect(router.stack).toEqual([null, '/orders', '/products']);
    expect(router.index).toBe(0);
    expect(window.history.length).toBe(length);
    expect(window.location.search).toBe('');
  });
});
