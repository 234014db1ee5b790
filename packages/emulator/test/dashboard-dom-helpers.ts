// Loads the emulator's embedded dashboard into a happy-dom document, driven by the test kit's fake
// host, against a real emulator on loopback (run as its command line: the test file's globals are
// happy-dom's). The dashboard module runs once per document, so each test file loads one dashboard.
import { createFakeHost, type FakeHost } from '@svc-embed/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const HOST = 'https://customer.example';

/** Starts an emulator for the file (framed only by HOST) and gives its URL once it listens. */
export function useEmulator(): { url: string } {
  const emulator = { url: '' };
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    child = spawn(process.execPath, [join(__dirname, '..', 'bin', 'svc-embed-emulator.js'), '--port', '0', '--hostname', '127.0.0.1', '--host-origin', HOST, '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
    emulator.url = await new Promise<string>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => {
        const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString())?.[1];
        if (url) resolve(url);
      });
      child!.once('exit', (code) => reject(new Error(`the emulator exited (${code})`)));
    });
    // The page lives on the emulator's origin, so its requests are same-origin (happy-dom applies CORS).
    window.happyDOM.setURL(`${emulator.url}/`);
  });
  afterAll(async () => {
    // Stop the page's requests and timers first, then the service they talk to.
    await window.happyDOM.abort();
    child?.kill();
  });
  return emulator;
}

/** Mints a session id at the emulator, as the host page's backend would. */
export async function mintAt(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/embed/generate-session`, {
    method: 'POST', headers: { Authorization: 'Bearer emulator-dev-key', 'Content-Type': 'application/json' }, body: JSON.stringify({ deploymentId: 42, externalId: 'ada' }),
  });
  return ((await response.json()) as { sessionId: string }).sessionId;
}

/** Loads the dashboard page at `path` into this document (its config, the frame half, its module). */
export async function openDashboard(url: string, path: string): Promise<FakeHost> {
  const html = await (await fetch(`${url}${path}`)).text();
  const config = /<script id="svc-embed-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
  window.happyDOM.setURL(`${url}${path}`);
  const script = document.createElement('script');
  script.id = 'svc-embed-config';
  script.type = 'application/json';
  script.textContent = config;
  const app = document.createElement('div');
  app.id = 'app';
  document.body.replaceChildren(script, app);
  const host = createFakeHost({ hostOrigin: HOST });
  (window as unknown as { SvcEmbedFrame: unknown }).SvcEmbedFrame = await import('@svc-embed/frame');
  // @ts-expect-error the dashboard app is plain JavaScript with no declarations
  await import('../public/app/main.js');
  await host.waitForEvent('dashboard-loaded', { timeoutMs: 10_000 });
  return host;
}
