// Type tests for @svc-embed/react (against the built package): every line marked @ts-expect-error
// must fail to compile, every other line must compile.
import { sessionFromPage, type Embed } from '@svc-embed/host';
import { keepAlive, recordTimings, SessionLedgerProvider, SvcEmbed, urlParam, useEmbed, usePreloadEmbed, useSessionLedger, useUrlAdapter, whenVisible, type SvcEmbedProps } from '@svc-embed/react';
import { createRef } from 'react';

const base = { baseUrl: 'https://tenant.example', publicId: 'd-42' } as const;
/** A private embed: no session, said out loud. */
const open = { ...base, mode: 'private' } as const;

// Every event is an on<Name> prop with its payload typed by name.
<SvcEmbed {...open} onDownload={(payload) => payload.format satisfies 'csv' | 'xlsx' | 'png' | 'pdf'} />;
<SvcEmbed {...open} onDashboardLoaded={(payload) => payload.widgetCount} onSessionExpiring={(payload, message) => [payload.expiresInMs, message.timestamp]} />;
<SvcEmbed {...open} onAiQuery={(payload) => payload.status} onRenewed={(info) => info.attempts} onRenewalFailed={(info) => info.error.code} />;
// @ts-expect-error no such event
<SvcEmbed {...base} onDownloaded={() => {}} />;
// @ts-expect-error the download payload has no rows
<SvcEmbed {...base} onDownload={(payload) => payload.rows} />;

// EmbedOptions fields are props; the container and injected globals are not.
<SvcEmbed {...base} allowExport timezone="Europe/Berlin" mintSessionId={() => 'ses_x'} revokeSessionId={(id) => id} maxAttempts={3} attributes={{ title: 'Sales' }} />;
// The session: sessionEndpoint, or mintSessionId and revokeSessionId; both do not compile.
<SvcEmbed {...base} sessionEndpoint="/api/embed-session" />;
// @ts-expect-error sessionEndpoint or mintSessionId, not both
<SvcEmbed {...base} sessionEndpoint="/api/embed-session" mintSessionId={() => 'ses_x'} />;
// @ts-expect-error sessionEndpoint or revokeSessionId, not both
<SvcEmbed {...base} sessionEndpoint="/api/embed-session" revokeSessionId={(id) => id} />;
// lazy, timings and syncUrl take what whenVisible(), recordTimings() and urlParam() make.
<SvcEmbed {...base} sessionEndpoint="/api/embed-session" lazy={whenVisible()} timings={recordTimings()} syncUrl={urlParam('dash')} />;
// @ts-expect-error lazy takes whenVisible(), not a boolean
<SvcEmbed {...base} lazy />;
// @ts-expect-error syncUrl takes urlParam('dash'), not a bare name
<SvcEmbed {...base} syncUrl="dash" />;
// @ts-expect-error the component makes its own container
<SvcEmbed {...base} container="#analytics" />;
// @ts-expect-error baseUrl is required
<SvcEmbed mode="private" publicId="d-42" />;
// What to load is required: publicId or src, not both, not neither.
<SvcEmbed mode="private" baseUrl="https://tenant.example" src="https://tenant.example/embed/chat" />;
// @ts-expect-error publicId or src is missing
<SvcEmbed baseUrl="https://tenant.example" mintSessionId={() => 'ses_x'} />;
// @ts-expect-error publicId or src, not both
<SvcEmbed mode="private" baseUrl="https://tenant.example" publicId="d-42" src="https://tenant.example/embed/chat" />;
// @ts-expect-error the component makes its own iframe
<SvcEmbed {...base} iframe={document.createElement('iframe')} />;

// Signed or private, said out loud (issue 39).
// @ts-expect-error neither a session nor mode: 'private'
<SvcEmbed {...base} />;
// @ts-expect-error a signed option beside mode: 'private'
<SvcEmbed {...open} sessionEndpoint="/api/embed-session" />;
// @ts-expect-error an unknown prop (a typo of sessionEndpoint)
<SvcEmbed {...base} sessionEndPoint="/api/embed-session" />;

// Settings that follow as actions take the protocol's literal unions.
<SvcEmbed {...open} colorScheme="dark" locale="de-DE" theme={{ primaryColor: '#0b5', borderRadius: 8 }} />;
// @ts-expect-error not a color scheme
<SvcEmbed {...base} colorScheme="sepia" />;

// ref is the Embed; className and style go to the container.
const ref = createRef<Embed | undefined>();
<SvcEmbed {...open} ref={ref} className="analytics" style={{ height: 640 }} />;
ref.current?.setColorScheme('light');

// useEmbed returns the container ref and the embed.
function Hooked() {
  const { ref: container, embed } = useEmbed({ ...open, onReady: (payload) => payload.mode });
  embed?.refresh();
  // @ts-expect-error useEmbed takes no className (that belongs to the element you render)
  useEmbed({ ...base, className: 'x' });
  // @ts-expect-error useEmbed needs publicId or src
  useEmbed({ baseUrl: 'https://tenant.example' });
  // @ts-expect-error sessionEndpoint or mintSessionId, not both
  useEmbed({ ...base, sessionEndpoint: '/api/embed-session', mintSessionId: () => 'ses_x' });
  const dash = useUrlAdapter({ value: null, write: () => undefined });
  useEmbed({ ...base, sessionEndpoint: '/api/embed-session', syncUrl: dash });
  return <div ref={container} />;
}

// The provider and its hook.
function SignOut() {
  const { logout, ledger } = useSessionLedger();
  void ledger;
  return <button type="button" onClick={() => logout().then(({ revoked, failed }) => [revoked.length, failed.length])}>Sign out</button>;
}
<SessionLedgerProvider><Hooked /><SignOut /></SessionLedgerProvider>;

const props: SvcEmbedProps = { ...open };
void props;

// usePreloadEmbed: preloadEmbed's options (with a keepAlive), or null for none.
export function Preloading({ on }: { on: boolean }) {
  usePreloadEmbed(on ? { baseUrl: 'https://tenant.example', publicId: 'd-42', sessionEndpoint: '/api/embed-session', keepAlive: keepAlive('reports') } : null);
  // @ts-expect-error a preload needs its keepAlive (the key that adopts it)
  usePreloadEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', sessionEndpoint: '/api/embed-session' });
  return <SvcEmbed baseUrl="https://tenant.example" publicId="d-42" sessionEndpoint="/api/embed-session" keepAlive={keepAlive('reports')} firstSession={sessionFromPage()} />;
}
