// usePreloadEmbed(options | null): preloads once mounted (or when options become non-null), cancels
// on unmount (or null) after the task, so that the route replacing the component adopts the preload
// (one mint); a refused option prints the invalid-option line instead of throwing into Vue.
import { createSessionLedger, keepAlive, type PreloadOptions, type SessionLedger } from '@svc-embed/host';
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { TENANT } from '../../host/test/support/helpers.js';
import { SvcEmbed, usePreloadEmbed } from '../src/index.js';

let ledger: SessionLedger;
beforeEach(() => {
  ledger = createSessionLedger();
});
afterEach(async () => {
  await ledger.logout();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** A mint that counts and a revoke that records. */
function session() {
  let n = 0;
  const revoked: string[] = [];
  return { mint: vi.fn(() => `s${++n}`), revoke: vi.fn((id: string) => void revoked.push(id)), revoked };
}
type Session = ReturnType<typeof session>;

const optionsOf = (s: Session): PreloadOptions => ({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: keepAlive('reports') });

/** An app whose home page preloads the reports route while `preload` is true. */
function app(s: Session) {
  const route = ref<'home' | 'reports' | 'settings'>('home');
  const preload = ref(true);
  const Home = defineComponent(() => {
    usePreloadEmbed(() => (preload.value ? optionsOf(s) : null));
    return () => h('a', { href: '/reports' }, 'Reports');
  });
  const App = defineComponent(() => () => {
    if (route.value === 'home') return h(Home);
    if (route.value === 'settings') return h('p', 'Settings');
    return h(SvcEmbed, { class: 'dash', baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: keepAlive('reports') });
  });
  return { route, preload, wrapper: mount(App, { attachTo: document.body }) };
}

/** Lets the deferred cancels run. */
const aTaskLater = () => new Promise((done) => setTimeout(done, 5));

it('home → reports: the route that replaces the home page adopts its preload (one mint, nothing revoked)', async () => {
  const s = session();
  const { route, wrapper } = app(s);
  await vi.waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toContain('session=s1'));
  const preloaded = document.querySelector('iframe');
  route.value = 'reports';
  await flushPromises();
  await aTaskLater();
  // happy-dom has no moveBefore: the adopted iframe stays in its slot, laid over the container, and shown.
  expect(wrapper.find('.dash').attributes('data-state')).toBe('loading');
  expect(document.querySelectorAll('iframe')).toHaveLength(1);
  expect(document.querySelector('iframe')).toBe(preloaded);
  expect(preloaded?.hasAttribute('aria-hidden')).toBe(false);
  expect(s.mint).toHaveBeenCalledTimes(1);
  expect(s.revoked).toEqual([]);
  wrapper.unmount();
});

it('home → settings: nothing adopts it; the unmount cancels it (destroyed, its id revoked)', async () => {
  const s = session();
  const { route, wrapper } = app(s);
  await vi.waitFor(() => expect(s.mint).toHaveBeenCalledTimes(1));
  route.value = 'settings';
  await flushPromises();
  await vi.waitFor(() => expect(s.revoked).toEqual(['s1']));
  expect(document.querySelector('iframe')).toBeNull();
  wrapper.unmount();
});

it('null preloads nothing; options preload; null again cancels', async () => {
  const s = session();
  const { preload, wrapper } = app(s);
  await vi.waitFor(() => expect(s.mint).toHaveBeenCalledTimes(1));
  preload.value = false;
  await flushPromises();
  await vi.waitFor(() => expect(s.revoked).toEqual(['s1']));
  preload.value = true;
  await flushPromises();
  await vi.waitFor(() => expect(s.mint).toHaveBeenCalledTimes(2));
  wrapper.unmount();
});

it('a refused option prints the invalid-option line and preloads nothing', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const Home = defineComponent(() => {
    usePreloadEmbed({ baseUrl: TENANT, publicId: 'd-42', mode: 'private', keepAlive: 'reports' as never });
    return () => h('a');
  });
  const wrapper = mount(Home, { attachTo: document.body });
  await flushPromises();
  expect(error).toHaveBeenCalledWith(expect.stringMatching(/^\[svc-embed\] invalid-option: /));
  expect(document.querySelector('iframe')).toBeNull();
  wrapper.unmount();
});
