// The syncUrl prop: urlParam('dash') keeps the path in window.location; useRouterUrl keeps it in
// Vue Router's query (a real router on an in-memory history here), so the router stays in charge.
import type { Embed } from '@svc-embed/host';
import { attachFakeFrame, type FakeFrame } from '@svc-embed/testing';
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { createMemoryHistory, createRouter, RouterView, useRouter } from 'vue-router';
import { SvcEmbed, urlParam, useRouterUrl } from '../src/index.js';

const TENANT = 'https://tenant.example';
const until = (condition: () => boolean) => vi.waitFor(() => expect(condition()).toBe(true));

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** The embed's frame, shown at its first page `/overview`. */
function showStart(embed: Embed): FakeFrame {
  const frame = attachFakeFrame(embed);
  frame.ready();
  frame.emit('view', { surface: 'dashboard', path: '/overview' });
  return frame;
}

const navigations = (frame: FakeFrame) => frame.actions.filter((action) => action.name === 'navigate').map((action) => action.payload.path);
const embedOf = (wrapper: { vm: unknown }) => (wrapper.vm as { embed: Embed | undefined }).embed;

describe('syncUrl prop', () => {
  it('with urlParam: writes the path, sends the one in the URL, and frees the parameter on unmount', async () => {
    window.history.replaceState(null, '', '/reports?dash=/orders');
    const wrapper = mount(SvcEmbed, { props: { mode: 'private', baseUrl: TENANT, publicId: 'd-42', syncUrl: urlParam('dash') }, attachTo: document.body });
    await until(() => embedOf(wrapper) !== undefined);
    const frame = showStart(embedOf(wrapper)!);
    await until(() => navigations(frame).length === 1);
    expect(navigations(frame)).toEqual(['/orders']);
    frame.emit('navigate', { path: '/orders', previousPath: '/overview' });
    frame.emit('navigate', { path: '/products', previousPath: '/orders' });
    await until(() => window.location.search === '?dash=/products');
    wrapper.unmount();
    // Free again: another embed may claim it.
    const again = mount(SvcEmbed, { props: { mode: 'private', baseUrl: TENANT, publicId: 'd-42', syncUrl: urlParam('dash') }, attachTo: document.body });
    await until(() => embedOf(again) !== undefined);
  });

  it('with useRouterUrl: Vue Router keeps the path in its query, and its back sends the navigate action', async () => {
    const Reports = defineComponent({
      setup() {
        const dash = useRouterUrl({ router: useRouter(), param: 'dash' });
        return () => h(SvcEmbed, { mode: 'private', baseUrl: TENANT, publicId: 'd-42', syncUrl: dash, class: 'report' });
      },
    });
    const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/reports', component: Reports }] });
    await router.push('/reports?tab=sales#top');
    const App = defineComponent({ render: () => h(RouterView) });
    const wrapper = mount(App, { global: { plugins: [router] }, attachTo: document.body });
    await until(() => embedOf(wrapper.findComponent(SvcEmbed)) !== undefined);
    const frame = showStart(embedOf(wrapper.findComponent(SvcEmbed))!);
    const length = window.history.length;
    frame.emit('navigate', { path: '/orders', previousPath: '/overview' });
    await until(() => router.currentRoute.value.fullPath === '/reports?tab=sales&dash=/orders#top');
    frame.emit('navigate', { path: '/products', previousPath: '/orders' });
    await until(() => router.currentRoute.value.query.dash === '/products');
    router.back();
    await until(() => navigations(frame).length === 1);
    expect(navigations(frame)).toEqual(['/orders']);
    frame.emit('navigate', { path: '/orders', previousPath: '/products' });
    router.back();
    await until(() => navigations(frame).length === 2);
    expect(navigations(frame)).toEqual(['/orders', '/overview']);
    expect(router.currentRoute.value.fullPath).toBe('/reports?tab=sales#top');
    // The router kept its own history: the window's was not touched.
    expect(window.history.length).toBe(length);
    expect(window.location.search).toBe('');
  });

  it('a bare parameter name (JavaScript) is invalid-option, saying what to write: one line, no uncaught error', async () => {
    const errors: unknown[] = [];
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const wrapper = mount(SvcEmbed, {
      props: { mode: 'private', baseUrl: TENANT, publicId: 'd-42', syncUrl: 'dash' as never },
      attachTo: document.body,
      global: { config: { errorHandler: (error) => void errors.push(error) } },
    });
    await until(() => printed.mock.calls.length === 1);
    expect(printed.mock.calls).toEqual([[`[svc-embed] invalid-option: sync-url takes urlParam('dash') or a router's adapter (got "dash")`]]);
    expect(errors).toEqual([]);
    expect(window.location.search).toBe('');
    wrapper.unmount();
    printed.mockRestore();
  });
});
