// Type tests for @svc-embed/vue (against the built package): every line marked @ts-expect-error
// must fail to compile, every other line must compile. Templates are checked by vue-tsc in the Vue
// example app; here, the same props and emits as a render function or `h()` sees them.
import { sessionFromPage, type Embed } from '@svc-embed/host';
import { keepAlive, recordTimings, SvcEmbed, provideSessionLedger, urlParam, useEmbed, usePreloadEmbed, useRouterUrl, useSessionLedger, useUrlAdapter, whenVisible, type SvcEmbedEmits } from '@svc-embed/vue';
import { shallowRef } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';

type Props = InstanceType<typeof SvcEmbed>['$props'];
const base = { baseUrl: 'https://tenant.example', publicId: 'd-42' } as const;

// Every event is an on<Name> listener with its payload typed by name.
export const download: Props = { ...base, onDownload: (payload) => payload.format satisfies 'csv' | 'xlsx' | 'png' | 'pdf' };
export const loaded: Props = { ...base, onDashboardLoaded: (payload) => payload.widgetCount, onSessionExpiring: (payload, message) => [payload.expiresInMs, message.timestamp] };
export const host: Props = { ...base, onAiQuery: (payload) => payload.status, onRenewed: (info) => info.attempts, onRenewalFailed: (info) => info.error.code };
// @ts-expect-error no such event
export const unknownEvent: Props = { ...base, onDownloaded: () => {} };
// @ts-expect-error the download payload has no rows
export const wrongField: Props = { ...base, onDownload: (payload) => payload.rows };
export const emits: Parameters<SvcEmbedEmits['dashboardLoaded']>[0]['widgetCount'] = 3;

// createEmbed's settings are props; the container and the injected globals are not.
export const settings: Props = { ...base, allowExport: true, timezone: 'Europe/Berlin', mintSessionId: () => 'ses_x', revokeSessionId: (id) => id, maxAttempts: 3, attributes: { title: 'Sales' }, lazy: whenVisible({ rootMargin: '400px' }), timings: recordTimings() };
export const endpoint: Props = { ...base, sessionEndpoint: '/api/embed-session', syncUrl: urlParam('dash') };
// @ts-expect-error lazy takes whenVisible(), not its options
export const lazyOptions: Props = { ...base, lazy: { rootMargin: '400px' } };
// @ts-expect-error sync-url takes urlParam('dash'), not a bare name
export const bareName: Props = { ...base, syncUrl: 'dash' };
// @ts-expect-error the component makes its own container
export const container: Props = { ...base, container: '#analytics' };
// @ts-expect-error baseUrl is required
export const noBase: Props = { publicId: 'd-42' };
// @ts-expect-error not a color scheme
export const sepia: Props = { ...base, colorScheme: 'sepia' };
export const followed: Props = { ...base, colorScheme: 'dark', locale: 'de-DE', theme: { primaryColor: '#0b5', borderRadius: 8 } };

// The template ref: the embed, its state, signed out or not.
declare const instance: InstanceType<typeof SvcEmbed>;
instance.embed?.setColorScheme('light');
export const state: 'ready' | 'failed' | string | undefined = instance.state;
export const out: boolean = instance.signedOut;

// useEmbed: the options (a getter or a plain object), the refs it returns.
export function hooked() {
  const { container: element, embed, state: current, signedOut } = useEmbed(() => ({ ...base, mode: 'private', onReady: (payload) => payload.mode }));
  element.value = null;
  embed.value?.refresh();
  const live: Embed | undefined = embed.value;
  // @ts-expect-error useEmbed needs publicId or src
  useEmbed({ baseUrl: 'https://tenant.example' });
  // @ts-expect-error publicId or src, not both
  useEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', src: 'https://tenant.example/embed/chat' });
  // @ts-expect-error sessionEndpoint or mintSessionId, not both (the component's props cannot say it: createEmbed refuses it)
  useEmbed({ ...base, sessionEndpoint: '/api/embed-session', mintSessionId: () => 'ses_x' });
  // @ts-expect-error sessionEndpoint or revokeSessionId, not both
  useEmbed(() => ({ ...base, sessionEndpoint: '/api/embed-session', revokeSessionId: () => undefined }));
  useEmbed({ ...base, sessionEndpoint: '/api/embed-session', lazy: whenVisible(), timings: recordTimings(), syncUrl: urlParam('dash') });
  // @ts-expect-error useEmbed takes no class (that belongs to the element you bind)
  useEmbed({ ...base, class: 'x' });
  return [live, current.value, signedOut.value];
}

// The ledger, provided and injected.
export function root() {
  const { status, logout, signIn, ledger } = provideSessionLedger();
  const signedIn: boolean = status.value === 'signed-in';
  void logout().then(({ revoked, failed }) => [revoked.length, failed.length]);
  signIn();
  return [signedIn, ledger.value.signedOut, useSessionLedger().status.value];
}

// Deep links: Vue Router's router as it is, or any source.
export function links() {
  const router = createRouter({ history: createMemoryHistory(), routes: [] });
  const dash: Props = { ...base, syncUrl: useRouterUrl({ router, param: 'dash' }) };
  const stored = shallowRef<string | null>(null);
  const own = useUrlAdapter({ value: () => stored.value, write: (path) => { stored.value = path; } });
  // @ts-expect-error the parameter's name is required
  useRouterUrl({ router });
  return [dash, own];
}

// usePreloadEmbed: preloadEmbed's options (with a keepAlive) or null, as a value, a ref or a getter; the first-session prop.
export function preloading(on: boolean) {
  const reports = keepAlive('reports');
  usePreloadEmbed(() => (on ? { baseUrl: 'https://tenant.example', publicId: 'd-42', sessionEndpoint: '/api/embed-session', keepAlive: reports } : null));
  usePreloadEmbed(null);
  // @ts-expect-error a preload needs its keepAlive (the key that adopts it)
  usePreloadEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', sessionEndpoint: '/api/embed-session' });
  const withPage: Props = { ...base, sessionEndpoint: '/api/embed-session', firstSession: sessionFromPage(), keepAlive: reports };
  return withPage;
}
