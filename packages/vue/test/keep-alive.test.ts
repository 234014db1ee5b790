// <SvcEmbed :keep-alive>: a route change (v-if) that unmounts it parks the embed (the watcher's
// clean-up runs before Vue removes the component's DOM, so that with the engine's moveBefore,
// stubbed here as happy-dom has none, the iframe is moved, not lost); coming back adopts it: one
// mint, the same iframe, ready at once, the props' settings sent to it.
import { createSessionLedger, type SessionLedger } from '@svc-embed/host';
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { attachFrameWindow, deliver, event, READY, TENANT } from '../../host/test/support/helpers.js';
import { keepAlive, SvcEmbed } from '../src/index.js';

let ledger: SessionLedger;
let moveBefore: ReturnType<typeof vi.fn>;
beforeEach(() => {
  ledger = createSessionLedger();
  moveBefore = vi.fn(function (this: Element, node: Node, child: Node | null) {
    this.insertBefore(node, child);
  });
  Object.defineProperty(Element.prototype, 'moveBefore', { value: moveBefore, configurable: true, writable: true });
});
afterEach(async () => {
  await ledger.logout();
  document.body.innerHTML = '';
  delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
});

it('reports → settings → reports: the embed is parked, then adopted with no mint and its colorScheme sent', async () => {
  let n = 0;
  const mint = vi.fn(() => `s${++n}`);
  const route = ref<'reports' | 'settings'>('reports');
  const scheme = ref<'dark' | undefined>(undefined);
  const App = defineComponent(() => () =>
    h('main', route.value === 'reports'
      ? [h(SvcEmbed, { class: 'dash', baseUrl: TENANT, publicId: 'd-42', mintSessionId: mint, ledger, keepAlive: keepAlive('reports'), colorScheme: scheme.value })]
      : [h('p', 'Settings')]));
  const wrapper = mount(App, { attachTo: document.body });
  await vi.waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toContain('session=s1'));
  const iframe = document.querySelector('iframe') as HTMLIFrameElement;
  const frame = attachFrameWindow(iframe);
  deliver(event('ready', READY), TENANT, frame);

  route.value = 'settings';
  await flushPromises();
  expect(iframe.isConnected).toBe(true);
  expect(iframe.closest('[data-svc-embed-kept]')).not.toBeNull();
  expect(iframe.getAttribute('aria-hidden')).toBe('true');

  scheme.value = 'dark';
  route.value = 'reports';
  await flushPromises();
  await vi.waitFor(() => expect(wrapper.find('.dash').attributes('data-state')).toBe('ready'));
  expect(wrapper.find('.dash iframe').element).toBe(iframe);
  expect(mint).toHaveBeenCalledTimes(1);
  expect(moveBefore).toHaveBeenCalledTimes(2);
  expect(frame.posted.map((entry) => entry.message.type)).toContain('svc:action:set-color-scheme');
  wrapper.unmount();
});

it('@ready is emitted on the adoption too, once, with the ready payload (an app that waits for it stops waiting)', async () => {
  let n = 0;
  const mint = vi.fn(() => `s${++n}`);
  const onReady = vi.fn();
  const route = ref<'reports' | 'settings'>('reports');
  const App = defineComponent(() => () =>
    h('main', route.value === 'reports'
      ? [h(SvcEmbed, { class: 'dash', baseUrl: TENANT, publicId: 'd-42', mintSessionId: mint, ledger, keepAlive: keepAlive('reports'), onReady })]
      : [h('p', 'Settings')]));
  const wrapper = mount(App, { attachTo: document.body });
  await vi.waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toContain('session=s1'));
  deliver(event('ready', READY), TENANT, attachFrameWindow(document.querySelector('iframe') as HTMLIFrameElement));
  expect(onReady).toHaveBeenCalledTimes(1);

  route.value = 'settings';
  await flushPromises();
  route.value = 'reports';
  await vi.waitFor(() => expect(onReady).toHaveBeenCalledTimes(2));
  expect(onReady).toHaveBeenLastCalledWith(READY, expect.objectContaining({ type: 'svc:event:ready' }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(onReady).toHaveBeenCalledTimes(2);
  expect(mint).toHaveBeenCalledTimes(1);
  wrapper.unmount();
});
