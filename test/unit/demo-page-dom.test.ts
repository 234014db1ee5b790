/**
 * @vitest-environment happy-dom
 */
// The demo's script-tag page in happy-dom, read with @testing-library/dom as a person reads it: its
// real backend (the demo server, in a process of its own) mints the ids, and the test kit's fake
// frames play the two dashboards behind the page's iframes. The controls send actions to the chosen
// embed, the event log lists what the embeds report, and the session panel's logout revokes every id.
import { createEmbed, createSessionLedger } from '@svc-embed/host';
import { attachFakeFrame, cleanup, type FakeFrame } from '@svc-embed/testing';
import { findByText, fireEvent, getByRole, waitFor, within } from '@testing-library/dom';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error the demo page's app is plain JavaScript with no declarations
import { mountDemo } from '../../demo/public/app/demo.js';

const ROOT = join(__dirname, '..', '..');
let child: ChildProcess;
let hostUrl = '';

beforeAll(async () => {
  child = spawn(process.execPath, [join(ROOT, 'demo', 'server.mjs'), '--host-port', '0', '--service-port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  hostUrl = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const url = /host page \(script tag\): (http:\/\/127\.0\.0\.1:\d+)\//.exec(text)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`the demo exited (${code})`)));
  });
  window.happyDOM.setURL(`${hostUrl}/`);
});

afterAll(async () => {
  cleanup();
  await window.happyDOM.abort();
  child?.kill();
});

it('controls, event log and session panel work against fake dashboards', async () => {
  // The page as served (its markup and configuration), then its app on the host SDK.
  const html = await (await fetch(`${hostUrl}/`)).text();
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!.replace(/<script[\s\S]*?<\/script>/g, '');
  const config = /<script id="demo-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const data = document.createElement('script');
  data.id = 'demo-config';
  data.type = 'application/json';
  data.textContent = config;
  document.head.append(data);
  mountDemo({ createEmbed, createSessionLedger }, { build: 'script' });

  // Each embed minted through the page's backend; fake frames answer for the dashboards.
  const frames: Record<string, FakeFrame> = {};
  for (const key of ['a', 'b']) {
    // In the page once its first mint's request is out (the mint first, issue 42).
    const iframe = await waitFor(() => {
      const found = document.querySelector<HTMLIFrameElement>(`iframe[data-embed="${key}"]`);
      if (!found) throw new Error(`no iframe of embed ${key} yet`);
      return found;
    });
    await waitFor(() => expect(iframe.getAttribute('src')).toContain('session='), { timeout: 5_000 });
    frames[key] = attachFakeFrame(iframe);
    frames[key]!.ready({ publicId: key === 'a' ? 'sales-overview' : 'support-ops' });
  }
  const panel = document.getElementById('session-panel')!;
  await waitFor(() => expect(within(panel).getAllByText('active')).toHaveLength(2));

  // The controls: choose embed B, then "dark": only B's dashboard gets set-color-scheme.
  fireEvent.change(getByRole(document.body, 'combobox', { name: /send to/i }), { target: { value: 'b' } });
  fireEvent.click(document.querySelector('#controls [data-action="dark"]')!);
  expect((await frames.b!.waitForAction('set-color-scheme')).payload).toEqual({ scheme: 'dark' });
  expect(frames.a!.actions.map((action) => action.name)).not.toContain('set-color-scheme');

  // The event log lists what a dashboard reports.
  frames.a!.emit('download', { format: 'csv', target: 'widget', widgetId: 'bar-region', rowCount: 4 });
  const log = document.getElementById('event-log')!;
  expect(await findByText(log, 'download')).toBeTruthy();
  expect(within(log).getByText(/"rowCount":4/)).toBeTruthy();

  // The session panel's logout revokes every id at the service.
  fireEvent.click(getByRole(panel, 'button', { name: 'Log out (revoke every id)' }));
  expect(await findByText(panel, /2 ids revoked/, {}, { timeout: 5_000 })).toBeTruthy();
  expect(document.querySelectorAll('iframe')).toHaveLength(0);
  frames.a!.assertNoHostBugs();
  frames.b!.assertNoHostBugs();
});
