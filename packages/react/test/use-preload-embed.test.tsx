/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// usePreloadEmbed(options | null): preloads on mount (or when options become non-null), cancels on
// unmount (or null) after the task, so that the route replacing the component in the same commit
// adopts the preload (one mint); under StrictMode the second mount keeps the first mount's preload.
import { cleanup, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createSessionLedger, keepAlive, type PreloadOptions, type SessionLedger } from '@svc-embed/host';
import { TENANT } from '../../host/test/support/helpers.js';
import { SvcEmbed, usePreloadEmbed } from '../src/index.js';

let ledger: SessionLedger;
beforeEach(() => {
  ledger = createSessionLedger();
});
afterEach(async () => {
  cleanup();
  await ledger.logout();
  document.body.replaceChildren();
});

/** A mint that counts and a revoke that records. */
function session() {
  let n = 0;
  const revoked: string[] = [];
  return { mint: vi.fn(() => `s${++n}`), revoke: vi.fn((id: string) => void revoked.push(id)), revoked };
}
type Session = ReturnType<typeof session>;

const optionsOf = (s: Session): PreloadOptions => ({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: keepAlive('reports') });

/** The home page: it preloads the reports route (or not, with `preload` false). */
function Home({ s, preload = true }: { s: Session; preload?: boolean }) {
  usePreloadEmbed(preload ? optionsOf(s) : null);
  return <a href="/reports">Reports</a>;
}

/** Home, or the reports route with the embed kept under 'reports', or settings. */
function App({ route, s }: { route: 'home' | 'reports' | 'settings'; s: Session }) {
  if (route === 'home') return <Home s={s} />;
  if (route === 'settings') return <p>Settings</p>;
  return <SvcEmbed baseUrl={TENANT} publicId="d-42" mintSessionId={s.mint} revokeSessionId={s.revoke} ledger={ledger} keepAlive={keepAlive('reports')} />;
}

/** Lets the deferred cancels run. */
const aTaskLater = () => new Promise((done) => setTimeout(done, 5));

it('home → reports: the route that replaces the home page adopts its preload (one mint, nothing revoked)', async () => {
  const s = session();
  const { rerender, container } = render(<App route="home" s={s} />);
  await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toContain('session=s1'));
  const preloaded = document.querySelector('iframe');
  rerender(<App route="reports" s={s} />);
  await aTaskLater();
  // happy-dom has no moveBefore: the adopted iframe stays in its slot, laid over the container, and shown.
  await waitFor(() => expect(container.querySelector('[data-state]')?.getAttribute('data-state')).toBe('loading'));
  expect(document.querySelectorAll('iframe')).toHaveLength(1);
  expect(document.querySelector('iframe')).toBe(preloaded);
  expect(preloaded?.hasAttribute('aria-hidden')).toBe(false);
  expect(s.mint).toHaveBeenCalledTimes(1);
  expect(s.revoked).toEqual([]);
});

it('home → settings: nothing adopts it; the unmount cancels it (destroyed, its id revoked)', async () => {
  const s = session();
  const { rerender } = render(<App route="home" s={s} />);
  await waitFor(() => expect(s.mint).toHaveBeenCalledTimes(1));
  rerender(<App route="settings" s={s} />);
  await aTaskLater();
  await waitFor(() => expect(s.revoked).toEqual(['s1']));
  expect(document.querySelector('iframe')).toBeNull();
});

it('null preloads nothing; options preload; null again cancels', async () => {
  const s = session();
  const { rerender } = render(<Home s={s} preload={false} />);
  await aTaskLater();
  expect(s.mint).not.toHaveBeenCalled();
  rerender(<Home s={s} />);
  await waitFor(() => expect(s.mint).toHaveBeenCalledTimes(1));
  rerender(<Home s={s} />);
  await aTaskLater();
  expect(s.mint).toHaveBeenCalledTimes(1);
  rerender(<Home s={s} preload={false} />);
  await waitFor(() => expect(s.revoked).toEqual(['s1']));
});

it('StrictMode: the second mount keeps the first mount\'s preload (not cancelled by the first unmount), and the real unmount cancels it', async () => {
  const s = session();
  const { unmount } = render(<StrictMode><Home s={s} /></StrictMode>);
  await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toContain('session=s1'));
  await aTaskLater();
  expect(s.revoked).toEqual([]);
  expect(document.querySelectorAll('iframe')).toHaveLength(1);
  unmount();
  await waitFor(() => expect(s.revoked).toEqual(['s1']));
});
