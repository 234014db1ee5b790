// Type tests for @svc-embed/host: every line marked @ts-expect-error must fail to compile, every
// other line must compile. Checked by types.node.test.ts (tsc -p on this folder).
import {
  createEmbed, createSessionLedger, EMBED_ERROR_CODES, EmbedError, recordTimings, syncUrl, urlParam, whenVisible,
  type EmbedErrorCode, type EmbedOptions, type EmbedPlace, type EmbedSession, type EmbedSettings, type EmbedSurface, type EmbedTimings, type LogoutResult,
  type RenewalFailure, type UrlAdapter, type UrlSync,
} from '../../src/index.js';

const embed = createEmbed({ mode: 'private', baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#analytics' });
// @ts-expect-error baseUrl is required
createEmbed({ mode: 'private', publicId: 'd-42', container: '#analytics' });
// @ts-expect-error mintSessionId returns an id, not an object
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', mintSessionId: () => ({ sessionId: 'x' }) });
createEmbed({ baseUrl: 'https://t.example', src: 'https://t.example/embed/chat', container: '#a', mintSessionId: async () => 'id', ledger: createSessionLedger() });

// A place (container or iframe) and a surface (publicId, src, or the wrapped iframe's own src) are required.
const frame = document.createElement('iframe');
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', iframe: frame, removeIframe: true });
createEmbed({ mode: 'private', baseUrl: 'https://t.example', src: 'https://t.example/embed/chat', iframe: frame });
createEmbed({ mode: 'private', baseUrl: 'https://t.example', iframe: frame });
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: document.body });
// @ts-expect-error a created iframe needs publicId or src to load
createEmbed({ mode: 'private', baseUrl: 'https://t.example', container: '#a' });
// @ts-expect-error no place: container or iframe is missing
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd' });
// @ts-expect-error no place and no surface
createEmbed({ baseUrl: 'https://t.example', mintSessionId: () => 'id' });
// @ts-expect-error publicId or src, not both
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', src: 'https://t.example/embed/chat', container: '#a' });
// @ts-expect-error container or iframe, not both
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: '#a', iframe: frame });
// @ts-expect-error publicId is a string
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 42, container: '#a' });
// Options built apart keep their shape: a variable of a union member passes, the fields stay readable.
const dashboardOptions: EmbedOptions = { mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: '#a' };
createEmbed(dashboardOptions);
const surface: EmbedSurface = Math.random() > 0.5 ? { publicId: 'd' } : { src: 'https://t.example/embed/chat' };
const place: EmbedPlace = { container: '#a' };
createEmbed({ mode: 'private', baseUrl: 'https://t.example', ...surface, ...place });
const settings: EmbedSettings = { baseUrl: 'https://t.example', allowExport: true };
createEmbed({ ...settings, mode: 'private', publicId: 'd', container: '#a' });
const maybeId: string | undefined = dashboardOptions.publicId;
void maybeId;
// The session: a sessionEndpoint, or mintSessionId and revokeSessionId; both do not compile.
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', sessionEndpoint: '/api/embed-session' });
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', mintSessionId: () => 'id', revokeSessionId: () => undefined });
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', iframe: frame, sessionEndpoint: '/api/embed-session', ledger: createSessionLedger() });
// @ts-expect-error sessionEndpoint or mintSessionId, not both
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', sessionEndpoint: '/api/embed-session', mintSessionId: () => 'id' });
// @ts-expect-error sessionEndpoint or revokeSessionId, not both
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', sessionEndpoint: '/api/embed-session', revokeSessionId: () => undefined });
// @ts-expect-error sessionEndpoint or the two functions, not all three
createEmbed({ baseUrl: 'https://t.example', src: 'https://t.example/embed/chat', iframe: frame, sessionEndpoint: '/x', mintSessionId: () => 'id', revokeSessionId: () => undefined });
// @ts-expect-error sessionEndpoint is a string
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', sessionEndpoint: true });
// Signed or private, said out loud (issue 39).
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', mode: 'private' });
// @ts-expect-error neither a session nor mode: 'private'
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a' });
// @ts-expect-error a signed option beside mode: 'private'
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', mode: 'private', sessionEndpoint: '/api/embed-session' });
// @ts-expect-error a signed option beside mode: 'private'
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', mode: 'private', mintSessionId: () => 'id' });
// @ts-expect-error private is the only mode
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', mode: 'public' });
// @ts-expect-error an unknown option (a typo of sessionEndpoint)
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', sessionEndPoint: '/api/embed-session' });
// @ts-expect-error an unknown option beside a valid session (allowExports for allowExport)
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', sessionEndpoint: '/api/embed-session', allowExports: true });
const session: EmbedSession = Math.random() > 0.5 ? { sessionEndpoint: '/api/embed-session' } : { mintSessionId: () => 'id' };
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', container: '#a', ...session });
const endpointOptions: EmbedOptions = { baseUrl: 'https://t.example', publicId: 'd', container: '#a', sessionEndpoint: '/api/embed-session' };
// @ts-expect-error a variable of the options type keeps the rule
const bothOptions: EmbedOptions = { baseUrl: 'https://t.example', publicId: 'd', container: '#a', sessionEndpoint: '/api/embed-session', mintSessionId: () => 'id' };
void [endpointOptions, bothOptions];

// lazy and timings take what whenVisible() and recordTimings() make (imported only where used).
const timed = createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: '#a', lazy: whenVisible({ rootMargin: '400px' }), timings: recordTimings() });
const timings: Readonly<EmbedTimings> | undefined = timed.timings;
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: '#a', lazy: ({ start }) => {
  start();
  return () => undefined;
} });
// @ts-expect-error lazy takes whenVisible(), not a boolean
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: '#a', lazy: true });
// @ts-expect-error lazy takes whenVisible(), not its options
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: '#a', lazy: { rootMargin: '400px' } });
// @ts-expect-error timings takes recordTimings(), not a boolean
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: '#a', timings: true });
// @ts-expect-error the timings may be absent (no timings option)
const ready: number = timed.timings.created;
// @ts-expect-error rootMargin is a string
whenVisible({ rootMargin: 400 });
void [timings, ready];

// syncUrl, and the UrlSync values the bindings' syncUrl prop takes.
const stop: () => void = syncUrl(timed, { param: 'dash', history: 'replace' });
const param: UrlSync = urlParam('dash', { history: 'replace' });
declare const router: UrlAdapter;
const routed: UrlSync = { follow: (embed) => syncUrl(embed, { adapter: router }) };
const stopped: () => void = param.follow(timed);
// @ts-expect-error history is push or replace
urlParam('dash', { history: 'always' });
void [stop, routed, stopped];

// @ts-expect-error debug is a boolean or a logger
createEmbed({ mode: 'private', baseUrl: 'https://t.example', publicId: 'd', container: '#a', debug: 'yes' });

// Listeners: payloads and messages typed by event name.
embed.on('download', (payload, message) => {
  const format: 'csv' | 'xlsx' | 'png' | 'pdf' = payload.format;
  const type: 'svc:event:download' = message.type;
  const surface: 'dashboard' | 'app' | 'chat' = message.surface;
  void [format, type, surface];
});
embed.on('session-expiring', ({ expiresAt, expiresInMs }) => expiresAt + expiresInMs);
// @ts-expect-error no such field on download
embed.on('download', (payload) => payload.rows);
// @ts-expect-error not an event name
embed.on('downloaded', () => {});
embed.on('*', (payload, message) => {
  // @ts-expect-error the payload of "*" is unknown until narrowed
  payload.format;
  const type: string = message.type;
  void type;
});
const off: () => void = embed.once('ready', (payload) => payload.mode === 'signed');
off();

// Host-side notifications are typed too, and are not wire events.
embed.on('renewed', ({ trigger, attempts }) => `${trigger} ${attempts}`);
embed.on('renewal-failed', (info: RenewalFailure) => {
  const code: EmbedErrorCode = info.error.code;
  void code;
});
// @ts-expect-error notifications get one detail object, not (payload, message)
embed.on('renewed', (_info, message: { type: string }) => message);

// Actions: typed arguments.
embed.setColorScheme('dark');
// @ts-expect-error not a scheme
embed.setColorScheme('sepia');
embed.setTheme({ primaryColor: '#0b5', borderRadius: 8, font: 'Inter', analyticsChat: { backgroundColor: '#fff' } });
// @ts-expect-error borderRadius is a string or a number
embed.setTheme({ borderRadius: true });
embed.setFilter('orders', 'status', 'completed');
embed.setFilter('f_orders.status={"value":"completed"}');
// @ts-expect-error a view and a dimension need a value
embed.setFilter('orders', 'status');
embed.refresh();
// @ts-expect-error refresh takes nothing
embed.refresh({});
// @ts-expect-error unknown action method
embed.setColourScheme('dark');

// Ready, logout, errors.
const readyPayload: Promise<{ mode: 'signed' | 'private'; embedTenant: string | null }> = embed.ready;
const logout: Promise<LogoutResult> = embed.logout();
const renewal: Promise<void> = embed.renewSession();
const codes: EmbedErrorCode[] = Object.values(EMBED_ERROR_CODES);
const error = new EmbedError('mint-timeout', 'slow');
// @ts-expect-error not a code
new EmbedError('slow', 'x');
const options: Partial<EmbedOptions> = { readyTimeoutMs: 0, maxAttempts: 2, retryDelayMs: 10, mintTimeoutMs: 1 };
void [readyPayload, logout, renewal, codes, error, options];

// The <svc-embed> element: typed by its tag name once the entry is imported.
import { defineSvcEmbedElement, type SvcEmbedElement } from '@svc-embed/host/element';
const element: SvcEmbedElement = document.createElement('svc-embed');
element.setColorScheme('dark');
// @ts-expect-error not a color scheme
element.setColorScheme('sepia');
element.allowExport = true;
// @ts-expect-error allowExport is a boolean
element.allowExport = 'yes';
element.mintSessionId = () => 'ses_x';
void element.logout().then(({ revoked }) => revoked.length);
defineSvcEmbedElement(customElements, 'my-embed');

// Its events: every svc-* event in HTMLElementEventMap (and DocumentEventMap, as they bubble), detail typed.
element.addEventListener('svc-download', (event) => {
  const format: 'csv' | 'xlsx' | 'png' | 'pdf' = event.detail.format;
  void format;
});
element.addEventListener('svc-ready', (event) => event.detail.mode satisfies 'signed' | 'private');
element.addEventListener('svc-session-expiring', (event) => event.detail.expiresInMs satisfies number);
element.addEventListener('svc-renewed', (event) => event.detail.attempts satisfies number);
element.addEventListener('svc-renewal-failed', (event) => event.detail.error.code satisfies EmbedErrorCode);
document.addEventListener('svc-error', (event) => event.detail.message satisfies string);
document.querySelector('svc-embed')?.addEventListener('svc-dashboard-loaded', (event) => event.detail.widgetCount);
// @ts-expect-error no such field on the download payload
element.addEventListener('svc-download', (event) => event.detail.rows);
// @ts-expect-error renewed details have no error
element.addEventListener('svc-renewed', (event) => event.detail.error);
// Other events keep their own types.
element.addEventListener('click', (event) => event.clientX satisfies number);
