/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// <SvcEmbed firstSession={sessionFromPage()}>: the first id the server rendered into the page is
// handed to createEmbed (as every prop it knows), so the first load uses it with no mint.
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createSessionLedger, sessionFromPage, type SessionLedger } from '@svc-embed/host';
import { TENANT } from '../../host/test/support/helpers.js';
import { SvcEmbed } from '../src/index.js';

let ledger: SessionLedger;
beforeEach(() => {
  ledger = createSessionLedger();
  sessionStorage.clear();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'svc-embed-session';
  script.textContent = JSON.stringify({ sessionId: 'page-1', expiresAt: Date.now() + 5 * 60_000 });
  document.head.append(script);
});
afterEach(async () => {
  cleanup();
  await ledger.logout();
  document.head.querySelector('#svc-embed-session')?.remove();
});

it("firstSession: the page's id is the first load's, with no mint", async () => {
  const mint = vi.fn(() => 's1');
  const { container } = render(<SvcEmbed baseUrl={TENANT} publicId="d-42" mintSessionId={mint} ledger={ledger} firstSession={sessionFromPage()} />);
  await waitFor(() => expect(container.querySelector('iframe')?.getAttribute('src')).toContain('session=page-1'));
  expect(mint).not.toHaveBeenCalled();
});
