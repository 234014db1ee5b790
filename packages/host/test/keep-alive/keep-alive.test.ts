/**
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// Keep-alive (issue 42): an embed made with keepAlive(key) is parked by destroy() (session, renewal
// and ids kept; iframe hidden from layout, focus and assistive technology, never removed) and
// adopted by the next createEmbed with the same key: no mint, no load, ready at once. Bounds: at
// most `max` kept (the least recently kept destroyed, its ids revoked), an idle limit, the sign-out.
// happy-dom has no moveBefore: the overlay is what it gets; a moveBefore stub (insertBefore, which
// happy-dom never reloads on) stands for Chromium's where a test says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createEmbed, createSessionLedger, keepAlive, preloadEmbed, recordTimings, syncUrl, type Embed, type EmbedOptions, type KeepAlive,
} from '../../src/index.js';
import { attachFrameWindow, deliver, event, flush, MINUTE, READY, START, TENANT, useFakeClock, type FrameWindow } from '../support/helpers.js';

useFakeClock();

/** What a test made: every embed face, to destroy after it; the containers in the page. */
const faces: Embed[] = [];
afterEach(() => {
  for (const face of faces.splice(0)) face.destroy();
  document.body.replaceChildren();
});

/** Every kept embed is ended by a sign-out of its ledger: each test has a ledger of its own, signed out after it. */
let ledger = createSessionLedger();
beforeEach(() => {
  ledger = createSessionLedger();
});
afterEach(async () => {
  await ledger.logout();
});

/** A container in the page (kept embeds need one that is connected). */
function box(id: string): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  document.body.append(element);
  return element;
}

/** A mint that counts its calls and a revoke that records what it revoked. */
function session() {
  let n = 0;
  const mint = vi.fn(() => Promise.resolve(`s${++n}`));
  const revoked: string[] = [];
  const revoke = vi.fn((id: string) => void revoked.push(id));
  return { mint, revoke, revoked };
}

type Session = ReturnType<typeof session>;

/** The frame windows of the iframes made, by iframe (a kept iframe keeps its window). */
const frames = new WeakMap<HTMLIFrameElement, FrameWindow>();

/** createEmbed for d-42 kept under `keep`, in `container`, signed with `s`; the iframe gets a fake window once. */
function mount(keep: KeepAlive, container: Element | string, s: Session, extra: Partial<EmbedOptions> = {}): Embed {
  const embed = createEmbed({
    baseUrl: TENANT, publicId: 'd-42', container, mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: keep, ...extra,
  } as EmbedOptions);
  faces.push(embed);
  if (!frames.has(embed.iframe)) frames.set(embed.iframe, attachFrameWindow(embed.iframe));
  return embed;
}

/** Sends `name` from the embed's iframe. */
function emit(embed: Embed, name: Parameters<typeof event>[0], payload: unknown) {
  deliver(event(name, payload as never), TENANT, frames.get(embed.iframe));
}

/** Mounts, lets the first id be minted and the embed say ready. */
async function readyEmbed(keep: KeepAlive, container: Element | string, s: Session, extra: Partial<EmbedOptions> = {}) {
  const embed = mount(keep, container, s, extra);
  await flush();
  emit(embed, 'ready', READY);
  await flush();
  return embed;
}

/** The actions posted to the kept iframe, by name. */
const posted = (embed: Embed) => (frames.get(embed.iframe)?.posted ?? []).map((entry) => String(entry.message.type).split(':').pop());

/** A moveBefore like Chromium's (happy-dom has none): a spy that inserts. */
function stubMoveBefore() {
  const moveBefore = vi.fn(function (this: Element, node: Node, child: Node | null) {
    this.insertBefore(node, child);
  });
  Object.defineProperty(Element.prototype, 'moveBefore', { value: moveBefore, configurable: true, writable: true });
  return moveBefore;
}
afterEach(() => {
  delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
});

describe('parked and adopted', () => {
  it('destroy() parks: the session goes on; the next mount with the key adopts it with no mint, no load, ready at once', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s);
    const iframe = first.iframe;
    const src = iframe.src;
    first.destroy();
    expect(iframe.isConnected).toBe(true);
    expect(first.state).toBe('destroyed');
    expect(() => first.refresh()).toThrow(expect.objectContaining({ code: 'destroyed' }));
    document.getElementById('a')?.remove();

    const second = mount(keepAlive('reports'), box('b'), s);
    expect(second.iframe).toBe(iframe);
    expect(iframe.src).toBe(src);
    expect(second.state).toBe('ready');
    await expect(second.ready).resolves.toEqual(READY);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(s.mint).toHaveBeenCalledTimes(1);
    expect(s.revoke).not.toHaveBeenCalled();
    second.refresh();
    expect(posted(second).at(-1)).toBe('refresh');
  });

  it('without keepAlive, the same return mints again and reloads (the cost keepAlive saves)', async () => {
    const s = session();
    const first = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: box('a'), mintSessionId: s.mint, revokeSessionId: s.revoke, ledger });
    await flush();
    first.destroy();
    const second = createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: box('b'), mintSessionId: s.mint, revokeSessionId: s.revoke, ledger });
    faces.push(second);
    await flush();
    expect(second.iframe).not.toBe(first.iframe);
    expect(s.mint).toHaveBeenCalledTimes(2);
    expect(s.revoked).toEqual(['s1']);
  });

  it('the page\'s listeners and syncUrl of the first mount are released when it parks; the adopter\'s are its own', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s);
    const heardFirst = vi.fn();
    first.on('download', heardFirst);
    syncUrl(first, { param: 'dash' });
    first.destroy();
    const second = mount(keepAlive('reports'), box('b'), s);
    const heardSecond = vi.fn();
    second.on('download', heardSecond);
    emit(second, 'download', { format: 'csv', target: 'dashboard' });
    expect(heardFirst).not.toHaveBeenCalled();
    expect(heardSecond).toHaveBeenCalledTimes(1);
    // The first mount's syncUrl is gone: the param can be claimed again.
    expect(() => syncUrl(second, { param: 'dash' })).not.toThrow();
  });

  it('applies the adopter\'s timezone as an action, and its own actions go at once', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s);
    first.destroy();
    const second = mount(keepAlive('reports'), box('b'), s, { timezone: 'Europe/Berlin' });
    second.setColorScheme('dark');
    second.navigate('/page/2');
    expect(posted(second).slice(-3)).toEqual(['set-timezone', 'set-color-scheme', 'navigate']);
  });

  it('another surface, key or ledger under the key is not adopted: the parked one is destroyed and its ids revoked', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s);
    first.destroy();
    const other = mount(keepAlive('reports'), box('b'), s, { publicId: 'd-43' });
    expect(other.iframe).not.toBe(first.iframe);
    expect(first.iframe.isConnected).toBe(false);
    await flush();
    expect(s.revoked).toEqual(['s1']);
    await flush();
    expect(s.mint).toHaveBeenCalledTimes(2);
  });

  it('a failed embed, or a lazy one never started, is not parked: destroy() ends it', async () => {
    const s = session();
    const lazy = mount(keepAlive('reports'), box('a'), s, { lazy: () => () => {} });
    lazy.destroy();
    expect(lazy.iframe.isConnected).toBe(false);
    const again = mount(keepAlive('reports'), box('b'), s, { lazy: () => () => {} });
    expect(again.iframe).not.toBe(lazy.iframe);
  });

  it('a mount that lets go before ready: its ready rejects with destroyed; the adopter\'s resolves when the kept embed is ready', async () => {
    const s = session();
    const first = mount(keepAlive('reports'), box('a'), s);
    await flush();
    expect(first.state).toBe('loading');
    const firstReady = first.ready;
    first.destroy();
    await expect(firstReady).rejects.toMatchObject({ code: 'destroyed' });
    const second = mount(keepAlive('reports'), box('b'), s);
    expect(second.iframe).toBe(first.iframe);
    emit(second, 'ready', READY);
    await expect(second.ready).resolves.toEqual(READY);
    expect(s.mint).toHaveBeenCalledTimes(1);
  });

  it('a parked embed renews when its session expires while parked, and the adopter gets it on the new id', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports', { idleMs: 60 * MINUTE }), box('a'), s);
    first.destroy();
    emit(first, 'session-expiring', { expiresAt: START + 5 * MINUTE, expiresInMs: 5 * MINUTE });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(s.mint).toHaveBeenCalledTimes(2);
    const sessions = (frames.get(first.iframe)?.posted ?? []).filter((entry) => entry.message.type.endsWith(':set-session')).map((entry) => entry.message.payload.sessionId);
    expect(sessions).toEqual(['s2']);
    const second = mount(keepAlive('reports'), box('b'), s);
    expect(second.state).toBe('ready');
    expect(s.mint).toHaveBeenCalledTimes(2);
  });
});

describe('hidden while parked', () => {
  it('the parked iframe is inert, aria-hidden, out of the tab order, in a slot not painted; adoption gives its attributes back', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s, { attributes: { tabindex: '0', title: 'Sales' } });
    const { iframe } = first;
    first.destroy();
    expect(iframe.hasAttribute('inert')).toBe(true);
    expect(iframe.getAttribute('aria-hidden')).toBe('true');
    expect(iframe.getAttribute('tabindex')).toBe('-1');
    const slot = iframe.closest('[data-svc-embed-kept]') as HTMLElement;
    expect(slot.style.visibility).toBe('hidden');
    expect(slot.style.position).toBe('fixed');
    expect(slot.style.pointerEvents).toBe('none');
    mount(keepAlive('reports'), box('b'), s);
    expect(iframe.hasAttribute('inert')).toBe(false);
    expect(iframe.hasAttribute('aria-hidden')).toBe(false);
    expect(iframe.getAttribute('tabindex')).toBe('0');
    expect(iframe.getAttribute('title')).toBe('Sales');
  });

  it('overlay (no moveBefore): the iframe never moves; its slot is laid over the container and follows it', async () => {
    const s = session();
    const container = box('a');
    let rect = { left: 10, top: 20, width: 300, height: 200 };
    container.getBoundingClientRect = () => ({ ...rect, right: 0, bottom: 0, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;
    const first = await readyEmbed(keepAlive('reports'), container, s);
    const slot = first.iframe.parentElement as HTMLElement;
    expect(slot.hasAttribute('data-svc-embed-kept')).toBe(true);
    expect(slot.parentElement).toBe(document.body);
    expect([slot.style.left, slot.style.top, slot.style.width, slot.style.height]).toEqual(['10px', '20px', '300px', '200px']);
    rect = { left: 10, top: -80, width: 300, height: 200 };
    window.dispatchEvent(new Event('scroll'));
    expect(slot.style.top).toBe('-80px');
    first.destroy();
    expect(first.iframe.parentElement).toBe(slot);
    expect(slot.style.visibility).toBe('hidden');
    // Parked: no longer following.
    rect = { left: 0, top: 500, width: 300, height: 200 };
    window.dispatchEvent(new Event('scroll'));
    expect(slot.style.top).toBe('0px');
  });

  it('moveBefore: the iframe is in its container, moved (never removed) to the slot on park and to the next container on adoption', async () => {
    const moveBefore = stubMoveBefore();
    const s = session();
    const a = box('a');
    const first = await readyEmbed(keepAlive('reports'), a, s);
    const { iframe } = first;
    expect(iframe.parentElement).toBe(a);
    const removed = vi.spyOn(iframe, 'remove');
    first.destroy();
    expect(iframe.parentElement?.hasAttribute('data-svc-embed-kept')).toBe(true);
    a.remove();
    const b = box('b');
    mount(keepAlive('reports'), b, s);
    expect(iframe.parentElement).toBe(b);
    expect(moveBefore).toHaveBeenCalledTimes(2);
    expect(removed).not.toHaveBeenCalled();
    expect(s.mint).toHaveBeenCalledTimes(1);
  });

  it('moveBefore: a container removed before destroy() took the iframe with it; the embed ends, its ids revoked', async () => {
    stubMoveBefore();
    const s = session();
    const a = box('a');
    const first = await readyEmbed(keepAlive('reports'), a, s);
    a.remove();
    first.destroy();
    await flush();
    expect(s.revoked).toEqual(['s1']);
    mount(keepAlive('reports'), box('b'), s);
    await flush();
    expect(s.mint).toHaveBeenCalledTimes(2);
  });
});

describe('bounds', () => {
  it('at most max kept: parking one more destroys the least recently kept and revokes its ids', async () => {
    const s = session();
    const embeds: Embed[] = [];
    for (const key of ['k1', 'k2', 'k3']) embeds.push(await readyEmbed(keepAlive(key, { max: 2 }), box(key), s));
    embeds[0]?.destroy();
    embeds[1]?.destroy();
    await flush();
    expect(s.revoked).toEqual([]);
    embeds[2]?.destroy();
    await flush();
    expect(s.revoked).toEqual(['s1']);
    expect(embeds[0]?.iframe.isConnected).toBe(false);
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    // k2 and k3 are still kept: adopted with no mint.
    mount(keepAlive('k2', { max: 2 }), box('x'), s);
    expect(s.mint).toHaveBeenCalledTimes(3);
  });

  it('the default max is 3', async () => {
    const s = session();
    const embeds: Embed[] = [];
    for (const key of ['k1', 'k2', 'k3', 'k4']) embeds.push(await readyEmbed(keepAlive(key), box(key), s));
    for (const embed of embeds) embed.destroy();
    await flush();
    expect(s.revoked).toEqual(['s1']);
  });

  it('the idle limit (default 10 minutes) destroys a parked embed and revokes its ids', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s);
    first.destroy();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(s.revoked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.revoked).toEqual(['s1']);
    expect(document.querySelectorAll('iframe, [data-svc-embed-kept]')).toHaveLength(0);
  });

  it('adoption stops the idle limit', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports', { idleMs: MINUTE }), box('a'), s);
    first.destroy();
    const second = mount(keepAlive('reports', { idleMs: MINUTE }), box('b'), s);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(second.state).toBe('ready');
    expect(s.revoked).toEqual([]);
  });

  it('logout() with parked embeds destroys them all, revokes every id and leaves no iframe and no slot', async () => {
    const s = session();
    const a = await readyEmbed(keepAlive('k1'), box('a'), s);
    const b = await readyEmbed(keepAlive('k2'), box('b'), s);
    const c = await readyEmbed(keepAlive('k3'), box('c'), s);
    a.destroy();
    b.destroy();
    const result = await c.logout();
    expect(result.complete).toBe(true);
    expect(s.revoked.sort()).toEqual(['s1', 's2', 's3']);
    expect(document.querySelectorAll('iframe, [data-svc-embed-kept]')).toHaveLength(0);
    expect(c.state).toBe('destroyed');
  });

  it('a sign-out while parked ends the parked embed: the next mount makes a new one (with a new ledger)', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s);
    first.destroy();
    await ledger.logout();
    expect(s.revoked).toEqual(['s1']);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    ledger = createSessionLedger();
    const second = mount(keepAlive('reports'), box('b'), s);
    expect(second.iframe).not.toBe(first.iframe);
  });
});

describe('the adopter\'s ready event (a listener added right after createEmbed, as for a fresh embed)', () => {
  /** Listeners on `embed` for `ready` (on and once) and `'*'`, and one added and removed at once. */
  function listen(embed: Embed) {
    const heard = { on: vi.fn(), once: vi.fn(), any: vi.fn(), removed: vi.fn() };
    embed.on('ready', heard.on);
    embed.once('ready', heard.once);
    embed.on('*', heard.any);
    embed.on('ready', heard.removed)();
    return heard;
  }

  /** A kept embed made ready in box a, parked, and adopted in box b: the adopter, listened to. */
  async function adoptedReady() {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s);
    first.destroy();
    const second = mount(keepAlive('reports'), box('b'), s);
    return { second, heard: listen(second) };
  }

  it('adopting a parked embed: its ready is told once, a task later, with the payload and message it had; the ready promise resolves', async () => {
    const { second, heard } = await adoptedReady();
    expect(second.state).toBe('ready');
    expect(heard.on).not.toHaveBeenCalled();
    await flush();
    expect(heard.on).toHaveBeenCalledTimes(1);
    expect(heard.on).toHaveBeenCalledWith(READY, expect.objectContaining({ type: 'svc:event:ready', payload: READY }));
    expect(heard.once).toHaveBeenCalledTimes(1);
    expect(heard.any).toHaveBeenCalledTimes(1);
    expect(heard.any).toHaveBeenCalledWith(READY, expect.objectContaining({ type: 'svc:event:ready' }));
    expect(heard.removed).not.toHaveBeenCalled();
    await expect(second.ready).resolves.toEqual(READY);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(heard.on).toHaveBeenCalledTimes(1);
    // A later ready (its document loaded afresh) is told as it comes; the once listener has gone.
    emit(second, 'ready', READY);
    expect(heard.on).toHaveBeenCalledTimes(2);
    expect(heard.once).toHaveBeenCalledTimes(1);
  });

  it('adopting a preload that was ready: its ready is told once, a task later; the ready promise resolves', async () => {
    const s = session();
    const reports = keepAlive('reports');
    preloadEmbed({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: reports });
    await flush();
    const iframe = document.querySelector('iframe') as HTMLIFrameElement;
    frames.set(iframe, attachFrameWindow(iframe));
    deliver(event('ready', READY), TENANT, frames.get(iframe));
    await flush();
    const embed = mount(reports, box('a'), s, { timings: recordTimings() });
    const heard = listen(embed);
    expect(embed.timings?.adopted).toBe('preloaded');
    expect(embed.state).toBe('ready');
    await flush();
    expect(heard.on).toHaveBeenCalledTimes(1);
    expect(heard.on).toHaveBeenCalledWith(READY, expect.objectContaining({ type: 'svc:event:ready' }));
    expect(heard.once).toHaveBeenCalledTimes(1);
    expect(heard.any).toHaveBeenCalledTimes(1);
    await expect(embed.ready).resolves.toEqual(READY);
    await flush();
    expect(heard.on).toHaveBeenCalledTimes(1);
  });

  it('a mount that lets go before that task hears nothing; the next adopter hears it once (React StrictMode\'s mount, unmount, mount)', async () => {
    const s = session();
    const first = await readyEmbed(keepAlive('reports'), box('a'), s);
    first.destroy();
    const second = mount(keepAlive('reports'), box('b'), s);
    const heardSecond = listen(second);
    second.destroy();
    const third = mount(keepAlive('reports'), box('b'), s);
    const heardThird = listen(third);
    await flush();
    expect(heardSecond.on).not.toHaveBeenCalled();
    expect(heardSecond.any).not.toHaveBeenCalled();
    expect(heardThird.on).toHaveBeenCalledTimes(1);
    expect(heardThird.any).toHaveBeenCalledTimes(1);
  });

  it('once: a ready the kept embed sends before that task (its document loaded afresh) is the one told, not a second', async () => {
    const { second, heard } = await adoptedReady();
    const again = { ...READY, deploymentId: 8 };
    emit(second, 'ready', again);
    await flush();
    expect(heard.on).toHaveBeenCalledTimes(1);
    expect(heard.on).toHaveBeenCalledWith(again, expect.anything());
    expect(heard.any).toHaveBeenCalledTimes(1);
  });

  it('an adopter of an embed not ready yet hears the ready when it comes, once', async () => {
    const s = session();
    const first = mount(keepAlive('reports'), box('a'), s);
    await flush();
    first.destroy();
    const second = mount(keepAlive('reports'), box('b'), s);
    const heard = listen(second);
    await flush();
    expect(heard.on).not.toHaveBeenCalled();
    emit(second, 'ready', READY);
    await flush();
    expect(heard.on).toHaveBeenCalledTimes(1);
    expect(heard.any).toHaveBeenCalledTimes(1);
  });
});

describe('preloadEmbed', () => {
  it('mints and loads hidden; the createEmbed that follows adopts it: 1 mint, ready when the preload is', async () => {
    const s = session();
    const reports = keepAlive('reports');
    preloadEmbed({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: reports });
    await flush();
    const iframe = document.querySelector('iframe') as HTMLIFrameElement;
    expect(new URL(iframe.src).searchParams.get('session')).toBe('s1');
    expect(iframe.getAttribute('aria-hidden')).toBe('true');
    frames.set(iframe, attachFrameWindow(iframe));
    const embed = mount(reports, box('a'), s, { timings: recordTimings() });
    expect(embed.iframe).toBe(iframe);
    expect(embed.state).toBe('loading');
    expect(embed.timings?.adopted).toBe('preloaded');
    emit(embed, 'ready', READY);
    await expect(embed.ready).resolves.toEqual(READY);
    expect(embed.timings?.ready).toBeTypeOf('number');
    expect(s.mint).toHaveBeenCalledTimes(1);
    expect(iframe.hasAttribute('aria-hidden')).toBe(false);
  });

  it('a preload not adopted within its limit is destroyed and its id revoked', async () => {
    const s = session();
    preloadEmbed({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: keepAlive('reports', { idleMs: MINUTE }) });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(s.revoked).toEqual(['s1']);
    expect(document.querySelectorAll('iframe, [data-svc-embed-kept]')).toHaveLength(0);
  });

  it('preloads and parked embeds share the bounds; cancel() destroys an unadopted preload', async () => {
    const s = session();
    const parked = await readyEmbed(keepAlive('k1', { max: 2 }), box('a'), s);
    parked.destroy();
    const cancel = preloadEmbed({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: keepAlive('k2', { max: 2 }) });
    preloadEmbed({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: keepAlive('k3', { max: 2 }) });
    await flush();
    expect(s.revoked).toEqual(['s1']);
    cancel();
    await flush();
    expect(s.revoked).toEqual(['s1', 's2']);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('refuses a keepAlive no keepAlive() made, and a wrapped iframe with keepAlive', () => {
    const s = session();
    expect(() => preloadEmbed({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, keepAlive: (() => {}) as never })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => createEmbed({ baseUrl: TENANT, publicId: 'd-42', container: box('a'), mode: 'private', keepAlive: 'reports' as never })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => createEmbed({ baseUrl: TENANT, publicId: 'd-42', iframe: document.createElement('iframe'), mode: 'private', keepAlive: keepAlive('r') })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => keepAlive('')).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => keepAlive('r', { max: 0 })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });
});

describe('timings', () => {
  it('an adoption is marked: adopted parked, created and ready at the adoption, a User Timing mark', async () => {
    const s = session();
    const mark = vi.spyOn(performance, 'mark');
    const first = await readyEmbed(keepAlive('reports'), box('a'), s, { timings: recordTimings() });
    expect(first.timings?.adopted).toBeUndefined();
    first.destroy();
    const second = mount(keepAlive('reports'), box('b'), s, { timings: recordTimings() });
    expect(second.timings?.adopted).toBe('parked');
    expect(second.timings?.ready).toBe(second.timings?.created);
    expect(mark.mock.calls.map(([name]) => name).filter((name) => name.endsWith('d-42:adopted-parked'))).toHaveLength(1);
  });
});
