// <SvcEmbed>, useEmbed and the provided ledger with @vue/test-utils in happy-dom, the surface played
// by the test kit: one id per mount, emits typed by name, listeners that never recreate, props that
// do, actions that follow props, a template ref to the embed, unmount, and signing out
// and in again without a reload.
import { createSessionLedger, type Embed } from '@svc-embed/host';
import { attachFakeFrame, createFakeSessions } from '@svc-embed/testing';
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, shallowRef } from 'vue';
import { SvcEmbed, provideSessionLedger, useEmbed, useSessionLedger, type UseEmbedResult } from '../src/index.js';

const TENANT = 'https://tenant.example';
const iframes = () => [...document.querySelectorAll('iframe')];
/** Resolves once `condition` holds (checked after each round of promises and timers). */
const until = (condition: () => boolean) => vi.waitFor(() => expect(condition()).toBe(true));

afterEach(() => {
  document.body.innerHTML = '';
});

/** What a template ref to `<SvcEmbed>` gives. */
interface EmbedRef {
  embed: Embed | undefined;
  state: string | undefined;
  signedOut: boolean;
}

describe('<SvcEmbed>', () => {
  it('mints exactly one id for one mount, and shows one iframe; a mount undone in the same task mints nothing', async () => {
    const sessions = createFakeSessions();
    const wrapper = mount(SvcEmbed, { props: { baseUrl: TENANT, publicId: 'd-42', mintSessionId: sessions.mintSessionId, attributes: { title: 'Sales' } }, attachTo: document.body });
    await until(() => iframes()[0]?.src.includes('session=ses_fake_1') ?? false);
    expect(sessions.minted).toEqual(['ses_fake_1']);
    expect(iframes()).toHaveLength(1);
    wrapper.unmount();
    expect(iframes()).toHaveLength(0);

    // Mounted and unmounted before the mint's microtask (a component that does not survive its task).
    mount(SvcEmbed, { props: { baseUrl: TENANT, publicId: 'd-43', mintSessionId: sessions.mintSessionId }, attachTo: document.body }).unmount();
    await flushPromises();
    expect(sessions.minted).toEqual(['ses_fake_1']);
  });

  it('emits every event by name with (payload, message); a new listener is used without recreating the embed', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const loaded = vi.fn();
    const sessions = createFakeSessions();
    const wrapper = mount(SvcEmbed, { props: { baseUrl: TENANT, publicId: 'd-42', mintSessionId: sessions.mintSessionId, onDownload: first, onDashboardLoaded: loaded }, attachTo: document.body });
    await until(() => (wrapper.vm as unknown as EmbedRef).embed !== undefined);
    const embed = (wrapper.vm as unknown as EmbedRef).embed!;
    await wrapper.setProps({ onDownload: second, mintSessionId: () => 'other' });
    const frame = attachFakeFrame(embed);
    frame.ready();
    frame.emit('dashboard-loaded', { widgetCount: 3 });
    frame.emit('download', { format: 'png', target: 'widget' });
    await until(() => second.mock.calls.length === 1);
    expect(second).toHaveBeenCalledWith({ format: 'png', target: 'widget' }, expect.objectContaining({ type: 'svc:event:download' }));
    expect(loaded).toHaveBeenCalledWith({ widgetCount: 3 }, expect.objectContaining({ type: 'svc:event:dashboard-loaded' }));
    expect(first).not.toHaveBeenCalled();
    expect((wrapper.vm as unknown as EmbedRef).embed).toBe(embed);
    expect(sessions.minted).toHaveLength(1);
    expect(wrapper.emitted('ready')).toHaveLength(1);
  });

  it('a new publicId recreates the embed with a new id and revokes the old one; unmount removes the iframe and revokes', async () => {
    const sessions = createFakeSessions();
    const wrapper = mount(SvcEmbed, { props: { baseUrl: TENANT, publicId: 'd-1', mintSessionId: sessions.mintSessionId, revokeSessionId: sessions.revokeSessionId }, attachTo: document.body });
    await until(() => iframes()[0]?.src.includes('/embed/dashboard/d-1') ?? false);
    await wrapper.setProps({ publicId: 'd-2' });
    await until(() => iframes().map((iframe) => new URL(iframe.src).pathname).join() === '/embed/dashboard/d-2');
    expect(sessions.minted).toEqual(['ses_fake_1', 'ses_fake_2']);
    wrapper.unmount();
    expect(iframes()).toHaveLength(0);
    await until(() => sessions.revoked.length === 2);
    expect(sessions.revoked).toEqual(['ses_fake_1', 'ses_fake_2']);
  });

  it('colorScheme, locale, theme and timezone follow the props as actions, without recreating', async () => {
    const wrapper = mount(SvcEmbed, { props: { mode: 'private', baseUrl: TENANT, publicId: 'd-42', colorScheme: 'dark', timezone: 'Europe/Berlin' }, attachTo: document.body });
    await until(() => (wrapper.vm as unknown as EmbedRef).embed !== undefined);
    const embed = (wrapper.vm as unknown as EmbedRef).embed!;
    const frame = attachFakeFrame(embed);
    frame.ready();
    await frame.waitForAction('set-color-scheme');
    await wrapper.setProps({ colorScheme: 'light', locale: 'de-DE', timezone: 'Asia/Tokyo', theme: { primaryColor: '#0b5' } });
    await wrapper.setProps({ theme: { primaryColor: '#0b5' } });
    await until(() => frame.actions.length === 5);
    // Each setting's action, in no particular order among them.
    expect(frame.actions.map((action) => [action.name, action.payload]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['set-color-scheme', { scheme: 'dark' }],
      ['set-color-scheme', { scheme: 'light' }],
      ['set-locale', { locale: 'de-DE' }],
      ['set-theme', { embedTheme: { primaryColor: '#0b5' } }],
      ['set-timezone', { timezone: 'Asia/Tokyo' }],
    ]);
    expect(new URL(embed.iframe.src).searchParams.get('timezone')).toBe('Europe/Berlin');
    expect((wrapper.vm as unknown as EmbedRef).embed).toBe(embed);
  });

  it('shows the embed\'s state on the container (data-state) and in the template ref', async () => {
    const wrapper = mount(SvcEmbed, { props: { mode: 'private', baseUrl: TENANT, publicId: 'd-42' }, attrs: { class: 'box' }, attachTo: document.body });
    await until(() => wrapper.find('.box').attributes('data-state') === 'loading');
    attachFakeFrame((wrapper.vm as unknown as EmbedRef).embed!).ready();
    await until(() => wrapper.find('.box').attributes('data-state') === 'ready');
    expect((wrapper.vm as unknown as EmbedRef).state).toBe('ready');
  });

  it('refuses publicId ".." with invalid-option, before anything is minted or shown: one line, data-state="failed", no uncaught error', async () => {
    const sessions = createFakeSessions();
    const errorHandler = vi.fn();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const wrapper = mount(SvcEmbed, { props: { baseUrl: TENANT, publicId: '..', mintSessionId: sessions.mintSessionId }, attrs: { class: 'box' }, attachTo: document.body, global: { config: { errorHandler } } });
    await until(() => wrapper.find('.box').attributes('data-state') === 'failed');
    expect(printed.mock.calls).toEqual([[expect.stringMatching(/^\[svc-embed\] invalid-option: publicId must be a dashboard's public id/)]]);
    expect(errorHandler).not.toHaveBeenCalled();
    expect((wrapper.vm as unknown as EmbedRef).state).toBe('failed');
    expect(sessions.minted).toEqual([]);
    expect(iframes()).toHaveLength(0);
    // Options that work make the embed: the failed state goes with the refusal.
    await wrapper.setProps({ publicId: 'd-42' });
    await until(() => iframes().length === 1);
    expect(wrapper.find('.box').attributes('data-state')).not.toBe('failed');
    printed.mockRestore();
  });

  it('neither publicId nor src: the line says what to give, data-state="failed"', async () => {
    const errorHandler = vi.fn();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const wrapper = mount(SvcEmbed, { props: { mode: 'private', baseUrl: TENANT }, attachTo: document.body, global: { config: { errorHandler } } });
    await until(() => wrapper.attributes('data-state') === 'failed');
    expect(printed.mock.calls).toEqual([['[svc-embed] invalid-option: give publicId or src']]);
    expect(errorHandler).not.toHaveBeenCalled();
    printed.mockRestore();
  });

  it('refuses a misspelt option (sessionEndPoint) with invalid-option naming sessionEndpoint; nothing minted; state failed', async () => {
    const errorHandler = vi.fn();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    let state: UseEmbedResult['state'] | undefined;
    const Page = defineComponent({
      setup() {
        const result = useEmbed(() => ({ baseUrl: TENANT, publicId: 'd-42', sessionEndPoint: '/api/embed-session' }) as never);
        state = result.state;
        return () => h('div', { ref: result.container });
      },
    });
    mount(Page, { attachTo: document.body, global: { config: { errorHandler } } });
    await until(() => printed.mock.calls.length === 1);
    expect(printed.mock.calls).toEqual([['[svc-embed] invalid-option: createEmbed has no option sessionEndPoint: did you mean sessionEndpoint?']]);
    expect(state?.value).toBe('failed');
    expect(errorHandler).not.toHaveBeenCalled();
    expect(iframes()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    printed.mockRestore();
  });
});

describe('useEmbed', () => {
  it('embeds in the element bound to container, with options from a getter', async () => {
    const publicId = shallowRef('d-1');
    const seen: string[] = [];
    const Orders = defineComponent({
      setup() {
        const { container, embed } = useEmbed(() => ({ mode: 'private', baseUrl: TENANT, publicId: publicId.value, onReady: (payload) => seen.push(payload.mode) }));
        return () => h('section', [h('button', { disabled: !embed.value }, 'Refresh'), h('div', { ref: container, class: 'box' })]);
      },
    });
    const wrapper = mount(Orders, { attachTo: document.body });
    await until(() => wrapper.find('.box iframe').exists());
    expect(wrapper.find('button').attributes('disabled')).toBeUndefined();
    publicId.value = 'd-2';
    await until(() => wrapper.find('.box iframe').attributes('src')?.includes('/embed/dashboard/d-2') ?? false);
    const embed = wrapper.find<HTMLIFrameElement>('.box iframe');
    expect(embed.exists()).toBe(true);
  });
});

describe('the provided ledger', () => {
  /** The quick start's shape: the embed stays mounted whatever the status, the buttons follow it. */
  const StaysMounted = defineComponent({
    props: { mint: { type: Function, required: true }, revoke: { type: Function, required: true } },
    setup(props) {
      const { status, logout, signIn } = useSessionLedger();
      return () => [
        h(SvcEmbed, { baseUrl: TENANT, publicId: 'd-42', mintSessionId: props.mint as () => string, revokeSessionId: props.revoke as (id: string) => void, class: 'box' }),
        status.value === 'signed-in'
          ? h('button', { type: 'button', onClick: () => logout() }, 'Sign out')
          : h('button', { type: 'button', onClick: signIn }, 'Sign in'),
      ];
    },
  });

  it('a still-mounted embed stays signed out after logout: no mint, no iframe, until signIn()', async () => {
    const sessions = createFakeSessions();
    const Root = defineComponent({
      setup() {
        provideSessionLedger();
        return () => h(StaysMounted, { mint: sessions.mintSessionId, revoke: sessions.revokeSessionId });
      },
    });
    const wrapper = mount(Root, { attachTo: document.body });
    await until(() => iframes()[0]?.src.includes('session=ses_fake_1') ?? false);
    await wrapper.find('button').trigger('click');
    await until(() => wrapper.find('button').text() === 'Sign in');
    await until(() => sessions.revoked.length === 1);
    // Give a re-embed every chance to happen: it must not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(iframes()).toHaveLength(0);
    expect(sessions.minted).toEqual(['ses_fake_1']);
    expect(wrapper.find('.box').attributes('data-signed-out')).toBe('');
    await wrapper.find('button').trigger('click');
    await until(() => iframes()[0]?.src.includes('session=ses_fake_2') ?? false);
    expect(wrapper.find('.box').attributes('data-signed-out')).toBeUndefined();
  });

  it('a sign-out anywhere (the ledger itself, as another tab does) signs the provider out', async () => {
    const sessions = createFakeSessions();
    let viewer: ReturnType<typeof provideSessionLedger> | undefined;
    const App = defineComponent({
      setup() {
        viewer = provideSessionLedger();
        return () => h(SvcEmbed, { baseUrl: TENANT, publicId: 'd-42', mintSessionId: sessions.mintSessionId, revokeSessionId: sessions.revokeSessionId });
      },
    });
    mount(App, { attachTo: document.body });
    await until(() => iframes().length === 1);
    await viewer!.ledger.value.logout();
    await until(() => viewer!.status.value === 'signed-out');
    expect(iframes()).toHaveLength(0);
    expect(sessions.revoked).toEqual(['ses_fake_1']);
  });

  it('an embed given a ledger that logged out makes nothing when its props change', async () => {
    const ledger = createSessionLedger();
    const sessions = createFakeSessions();
    const wrapper = mount(SvcEmbed, { props: { baseUrl: TENANT, publicId: 'd-42', ledger, mintSessionId: sessions.mintSessionId }, attachTo: document.body });
    await until(() => iframes().length === 1);
    await ledger.logout();
    await wrapper.setProps({ publicId: 'd-43' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(iframes()).toHaveLength(0);
    expect(sessions.minted).toHaveLength(1);
    expect((wrapper.vm as unknown as EmbedRef).signedOut).toBe(true);
    expect(wrapper.attributes('data-signed-out')).toBe('');
  });

  it('useSessionLedger without a provider says what is missing', () => {
    const Lonely = defineComponent({
      setup() {
        const { status } = useSessionLedger();
        return () => h('p', status.value);
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => mount(Lonely)).toThrow('useSessionLedger() needs provideSessionLedger() above');
  });
});
