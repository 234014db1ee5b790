import { describe, expect, it } from 'vitest';
import { HOST, startEmulator } from './helpers.js';

/** The JSON configuration the page embeds for its script. */
async function pageConfig(response: Response) {
  const html = await response.text();
  const match = /<script id="svc-embed-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error(`no config in:\n${html}`);
  return { html, config: JSON.parse(match[1]!) as Record<string, any> };
}

describe('GET /embed/dashboard/:publicId', () => {
  it('serves a signed page whose frame-ancestors lists exactly the configured host origins', async () => {
    const { call } = await startEmulator({ hostOrigins: [HOST, 'http://[::1]:4301'] });
    const response = await call('/embed/dashboard/sales-overview?session=ses_abc');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy')!;
    expect(/frame-ancestors ([^;]*)/.exec(csp)![1]!.trim()).toBe(`${HOST} http://[::1]:4301`);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const { html, config } = await pageConfig(response);
    expect(html).toContain('<script src="/embed/assets/svc-embed-frame.min.js"></script>');
    expect(config).toMatchObject({ publicId: 'sales-overview', mode: 'signed', sessionId: 'ses_abc', allowExport: false, hostOrigins: [HOST, 'http://[::1]:4301'] });
  });

  it("answers frame-ancestors 'none' when no host origin is configured", async () => {
    const { call } = await startEmulator({ hostOrigins: [] });
    const csp = (await call('/embed/dashboard/sales-overview')).headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves the private-mode URL without a session', async () => {
    const { call } = await startEmulator();
    const { config } = await pageConfig(await call('/embed/dashboard/support-ops'));
    expect(config).toMatchObject({ mode: 'private', sessionId: null, publicId: 'support-ops' });
  });

  it('refuses the private-mode URL when private embedding is off', async () => {
    const { call } = await startEmulator({ allowPrivate: false });
    const response = await call('/embed/dashboard/support-ops');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${HOST}`);
  });

  it.each([
    ['allowExport=true', true],
    ['allowExport=1', false],
    ['allowExport=TRUE', false],
    ['allowExport', false],
    ['allowExport=true ', false],
  ])('with %s, allowExport is %s', async (query, expected) => {
    const { call } = await startEmulator();
    const { config } = await pageConfig(await call(`/embed/dashboard/sales-overview?session=s&${query.replace(' ', '%20')}`));
    expect(config.allowExport).toBe(expected);
  });

  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['%2B05:30', null],
    ['UTC%2B2', null],
    ['Mars/Olympus', null],
  ])('timezone=%s gives %s', async (value, expected) => {
    const { call } = await startEmulator();
    const { config } = await pageConfig(await call(`/embed/dashboard/sales-overview?session=s&timezone=${value}`));
    expect(config.timezone).toBe(expected);
  });

  it('passes filter parameters from the URL through to the page', async () => {
    const { call } = await startEmulator();
    const filter = encodeURIComponent('{"value":"completed"}');
    const { config } = await pageConfig(await call(`/embed/dashboard/sales-overview?session=s&f_orders.status=${filter}`));
    expect(config.filters).toEqual(['f_orders.status={"value":"completed"}']);
  });

  it('cannot be broken out of by a hostile session parameter', async () => {
    const { call } = await startEmulator();
    const hostile = '</script><script>alert(1)</script>';
    const { html, config } = await pageConfig(await call(`/embed/dashboard/sales-overview?session=${encodeURIComponent(hostile)}`));
    expect(config.sessionId).toBe(hostile);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('answers 404 with the same framing policy for an unknown dashboard, 400 for an empty session', async () => {
    const { call } = await startEmulator();
    const missing = await call('/embed/dashboard/no-such-board?session=x');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain(`frame-ancestors ${HOST}`);
    expect((await call('/embed/dashboard/sales-overview?session=')).status).toBe(400);
  });

  it('serves the dashboard app and the frame script, and nothing outside public/app', async () => {
    const { call } = await startEmulator({ frameScript: new URL('./helpers.ts', import.meta.url).pathname });
    const app = await call('/embed/assets/app/main.js');
    expect(app.status).toBe(200);
    expect(app.headers.get('content-type')).toContain('text/javascript');
    expect((await call('/embed/assets/svc-embed-frame.min.js')).status).toBe(200);
    expect((await call('/embed/assets/app/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await call('/embed/assets/app/%2E%2E')).status).toBe(404);
  });

  it('answers 503 naming the build command when the frame script is missing', async () => {
    const { call } = await startEmulator({ frameScript: '/nonexistent/svc-embed-frame.min.js' });
    const response = await call('/embed/assets/svc-embed-frame.min.js');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: expect.stringContaining('scripts/build.mjs') });
  });
});
