// An embedded surface's own tests, as a team that builds one writes them: it applies the host's
// filter, exchanges a new session id, and lets nothing through from other origins or windows.
import { createFrame } from '@svc-embed/frame';
import { cleanup, createFakeHost } from '@svc-embed/testing';

let frame;
afterEach(() => {
  frame?.destroy();
  cleanup();
});

describe('the surface', () => {
  it('tells the host it is ready and applies its filter', async () => {
    const host = createFakeHost({ hostOrigin: 'https://customer.example' });
    frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: ['https://customer.example'] });
    const applied = [];
    frame.on('set-filter', ({ filterUrlParameter }) => applied.push(filterUrlParameter));
    frame.ready({ embedTenant: 'acme', deploymentId: 7, publicId: 'd-42' });
    expect((await host.waitForEvent('ready')).payload).toMatchObject({ mode: 'private', publicId: 'd-42' });
    host.send('set-filter', { filterUrlParameter: 'f_orders.status={"value":"completed"}' });
    expect(applied).toEqual(['f_orders.status={"value":"completed"}']);
  });

  it('exchanges the id of a set-session', async () => {
    const host = createFakeHost({ hostOrigin: 'https://customer.example' });
    const exchanged = [];
    frame = createFrame({
      surface: 'dashboard', mode: 'signed', hostOrigins: ['https://customer.example'],
      session: { expiresAt: Date.now() + 3_600_000, exchange: async (sessionId) => (exchanged.push(sessionId), { expiresAt: Date.now() + 3_600_000 }) },
    });
    frame.ready({ embedTenant: 'acme', deploymentId: 7 });
    host.setSession('ses_renewed');
    for (let i = 0; i < 50 && exchanged.length === 0; i += 1) await Promise.resolve();
    expect(exchanged).toEqual(['ses_renewed']);
  });

  it('lets nothing through from another origin or another window', () => {
    const host = createFakeHost({ hostOrigin: 'https://customer.example' });
    frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: ['https://customer.example'] });
    const schemes = [];
    frame.on('set-color-scheme', ({ scheme }) => schemes.push(scheme));
    frame.ready({ embedTenant: 'acme', deploymentId: 7 });
    host.poseAs({ origin: 'https://customer.example.evil.test' }).send('set-color-scheme', { scheme: 'dark' });
    host.poseAs({ otherWindow: true }).send('set-color-scheme', { scheme: 'dark' });
    expect(schemes).toEqual([]);
  });
});
