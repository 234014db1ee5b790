// <SvcEmbed :first-session="sessionFromPage()">: the first id the server rendered into the page is
// handed to createEmbed, so the first load uses it with no mint (without the prop, Vue would put the
// value on the <div> as an attribute and the embed would mint).
import { createSessionLedger, sessionFromPage, type SessionLedger } from '@svc-embed/host';
import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { h } from 'vue';
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
  await ledger.logout();
  document.head.querySelector('#svc-embed-session')?.remove();
  document.body.innerHTML = '';
});

it("first-session: the page's id is the first load's, with no mint", async () => {
  const mint = vi.fn(() => 's1');
  const wrapper = mount(() => h(SvcEmbed, { baseUrl: TENANT, publicId: 'd-42', mintSessionId: mint, ledger, firstSession: sessionFromPage() }), { attachTo: document.body });
  await vi.waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toContain('session=page-1'));
  expect(mint).not.toHaveBeenCalled();
  expect(wrapper.find('div').attributes('firstsession')).toBeUndefined();
  wrapper.unmount();
});
