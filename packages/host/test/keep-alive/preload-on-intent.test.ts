/**
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// preloadOnIntent(link, options) (issue 42): a mouse or pen over the link, or the focus in it, starts
// preloadEmbed once; a finger entering it (a touch scroll) does not; its stop removes the listeners
// and cancels a preload not adopted (its id revoked), but leaves one that was adopted alone; options
// and the element are checked at the call, not in a listener.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, createSessionLedger, keepAlive, preloadOnIntent, type Embed, type SessionLedger } from '../../src/index.js';
import { flush, TENANT, useFakeClock } from '../support/helpers.js';

useFakeClock();

let ledger: SessionLedger;
let link: HTMLAnchorElement;
const faces: Embed[] = [];
beforeEach(() => {
  ledger = createSessionLedger();
  link = document.createElement('a');
  link.href = '/reports';
  document.body.append(link);
});
afterEach(async () => {
  faces.splice(0).forEach((face) => face.destroy());
  await ledger.logout();
  document.body.replaceChildren();
});

/** A mint that counts its calls and a revoke that records what it revoked. */
function session() {
  let n = 0;
  const mint = vi.fn(() => Promise.resolve(`s${++n}`));
  const revoked: string[] = [];
  const revoke = vi.fn((id: string) => void revoked.push(id));
  return { mint, revoke, revoked };
}

/** The preload's options for d-42 kept under 'reports', signed with `s`. */
const optionsOf = (s: ReturnType<typeof session>) => ({ baseUrl: TENANT, publicId: 'd-42', mintSessionId: s.mint, revokeSessionId: s.revoke, ledger, keepAlive: keepAlive('reports') });

/** A `pointerenter` of `pointerType` (happy-dom's PointerEvent takes it). */
const pointer = (pointerType: string) => new PointerEvent('pointerenter', { pointerType });

describe('preloadOnIntent', () => {
  it('does nothing until the intent; a mouse over the link preloads once, hidden', async () => {
    const s = session();
    preloadOnIntent(link, optionsOf(s));
    await flush();
    expect(s.mint).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).toBeNull();
    link.dispatchEvent(pointer('mouse'));
    link.dispatchEvent(pointer('mouse'));
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await flush();
    expect(s.mint).toHaveBeenCalledTimes(1);
    const iframes = document.querySelectorAll('iframe');
    expect(iframes).toHaveLength(1);
    expect(iframes[0]?.getAttribute('aria-hidden')).toBe('true');
  });

  it('the focus coming into the link (Tab) preloads; a finger entering it does not', async () => {
    const s = session();
    preloadOnIntent(link, optionsOf(s));
    link.dispatchEvent(pointer('touch'));
    await flush();
    expect(s.mint).not.toHaveBeenCalled();
    link.focus();
    await flush();
    expect(s.mint).toHaveBeenCalledTimes(1);
  });

  it('a pen over the link is intent', async () => {
    const s = session();
    preloadOnIntent(link, optionsOf(s));
    link.dispatchEvent(pointer('pen'));
    await flush();
    expect(s.mint).toHaveBeenCalledTimes(1);
  });

  it('its stop before the intent: no listener left, nothing preloaded', async () => {
    const s = session();
    const stop = preloadOnIntent(link, optionsOf(s));
    stop();
    link.dispatchEvent(pointer('mouse'));
    link.focus();
    await flush();
    expect(s.mint).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('its stop after the intents cancels the preload not adopted: destroyed, its id revoked', async () => {
    const s = session();
    const stop = preloadOnIntent(link, optionsOf(s));
    link.dispatchEvent(pointer('mouse'));
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await flush();
    stop();
    await flush();
    expect(s.revoked).toEqual(['s1']);
    expect(document.querySelectorAll('iframe, [data-svc-embed-kept]')).toHaveLength(0);
  });

  it('its stop after the route adopted the preload leaves the embed alone', async () => {
    const s = session();
    const options = optionsOf(s);
    const stop = preloadOnIntent(link, options);
    link.dispatchEvent(pointer('mouse'));
    await flush();
    const container = document.createElement('div');
    document.body.append(container);
    const embed = createEmbed({ ...options, container });
    faces.push(embed);
    stop();
    await flush();
    expect(s.mint).toHaveBeenCalledTimes(1);
    expect(s.revoked).toEqual([]);
    expect(embed.state).not.toBe('destroyed');
    expect(embed.iframe.isConnected).toBe(true);
  });

  it('checks at the call: no element (a querySelector that found nothing), or options preloadEmbed refuses', () => {
    const s = session();
    expect(() => preloadOnIntent(null, optionsOf(s))).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('preloadOnIntent takes an element') }));
    expect(() => preloadOnIntent(link, { ...optionsOf(s), keepAlive: 'reports' as never })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => preloadOnIntent(link, { ...optionsOf(s), baseUrl: 'not a url' })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });
});
