// The warm-up of a signed embed (issue 22, item 2), in the three engines: while the first id is
// minted, a hidden, sandboxed iframe of the tenant loads the session-exchange endpoint by GET; the
// embed's URL then loads over a connection that warm-up opened (no new connection is opened for it);
// the warm-up is gone once the URL is set, the viewer never sees it, and the tab's history has no
// entry more. The tenant is reached through a TCP proxy in front of the emulator that records which
// connection carried which request. Everything waits for conditions.
import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useSuite } from './harness.js';

const suite = useSuite();

/** Each request line the browser sent to the tenant, with the number of the connection it came on. */
const requests: { connection: number; line: string }[] = [];
let connections = 0;
let proxy: Server;
const sockets = new Set<Socket>();
let tenant = '';

beforeAll(async () => {
  const target = new URL(suite.demo.serviceUrl);
  proxy = createTcpServer((client) => {
    connections += 1;
    const connection = connections;
    const upstream = connect(Number(target.port), '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      const line = chunk.toString('latin1').split('\r\n', 1)[0] ?? '';
      if (/^[A-Z]+ \//.test(line)) requests.push({ connection, line });
    });
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, 'localhost', resolve));
  tenant = `http://localhost:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
});

it('while the id is minted, a hidden warm-up opens the connection the embed URL then loads over; it goes, and adds no history entry', async () => {
  const { demo, page } = suite;
  demo.addPage('/warm-up.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Warm-up</title><script src="/vendor/svc-embed.min.js"></script></head>
<body><div id="slot" style="height: 400px"></div><script>
window.__historyBefore = history.length;
window.__embed = SvcEmbed.createEmbed({ baseUrl: ${JSON.stringify(tenant)}, publicId: 'sales-overview', container: '#slot', sessionEndpoint: '/api/embed-session', timings: SvcEmbed.recordTimings() });
</script></body></html>`);
  const release = demo.holdNextMint();
  await page.goto(`${demo.hostUrl}/warm-up.html`);

  // Minting: the warm-up is next to the embed's iframe, hidden and sandboxed, and its GET reached the tenant.
  expect(await page.evaluate(() => (window as any).__embed.state)).toBe('minting');
  const warm = await page.evaluate(() => {
    const [embedFrame, warmUp] = [...document.querySelectorAll('#slot iframe')] as HTMLIFrameElement[];
    return {
      count: document.querySelectorAll('iframe').length,
      first: embedFrame === (window as any).__embed.iframe,
      src: warmUp?.src,
      sandbox: warmUp?.getAttribute('sandbox'),
      display: warmUp && getComputedStyle(warmUp).display,
      box: warmUp && warmUp.getBoundingClientRect().width * warmUp.getBoundingClientRect().height,
    };
  });
  expect(warm).toEqual({ count: 2, first: true, src: `${tenant}/api/v1/embed/session/token`, sandbox: '', display: 'none', box: 0 });
  await expect.poll(() => requests.some((request) => request.line.startsWith('GET /api/v1/embed/session/token ')), { timeout: 15_000 }).toBe(true);
  const warmConnections = connections;

  release();
  await page.waitFor(() => (window as any).__embed.state === 'ready', undefined, { timeout: 20_000 });

  // The embed's URL came on a connection the warm-up opened: none was opened for it.
  const navigation = requests.find((request) => request.line.startsWith('GET /embed/dashboard/sales-overview?session='));
  expect(navigation?.connection).toBeLessThanOrEqual(warmConnections);
  // Gone once the URL was set; the tab's history as it was.
  const after = await page.evaluate(() => ({
    iframes: document.querySelectorAll('iframe').length,
    historyAdded: history.length - (window as any).__historyBefore,
    srcSet: (window as any).__embed.timings.srcSet !== undefined,
  }));
  expect(after).toEqual({ iframes: 1, historyAdded: 0, srcSet: true });
});
