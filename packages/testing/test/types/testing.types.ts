// Type tests for @svc-embed/testing (against the built package): every line marked @ts-expect-error
// must fail to compile, every other line must compile.
import { createEmbed } from '@svc-embed/host';
import { attachFakeFrame, cleanup, createFakeHost, createFakeSessions, TestKitError } from '@svc-embed/testing';

const embed = createEmbed({ mode: 'private', baseUrl: 'https://tenant.example', publicId: 'd-42', container: document.body });
const frame = attachFakeFrame(embed);
attachFakeFrame(embed.iframe, { tenantOrigin: 'https://tenant.example', surface: 'chat', timeoutMs: 100 });
// @ts-expect-error a fake frame goes behind an embed or an iframe
attachFakeFrame(document.body);

frame.emit('download', { format: 'csv', target: 'dashboard', rowCount: 3 });
// @ts-expect-error not a download format
frame.emit('download', { format: 'docx', target: 'dashboard' });
// @ts-expect-error no such event
frame.emit('downloaded', {});
frame.ready({ publicId: 'd-42' });

// Actions are typed by name.
void frame.waitForAction('set-color-scheme').then((action) => action.payload.scheme satisfies 'light' | 'dark' | 'auto');
void frame.waitForAction('set-session').then((action) => action.payload.sessionId.toUpperCase());
// @ts-expect-error no such action
void frame.waitForAction('set-colour-scheme');
const ids: readonly string[] = frame.sessionIds;

const host = createFakeHost({ hostOrigin: 'https://customer.example' });
host.send('set-filter', { filterUrlParameter: 'f_orders.status={"value":"x"}' });
// @ts-expect-error the payload of set-filter is a filterUrlParameter
host.send('set-filter', { view: 'orders' });
void host.waitForEvent('ready').then((event) => event.payload.mode satisfies 'signed' | 'private');
host.poseAs({ origin: 'https://evil.example', otherWindow: true }).send('refresh', undefined);

const sessions = createFakeSessions({ prefix: 'ses_' });
const mint: () => Promise<string> = sessions.mintSessionId;
sessions.slowNextMint(100);
// @ts-expect-error a delay is a number of ms
sessions.slowNextMint('1s');

const error = new TestKitError('host-bug', 'x');
error.code satisfies 'host-bug' | 'surface-bug' | 'timeout' | 'invalid-argument' | 'cleaned-up';
cleanup();
void ids;
void mint;
