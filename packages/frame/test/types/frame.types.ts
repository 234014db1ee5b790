// Type tests for @svc-embed/frame: every line under @ts-expect-error must fail to compile, every
// other line must compile. Checked by ../types.node.test.ts (tsc --noEmit on this folder).
import { createFrame, type FrameSession, type SessionState } from '../../src/index.js';

const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: ['https://customer.example'] });
createFrame({ surface: 'app', mode: 'signed', hostOrigins: (origin) => origin.endsWith('.customer.example'), session: { expiresAt: 1, exchange: async () => ({ expiresAt: 2 }) } });
// @ts-expect-error unknown surface
createFrame({ surface: 'report', mode: 'private', hostOrigins: [] });
// @ts-expect-error hostOrigins is required
createFrame({ surface: 'chat', mode: 'private' });
// @ts-expect-error exchange must resolve with { expiresAt }
createFrame({ surface: 'chat', mode: 'signed', hostOrigins: [], session: { expiresAt: 1, exchange: async () => 'token' } });

// ready: mode and surface come from the options.
frame.ready({ embedTenant: 'acme', deploymentId: 7, publicId: 'd-42' });
frame.ready({ embedTenant: null, deploymentId: null });
// @ts-expect-error deploymentId is a number or null
frame.ready({ embedTenant: null, deploymentId: '7' });

// emit: names and payloads from the catalog.
frame.emit('download', { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 120 });
frame.emit('ai-query', { query: 'q', status: 'submitted' });
// @ts-expect-error format out of the list
frame.emit('download', { format: 'docx', target: 'widget' });
// @ts-expect-error unknown event
frame.emit('downloaded', {});
// @ts-expect-error ready has its own method
frame.emit('ready', { embedTenant: null, deploymentId: null, mode: 'private', surface: 'dashboard' });
// @ts-expect-error session events are the frame's own
frame.emit('session-expired', { expiredAt: 1 });

frame.navigated('/page/2', { title: 'Revenue' });
// @ts-expect-error title is a string
frame.navigated('/page/2', { title: 2 });

// on: typed payloads per action; set-session is not delivered.
const off: () => void = frame.on('set-color-scheme', ({ scheme }) => {
  const s: 'light' | 'dark' | 'auto' = scheme;
  return s;
});
off();
frame.on('set-filter', (payload, message) => [payload.filterUrlParameter.length, message.timestamp]);
frame.on('refresh', (payload) => {
  // @ts-expect-error refresh has no payload
  payload.anything;
});
frame.on('*', (message) => message.type);
// @ts-expect-error scheme is not a number
frame.on('set-color-scheme', ({ scheme }) => scheme.toFixed());
// @ts-expect-error set-session is consumed by the frame
frame.on('set-session', () => {});
// @ts-expect-error unknown action
frame.on('set-colour-scheme', () => {});

// session state
const session: FrameSession | undefined = frame.session;
const state: SessionState | undefined = session?.state;
// @ts-expect-error the state is one of three
const wrong: typeof state = 'renewing';
frame.onSessionChange(({ state, expiresAt }) => [state, expiresAt.toFixed()]);
// @ts-expect-error session is read-only
frame.session = undefined;

// color scheme
frame.followColorScheme('auto', (resolved) => {
  const r: 'light' | 'dark' = resolved;
  return r;
});
// @ts-expect-error auto is resolved before apply is called
frame.followColorScheme('auto', (resolved: 'auto') => resolved);

export { wrong };
