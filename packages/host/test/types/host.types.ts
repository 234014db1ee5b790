// Type tests for @svc-embed/host: every line marked @ts-expect-error must fail to compile, every
// other line must compile. Checked by types.node.test.ts (tsc -p on this folder).
import {
  createEmbed, createSessionLedger, EMBED_ERROR_CODES, EmbedError,
  type EmbedErrorCode, type EmbedOptions, type LogoutResult, type RenewalFailure,
} from '../../src/index.js';

const embed = createEmbed({ baseUrl: 'https://tenant.example', publicId: 'd-42', container: '#analytics' });
// @ts-expect-error baseUrl is required
createEmbed({ publicId: 'd-42', container: '#analytics' });
// @ts-expect-error mintSessionId returns an id, not an object
createEmbed({ baseUrl: 'https://t.example', mintSessionId: () => ({ sessionId: 'x' }) });
createEmbed({ baseUrl: 'https://t.example', src: 'https://t.example/embed/chat', mintSessionId: async () => 'id', ledger: createSessionLedger() });
// @ts-expect-error debug is a boolean or a logger
createEmbed({ baseUrl: 'https://t.example', publicId: 'd', debug: 'yes' });

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
const ready: Promise<{ mode: 'signed' | 'private'; embedTenant: string | null }> = embed.ready;
const logout: Promise<LogoutResult> = embed.logout();
const renewal: Promise<void> = embed.renewSession();
const codes: EmbedErrorCode[] = Object.values(EMBED_ERROR_CODES);
const error = new EmbedError('mint-timeout', 'slow');
// @ts-expect-error not a code
new EmbedError('slow', 'x');
const options: Partial<EmbedOptions> = { readyTimeoutMs: 0, maxAttempts: 2, retryDelayMs: 10, mintTimeoutMs: 1 };
void [ready, logout, renewal, codes, error, options];

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
