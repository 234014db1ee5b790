/**
 * @vitest-environment happy-dom
 */
// <SvcEmbed sessionEndpoint> under SessionLedgerProvider, against the server half's real endpoint
// (@svc-embed/server, its fetch handler in place of the network, minting with the test kit's fake
// sessions): a sign-out in one tab reaches the viewer's other tab through a BroadcastChannel (Node's:
// two "tabs" in one process, two React roots with a provider each, as the host's tests do), and
// unmounting an embed revokes its id.
import { createSessionEndpoint } from '@svc-embed/server';
import { createFakeSessions } from '@svc-embed/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TENANT } from '../../host/test/support/helpers.js';
import { SessionLedgerProvider, SvcEmbed, useSessionLedger } from '../src/index.js';

const PAGE = 'https://app.example';
const ENDPOINT = '/api/embed-session';

/** The viewer's backend: the server half's endpoint for one signed-in viewer, what it was asked, and the ids it minted and revoked. */
function viewerBackend() {
  const sessions = createFakeSessions();
  const requests: string[] = [];
  const endpoint = createSessionEndpoint({
    path: ENDPOINT,
    allowedOrigins: [PAGE],
    viewer: () => ({ id: 'ada' }),
    mint: () => sessions.mintSessionId(),
    revoke: (sessionId) => sessions.revokeSessionId(sessionId),
  });
  const fetch = async (url: string, init: RequestInit = {}) => {
    requests.push(`${init.method ?? 'GET'} ${url}`);
    // What a browser adds to the page's own request.
    const headers = new Headers(init.headers);
    headers.set('origin', PAGE);
    headers.set('sec-fetch-site', 'same-origin');
    return endpoint.fetch(new Request(new URL(url, PAGE), { ...init, headers }));
  };
  return { sessions, requests, fetch };
}

let backend: ReturnType<typeof viewerBackend>;
beforeEach(() => {
  backend = viewerBackend();
  vi.stubGlobal('fetch', backend.fetch);
  vi.stubGlobal('BroadcastChannel', NodeBroadcastChannel);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** One tab of the viewer: the README's quick start shape, its embed titled and its buttons named after the tab. */
function Tab({ name }: { name: string }) {
  const { status, logout, signIn } = useSessionLedger();
  return (
    <section>
      <SvcEmbed baseUrl={TENANT} publicId="d-42" sessionEndpoint={ENDPOINT} attributes={{ title: `Dashboard ${name}` }} className={`box-${name}`} />
      {status === 'signed-in'
        ? <button type="button" onClick={() => logout()}>Sign out {name}</button>
        : <button type="button" onClick={signIn}>Sign in {name}</button>}
    </section>
  );
}

const openTab = (name: string) => render(<SessionLedgerProvider><Tab name={name} /></SessionLedgerProvider>);
const sessionOf = (name: string) => new URL(screen.getByTitle(`Dashboard ${name}`).getAttribute('src') ?? '', TENANT).searchParams.get('session');
const mints = () => backend.requests.filter((request) => request === `POST ${ENDPOINT}`);

describe('SessionLedgerProvider with a session endpoint', () => {
  it('a sign-out in one tab signs the other out: its iframe goes, it shows signed out, and every id of the viewer is revoked', async () => {
    openTab('A');
    const tabB = openTab('B');
    await waitFor(() => expect([sessionOf('A'), sessionOf('B')].sort()).toEqual(['ses_fake_1', 'ses_fake_2']));

    fireEvent.click(screen.getByRole('button', { name: 'Sign out A' }));
    await screen.findByRole('button', { name: 'Sign in B' });
    expect(screen.queryByTitle('Dashboard B')).toBeNull();
    expect(tabB.container.querySelector('.box-B')?.hasAttribute('data-signed-out')).toBe(true);
    await screen.findByRole('button', { name: 'Sign in A' });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    await waitFor(() => expect([...backend.sessions.revoked].sort()).toEqual(['ses_fake_1', 'ses_fake_2']));
    expect(backend.requests).toContain(`POST ${ENDPOINT}/logout`);

    // Tab B signs in again with a new ledger: one fresh id, and tab A stays signed out.
    fireEvent.click(screen.getByRole('button', { name: 'Sign in B' }));
    await waitFor(() => expect(sessionOf('B')).toBe('ses_fake_3'));
    expect(screen.queryByTitle('Dashboard A')).toBeNull();
    expect(mints()).toHaveLength(3);
  });

  it("unmounting an embed revokes its id through the endpoint (DELETE), and the viewer's other embeds keep theirs", async () => {
    function TwoEmbeds({ showSecond }: { showSecond: boolean }) {
      return (
        <SessionLedgerProvider>
          <SvcEmbed baseUrl={TENANT} publicId="d-42" sessionEndpoint={ENDPOINT} attributes={{ title: 'Dashboard 1' }} />
          {showSecond && <SvcEmbed baseUrl={TENANT} publicId="d-43" sessionEndpoint={ENDPOINT} attributes={{ title: 'Dashboard 2' }} />}
        </SessionLedgerProvider>
      );
    }
    const { rerender } = render(<TwoEmbeds showSecond />);
    await waitFor(() => expect([sessionOf('1'), sessionOf('2')].sort()).toEqual(['ses_fake_1', 'ses_fake_2']));
    const second = sessionOf('2');

    rerender(<TwoEmbeds showSecond={false} />);
    await waitFor(() => expect(backend.sessions.revoked).toEqual([second]));
    expect(backend.requests).toContain(`DELETE ${ENDPOINT}/${second}`);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(sessionOf('1')).not.toBe(second);
  });
});

describe('<SvcEmbed> with its own session callbacks', () => {
  it('unmount revokes the id it minted with revokeSessionId', async () => {
    const sessions = createFakeSessions();
    const { unmount } = render(<SvcEmbed baseUrl={TENANT} publicId="d-42" mintSessionId={sessions.mintSessionId} revokeSessionId={sessions.revokeSessionId} attributes={{ title: 'Dashboard' }} />);
    await waitFor(() => expect(sessions.minted).toEqual(['ses_fake_1']));
    expect(sessions.revoked).toEqual([]);
    unmount();
    await waitFor(() => expect(sessions.revoked).toEqual(['ses_fake_1']));
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
