// The demo's React page: two dashboards with <SvcEmbed> under <StrictMode> (built in development
// mode at demo start, so effects really mount twice), minting through the page's session endpoint
// (@svc-embed/server), one ledger per sign-in, sign out (of every id of the viewer, in every tab) and
// in again without a reload, and a log of what the embeds reported.
import { SessionLedgerProvider, SvcEmbed, urlParam, useSessionLedger } from '@svc-embed/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** An element the page's markup has (the demo server writes `#demo-config` into it). */
function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the React page has no #${id}`);
  return found;
}

const config = JSON.parse(element('demo-config').textContent ?? '{}') as { serviceUrl: string };
const log: { embed: string; type: string; payload: unknown }[] = [];
(window as unknown as { __react: unknown }).__react = { events: log, loadedAt: Date.now() };

function Dashboards() {
  const { logout } = useSessionLedger();
  const [scheme, setScheme] = useState<'light' | 'dark'>('light');
  // Unmounting an embed revokes its ids (its iframe is gone, so is the need for its session).
  const [showB, setShowB] = useState(true);
  return (
    <>
      <div className="toolbar">
        <button type="button" data-action="scheme" onClick={() => setScheme(scheme === 'light' ? 'dark' : 'light')}>{scheme === 'light' ? 'Dark' : 'Light'}</button>
        <button type="button" data-action="toggle-b" onClick={() => setShowB(!showB)}>{showB ? 'Remove B' : 'Show B'}</button>
        {/* The result says what happened: `complete` only when every id of the viewer is known revoked; else clicking again retries. */}
        <button type="button" data-action="sign-out" onClick={async () => { const result = await logout(); log.push({ embed: '-', type: 'logout', payload: result }); }}>Sign out</button>
      </div>
      {(showB ? (['a', 'b'] as const) : (['a'] as const)).map((key) => (
        <SvcEmbed
          key={key}
          className="react-embed"
          baseUrl={config.serviceUrl}
          publicId={key === 'a' ? 'sales-overview' : 'support-ops'}
          allowExport={key === 'a'}
          syncUrl={key === 'a' ? urlParam('dash') : undefined}
          colorScheme={scheme}
          sessionEndpoint="/api/embed-session"
          attributes={{ title: `React embed ${key.toUpperCase()}`, 'data-embed': key }}
          onReady={(payload) => log.push({ embed: key, type: 'ready', payload })}
          onDashboardLoaded={(payload) => log.push({ embed: key, type: 'dashboard-loaded', payload })}
          onDownload={(payload) => log.push({ embed: key, type: 'download', payload })}
        />
      ))}
    </>
  );
}

/**
 * The dashboards stay mounted after sign-out: signed out (here, or in another tab of the viewer),
 * they show nothing and mint nothing until sign-in; "Sign out" still signs out through the endpoint.
 */
function App() {
  const { status, signIn } = useSessionLedger();
  return (
    <>
      {status === 'signed-out' && <p>Signed out. <button type="button" data-action="sign-in" onClick={signIn}>Sign in</button></p>}
      <Dashboards />
    </>
  );
}

createRoot(element('root')).render(
  <StrictMode>
    <SessionLedgerProvider>
      <main className="react-layout"><App /></main>
    </SessionLedgerProvider>
  </StrictMode>,
);
