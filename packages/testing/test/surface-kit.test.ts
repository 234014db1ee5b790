// The surface-side kit against the real createFrame: a fake host that sends typed actions and
// session ids, records the surface's events, and poses as strangers whose messages must not land.
import { createFrame } from '@svc-embed/frame';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, createFakeHost } from '../src/index.js';

const HOST = 'https://customer.example';
afterEach(cleanup);

describe('createFakeHost', () => {
  it('receives the events the surface sends, and sends it typed actions', async () => {
    const host = createFakeHost({ hostOrigin: HOST });
    const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST] });
    const filters = vi.fn();
    frame.on('set-filter', filters);
    frame.ready({ embedTenant: 'acme', deploymentId: 7, publicId: 'd-42' });
    expect((await host.waitForEvent('ready')).payload).toMatchObject({ mode: 'private', publicId: 'd-42' });
    host.send('set-filter', { filterUrlParameter: 'f_orders.status={"value":"completed"}' });
    expect(filters).toHaveBeenCalledWith({ filterUrlParameter: 'f_orders.status={"value":"completed"}' }, expect.anything());
    frame.navigated('/orders', { title: 'Orders' });
    expect(host.events.map((event) => event.name)).toEqual(['ready', 'navigate', 'view']);
    frame.destroy();
  });

  it('setSession reaches the exchange of a signed surface', async () => {
    const host = createFakeHost({ hostOrigin: HOST });
    const exchange = vi.fn(async () => ({ expiresAt: Date.now() + 3_600_000 }));
    const frame = createFrame({ surface: 'dashboard', mode: 'signed', hostOrigins: [HOST], session: { expiresAt: Date.now() + 3_600_000, exchange } });
    frame.ready({ embedTenant: 'acme', deploymentId: 7 });
    host.setSession('ses_new');
    await vi.waitFor(() => expect(exchange).toHaveBeenCalledWith('ses_new'));
    frame.destroy();
  });

  it('a disallowed origin or another window gets nothing through', async () => {
    const host = createFakeHost({ hostOrigin: HOST });
    const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: [HOST] });
    const schemes = vi.fn();
    frame.on('set-color-scheme', schemes);
    frame.ready({ embedTenant: 'acme', deploymentId: 7 });
    host.poseAs({ origin: 'https://customer.example.evil.test' }).send('set-color-scheme', { scheme: 'dark' });
    host.poseAs({ otherWindow: true }).send('set-color-scheme', { scheme: 'dark' });
    expect(schemes).not.toHaveBeenCalled();
    expect(host.events.map((event) => event.name)).toEqual(['ready']); // no error answers to strangers either
    frame.destroy();
  });

  it("a surface that posts to '*' fails the test, naming it", async () => {
    const host = createFakeHost({ hostOrigin: HOST });
    window.parent.postMessage({ any: 'thing' }, '*');
    await expect(host.waitForEvent('ready')).rejects.toMatchObject({ code: 'surface-bug', message: "the surface posted an event to '*': it must post to the host origin https://customer.example only" });
  });

  it('a surface that posts to another origin fails the test, naming both origins', async () => {
    const host = createFakeHost({ hostOrigin: HOST });
    const frame = createFrame({ surface: 'dashboard', mode: 'private', hostOrigins: ['https://elsewhere.example'] });
    frame.ready({ embedTenant: 'acme', deploymentId: 7 });
    await expect(host.waitForEvent('ready')).rejects.toMatchObject({ code: 'surface-bug', message: 'the surface posted to https://elsewhere.example, not the host origin https://customer.example' });
    expect(() => host.assertNoSurfaceBugs()).toThrow('the surface posted to https://elsewhere.example, not the host origin https://customer.example');
    frame.destroy();
  });

  it('cleanup gives the window its own parent back', () => {
    const before = window.parent;
    createFakeHost({ hostOrigin: HOST });
    expect(window.parent).not.toBe(before);
    cleanup();
    expect(window.parent).toBe(before);
  });
});
