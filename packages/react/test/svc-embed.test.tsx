/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// <SvcEmbed>, useEmbed and SessionLedgerProvider with React Testing Library: one mint per embed
// under StrictMode, listener props that never recreate, URL props that do, actions that follow
// props, unmount, and signing out and in again without a reload.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionLedger, type Embed } from '@svc-embed/host';
import { attachFrameWindow, deliver, event, READY, TENANT } from '../../host/test/support/helpers.js';
import { recordTimings, SessionLedgerProvider, SvcEmbed, useSessionLedger } from '../src/index.js';
import { embedIn } from './embed-ref.js';

afterEach(cleanup);

const iframes = () => [...document.querySelectorAll('iframe')];
const mintCounter = () => {
  let n = 0;
  return vi.fn(() => `s${++n}`);
};

describe('<SvcEmbed>', () => {
  it('under StrictMode mints exactly one id for one embed, and shows one iframe', async () => {
    const mint = mintCounter();
    render(<StrictMode><SvcEmbed baseUrl={TENANT} publicId="d-42" mintSessionId={mint} attributes={{ title: 'Sales' }} /></StrictMode>);
    await waitFor(() => expect(screen.getByTitle('Sales').getAttribute('src')).toContain('session=s1'));
    expect(mint).toHaveBeenCalledTimes(1);
    expect(iframes()).toHaveLength(1);
  });

  it('a new listener prop is used without recreating the embed; the ref is the Embed', async () => {
    const ref = createRef<Embed | undefined>();
    const first = vi.fn();
    const second = vi.fn();
    const mint = mintCounter();
    const { rerender } = render(<SvcEmbed ref={ref} baseUrl={TENANT} publicId="d-42" mintSessionId={mint} onDownload={first} />);
    const iframe = (await embedIn(ref)).iframe;
    rerender(<SvcEmbed ref={ref} baseUrl={TENANT} publicId="d-42" mintSessionId={() => 'other'} onDownload={second} />);
    const frame = attachFrameWindow(iframe);
    act(() => {
      deliver(event('ready', READY), TENANT, frame);
      deliver(event('download', { format: 'png', target: 'widget' }), TENANT, frame);
    });
    expect(second).toHaveBeenCalledWith({ format: 'png', target: 'widget' }, expect.objectContaining({ type: 'svc:event:download' }));
    expect(first).not.toHaveBeenCalled();
    expect(ref.current!.iframe).toBe(iframe);
    expect(mint).toHaveBeenCalledTimes(1);
  });

  it('a new publicId recreates the embed with a new id; unmount removes it', async () => {
    const mint = mintCounter();
    const { rerender, unmount } = render(<SvcEmbed baseUrl={TENANT} publicId="d-1" mintSessionId={mint} />);
    await waitFor(() => expect(iframes()[0]?.src).toContain('/embed/dashboard/d-1'));
    rerender(<SvcEmbed baseUrl={TENANT} publicId="d-2" mintSessionId={mint} />);
    await waitFor(() => expect(iframes().map((iframe) => new URL(iframe.src).pathname)).toEqual(['/embed/dashboard/d-2']));
    expect(mint).toHaveBeenCalledTimes(2);
    unmount();
    expect(iframes()).toHaveLength(0);
  });

  it('colorScheme, locale and timezone follow the props as actions, without recreating', async () => {
    const ref = createRef<Embed | undefined>();
    const { rerender } = render(<SvcEmbed mode="private" ref={ref} baseUrl={TENANT} publicId="d-42" colorScheme="dark" timezone="Europe/Berlin" />);
    const frame = attachFrameWindow((await embedIn(ref)).iframe);
    act(() => deliver(event('ready', { ...READY, mode: 'private' }), TENANT, frame));
    rerender(<SvcEmbed mode="private" ref={ref} baseUrl={TENANT} publicId="d-42" colorScheme="light" locale="de-DE" timezone="Asia/Tokyo" />);
    await waitFor(() => expect(frame.posted.length).toBe(4));
    expect(frame.posted.map((entry) => [entry.message.type, entry.message.payload])).toEqual([
      ['svc:action:set-color-scheme', { scheme: 'dark' }],
      ['svc:action:set-color-scheme', { scheme: 'light' }],
      ['svc:action:set-locale', { locale: 'de-DE' }],
      ['svc:action:set-timezone', { timezone: 'Asia/Tokyo' }],
    ]);
    expect(new URL(ref.current!.iframe.src).searchParams.get('timezone')).toBe('Europe/Berlin');
  });
});

describe('SessionLedgerProvider', () => {
  function App({ mint, revoke }: { mint: () => string; revoke: (id: string) => void }) {
    const { status, logout, signIn } = useSessionLedger();
    return status === 'signed-in' ? (
      <>
        <SvcEmbed baseUrl={TENANT} publicId="d-42" mintSessionId={mint} revokeSessionId={revoke} attributes={{ title: 'Dashboard' }} />
        <button type="button" onClick={() => logout()}>Sign out</button>
      </>
    ) : (
      <button type="button" onClick={signIn}>Sign in</button>
    );
  }

  /** The quick start's shape: the embed stays mounted whatever the status, the buttons follow it. */
  function StaysMounted({ mint, revoke }: { mint: () => string; revoke: (id: string) => void }) {
    const { status, logout, signIn } = useSessionLedger();
    return (
      <>
        <SvcEmbed baseUrl={TENANT} publicId="d-42" mintSessionId={mint} revokeSessionId={revoke} attributes={{ title: 'Dashboard' }} className="box" />
        {status === 'signed-in' ? <button type="button" onClick={() => logout()}>Sign out</button> : <button type="button" onClick={signIn}>Sign in</button>}
      </>
    );
  }

  it('a still-mounted embed stays signed out after logout: no mint, no iframe, until signIn()', async () => {
    const mint = mintCounter();
    const revoke = vi.fn();
    const { container } = render(<StrictMode><SessionLedgerProvider><StaysMounted mint={mint} revoke={revoke} /></SessionLedgerProvider></StrictMode>);
    await waitFor(() => expect(screen.getByTitle('Dashboard').getAttribute('src')).toContain('session=s1'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('s1'));
    // Give a re-embed every chance to happen: it must not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(iframes()).toHaveLength(0);
    expect(mint).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.box')?.hasAttribute('data-signed-out')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTitle('Dashboard').getAttribute('src')).toContain('session=s2'));
    expect(mint).toHaveBeenCalledTimes(2);
    expect(container.querySelector('.box')?.hasAttribute('data-signed-out')).toBe(false);
  });

  it('an embed given a ledger that logged out makes nothing when it re-renders', async () => {
    const ledger = createSessionLedger();
    const mint = mintCounter();
    const { rerender } = render(<SvcEmbed baseUrl={TENANT} publicId="d-42" ledger={ledger} mintSessionId={mint} attributes={{ title: 'Dashboard' }} />);
    await waitFor(() => expect(screen.getByTitle('Dashboard').getAttribute('src')).toContain('session=s1'));
    await act(() => ledger.logout());
    rerender(<SvcEmbed baseUrl={TENANT} publicId="d-43" ledger={ledger} mintSessionId={mint} attributes={{ title: 'Dashboard' }} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(iframes()).toHaveLength(0);
    expect(mint).toHaveBeenCalledTimes(1);
  });

  it('sign out revokes every id and removes the embed; signing in again embeds with a new ledger', async () => {
    const mint = mintCounter();
    const revoke = vi.fn();
    render(<SessionLedgerProvider><App mint={mint} revoke={revoke} /></SessionLedgerProvider>);
    await waitFor(() => expect(screen.getByTitle('Dashboard').getAttribute('src')).toContain('session=s1'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(revoke).toHaveBeenCalledWith('s1');
    expect(iframes()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTitle('Dashboard').getAttribute('src')).toContain('session=s2'));
    expect(mint).toHaveBeenCalledTimes(2);
  });

  it('shows the embed\'s state on the container (data-state) and through useEmbed', async () => {
    const ref = createRef<Embed | undefined>();
    const { container } = render(<SvcEmbed mode="private" ref={ref} baseUrl={TENANT} publicId="d-42" className="box" />);
    await waitFor(() => expect(container.querySelector('.box')?.getAttribute('data-state')).toBe('loading'));
    const frame = attachFrameWindow(ref.current!.iframe);
    act(() => deliver(event('ready', { ...READY, mode: 'private' }), TENANT, frame));
    await waitFor(() => expect(container.querySelector('.box')?.getAttribute('data-state')).toBe('ready'));
  });

  it('refuses publicId ".." with invalid-option, before anything is minted or shown', () => {
    const mint = mintCounter();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SvcEmbed baseUrl={TENANT} publicId=".." mintSessionId={mint} />)).toThrow(
      expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining(`publicId must be a dashboard's public id`) }),
    );
    expect(mint).not.toHaveBeenCalled();
    expect(iframes()).toHaveLength(0);
  });

  it('useSessionLedger without a provider says what is missing', () => {
    const Lonely = () => <>{useSessionLedger().ledger ? 'x' : 'y'}</>;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Lonely />)).toThrow(/SessionLedgerProvider/);
  });
});

describe('mistakes refused, features opted in', () => {
  it.each([
    ['sessionEndpoint with mintSessionId', { sessionEndpoint: '/api/embed-session', mintSessionId: () => 's1' }, 'give sessionEndpoint or mintSessionId and revokeSessionId, not both'],
    ['lazy as a boolean', { mode: 'private', lazy: true }, 'lazy takes whenVisible() from @svc-embed/host (got true)'],
    ['timings as a boolean', { mode: 'private', timings: true }, 'timings takes recordTimings() from @svc-embed/host (got true)'],
    ['sessionEndpoint misspelt', { sessionEndPoint: '/api/embed-session' }, 'createEmbed has no option sessionEndPoint: did you mean sessionEndpoint?'],
    ['neither a session nor mode', {}, "give sessionEndpoint (or mintSessionId and revokeSessionId) for a signed embed, or mode: 'private' for one without a session (got mode undefined)"],
    ['syncUrl as a bare name', { mode: 'private', syncUrl: 'dash' }, `syncUrl takes urlParam('dash') or a router's adapter (got "dash")`],
  ])('%s (JavaScript) is invalid-option, saying what to write', (_, props, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loose = props as unknown as { sessionEndpoint?: string };
    expect(() => render(<SvcEmbed baseUrl={TENANT} publicId="d-42" {...loose} />)).toThrow(expect.objectContaining({ code: 'invalid-option', message }));
  });

  it('lazy takes a start of its own; timings={recordTimings()} gives the embed its timings', async () => {
    const ref = createRef<Embed | undefined>();
    const mint = mintCounter();
    let start = () => {};
    render(<SvcEmbed ref={ref} baseUrl={TENANT} publicId="d-42" mintSessionId={mint} timings={recordTimings()} lazy={(target) => {
      start = target.start;
      return () => {};
    }} />);
    await waitFor(() => expect(ref.current).toBeDefined());
    expect(ref.current?.state).toBe('waiting');
    expect(mint).not.toHaveBeenCalled();
    act(() => start());
    await waitFor(() => expect(mint).toHaveBeenCalledTimes(1));
    expect(Object.keys(ref.current?.timings ?? {})).toEqual(['created', 'mintStarted', 'minted', 'srcSet']);
  });
});
