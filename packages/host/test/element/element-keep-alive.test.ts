/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
 */
// <svc-embed keep-alive> (issue 42): the element's iframe lives in a slot at the end of <body> laid
// over the element (in every engine), so a framework that removes the element does not reach it; a
// removed element parks its embed (session kept, iframe hidden), and the next element with the same
// key, base-url, surface and ledger adopts it: no mint, no load, ready at once. The bounds
// (keep-alive-max, keep-alive-idle-ms) and the sign-out end parked ones, their ids revoked. Opt in:
// enableKeepAlive(); without it the attribute is refused, saying so.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enableKeepAlive, type SvcEmbedElement } from '../../src/element.js';
import { createSessionLedger, type SessionLedger } from '../../src/index.js';
import { makeElement, tick } from '../support/element.js';
import { attachFrameWindow, deliver, event, READY, TENANT, type FrameWindow } from '../support/helpers.js';

/** The ledger of each test (its elements share it unless a test says otherwise): signed out after it, which ends what it kept. */
let ledger: SessionLedger = createSessionLedger();
afterEach(async () => {
  document.body.replaceChildren();
  await tick();
  await ledger.logout();
  ledger = createSessionLedger();
  vi.unstubAllGlobals();
});

/** The page's session: a mint that counts its calls, a revoke that records what it revoked. */
function session() {
  let n = 0;
  const mint = vi.fn(() => Promise.resolve(`s${++n}`));
  const revoked: string[] = [];
  return { mint, revoked, revoke: (id: string) => void revoked.push(id) };
}
type Session = ReturnType<typeof session>;

/** The fake windows of the iframes made (a kept iframe keeps its window). */
const frames = new WeakMap<HTMLIFrameElement, FrameWindow>();

/** A `<svc-embed keep-alive=key>` signed with `s`, sharing the test's ledger, with `attributes` over those. */
function keptElement(s: Session, attributes: Record<string, string> = {}, own?: 'own-ledger'): SvcEmbedElement {
  const element = makeElement({ 'keep-alive': 'reports', ...attributes });
  element.mintSessionId = s.mint;
  element.revokeSessionId = s.revoke;
  if (!own) element.ledger = ledger;
  return element;
}

/** Connects `element`, lets it mint, and has its embed say ready. */
async function readyElement(element: SvcEmbedElement): Promise<HTMLIFrameElement> {
  document.body.append(element);
  await tick();
  await tick();
  const iframe = element.embed!.iframe;
  if (!frames.has(iframe)) frames.set(iframe, attachFrameWindow(iframe));
  deliver(event('ready', READY), TENANT, frames.get(iframe));
  await tick();
  return iframe;
}

/** The actions posted to the iframe, by name. */
const posted = (iframe: HTMLIFrameElement) => (frames.get(iframe)?.posted ?? []).map((entry) => String(entry.message.type).split(':').pop());

describe('not enabled', () => {
  it('keep-alive without enableKeepAlive() is reported as invalid-option, naming what enables it; no embed, nothing minted', async () => {
    const s = session();
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const element = keptElement(s);
    document.body.append(element);
    await tick();
    expect(reported).toEqual([expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('enableKeepAlive()') })]);
    expect(element.embed).toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
    expect(s.mint).not.toHaveBeenCalled();
  });
});

describe('enabled', () => {
  beforeAll(() => enableKeepAlive());

  it('lays the iframe over the element from a slot at the end of <body>, not inside the element', async () => {
    const s = session();
    const element = keptElement(s);
    const iframe = await readyElement(element);
    expect(element.contains(iframe)).toBe(false);
    expect(iframe.parentElement?.hasAttribute('data-svc-embed-kept')).toBe(true);
    expect(iframe.parentElement?.parentElement).toBe(document.body);
    expect(element.getAttribute('state')).toBe('ready');
    expect(element.keepAlive).toBe('reports');
  });

  it('overlays in an engine with moveBefore too (the element is removed before it can move anything): removing it keeps the iframe', async () => {
    const moveBefore = vi.fn(function (this: Element, node: Node, child: Node | null) {
      this.insertBefore(node, child);
    });
    Object.defineProperty(Element.prototype, 'moveBefore', { value: moveBefore, configurable: true, writable: true });
    try {
      const s = session();
      const element = keptElement(s);
      const iframe = await readyElement(element);
      expect(element.contains(iframe)).toBe(false);
      element.remove();
      await tick();
      expect(iframe.isConnected).toBe(true);
      expect(moveBefore).not.toHaveBeenCalled();
    } finally {
      delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
    }
  });

  it('the element is removed: its embed is parked (hidden, kept, nothing revoked); a new element with the key adopts it: no mint, no load, ready at once', async () => {
    const s = session();
    const first = keptElement(s);
    const iframe = await readyElement(first);
    const src = iframe.src;
    first.remove();
    await tick();
    expect(first.embed).toBeUndefined();
    expect(first.hasAttribute('state')).toBe(false);
    expect(iframe.isConnected).toBe(true);
    expect([iframe.getAttribute('inert'), iframe.getAttribute('aria-hidden'), iframe.getAttribute('tabindex')]).toEqual(['', 'true', '-1']);
    expect(s.revoked).toEqual([]);

    const second = keptElement(s, { timezone: 'Europe/Berlin' });
    document.body.append(second);
    await tick();
    expect(second.embed?.iframe).toBe(iframe);
    expect(iframe.src).toBe(src);
    expect(second.embed?.state).toBe('ready');
    expect(second.getAttribute('state')).toBe('ready');
    expect(second.embed?.timings?.adopted).toBe('parked');
    expect(iframe.hasAttribute('inert')).toBe(false);
    await tick();
    expect(s.mint).toHaveBeenCalledTimes(1);
    // The adopter's attributes that are no part of the match are sent as actions; its events are its own.
    expect(posted(iframe).at(-1)).toBe('set-timezone');
    const heard: string[] = [];
    for (const element of [first, second]) element.addEventListener('svc-download', () => heard.push(element === first ? 'first' : 'second'));
    deliver(event('download', { format: 'csv', target: 'dashboard' }), TENANT, frames.get(iframe));
    expect(heard).toEqual(['second']);
  });

  it('the adopter dispatches svc-ready once, with the ready payload as detail, also in a framework\'s swap in one task', async () => {
    const s = session();
    const first = keptElement(s);
    await readyElement(first);
    first.remove();
    await tick();
    const second = keptElement(s);
    const heard: unknown[] = [];
    second.addEventListener('svc-ready', (e) => heard.push((e as CustomEvent).detail));
    document.body.append(second);
    await tick();
    expect(second.embed?.timings?.adopted).toBe('parked');
    await tick();
    expect(heard).toEqual([READY]);
    const third = keptElement(s);
    const heardThird: unknown[] = [];
    third.addEventListener('svc-ready', (e) => heardThird.push((e as CustomEvent).detail));
    second.replaceWith(third);
    await tick();
    await tick();
    await tick();
    expect(third.getAttribute('state')).toBe('ready');
    expect(heardThird).toEqual([READY]);
    expect(heard).toEqual([READY]);
    expect(s.mint).toHaveBeenCalledTimes(1);
  });

  it('a framework\'s swap in one task adopts too, also when the new element goes in before the old one leaves', async () => {
    const s = session();
    const first = keptElement(s);
    const iframe = await readyElement(first);
    const second = keptElement(s);
    first.replaceWith(second);
    await tick();
    expect(second.embed?.iframe).toBe(iframe);
    const third = keptElement(s);
    second.before(third);
    second.remove();
    await tick();
    await tick();
    expect(third.embed?.iframe).toBe(iframe);
    expect(third.embed?.state).toBe('ready');
    expect(s.mint).toHaveBeenCalledTimes(1);
    expect(s.revoked).toEqual([]);
  });

  it('an attribute change outside the match (timezone) keeps the document: the element adopts its own embed again and sends the change as an action', async () => {
    const s = session();
    const element = keptElement(s);
    const iframe = await readyElement(element);
    element.timezone = 'Europe/Berlin';
    await tick();
    expect(element.embed?.iframe).toBe(iframe);
    expect(element.embed?.state).toBe('ready');
    expect(posted(iframe).at(-1)).toBe('set-timezone');
    await tick();
    expect(s.mint).toHaveBeenCalledTimes(1);
    expect(s.revoked).toEqual([]);
  });

  it.each([
    ['public-id', { 'public-id': 'd-43' }],
    ['base-url', { 'base-url': 'https://other.example' }],
  ])('another %s under the key is not adopted: the parked embed is destroyed, its id revoked, and the new one mints', async (_name, attributes) => {
    const s = session();
    const first = keptElement(s);
    const iframe = await readyElement(first);
    first.remove();
    await tick();
    const other = keptElement(s, attributes);
    document.body.append(other);
    await tick();
    await tick();
    expect(other.embed?.iframe).not.toBe(iframe);
    expect(iframe.isConnected).toBe(false);
    expect(s.revoked).toEqual(['s1']);
    expect(s.mint).toHaveBeenCalledTimes(2);
  });

  it('another ledger is not adopted (a new viewer): the parked embed is destroyed and its id revoked', async () => {
    const s = session();
    const first = keptElement(s);
    const iframe = await readyElement(first);
    first.remove();
    await tick();
    const other = keptElement(s);
    other.ledger = createSessionLedger();
    document.body.append(other);
    await tick();
    expect(other.embed?.iframe).not.toBe(iframe);
    expect(s.revoked).toEqual(['s1']);
    other.remove();
    await tick();
    await other.ledger.logout();
  });

  it('keep-alive-max: past it the least recently parked is destroyed and its id revoked', async () => {
    const s = session();
    const a = keptElement(s, { 'keep-alive': 'a', 'keep-alive-max': '1' });
    const frameA = await readyElement(a);
    const b = keptElement(s, { 'keep-alive': 'b', 'keep-alive-max': '1' });
    const frameB = await readyElement(b);
    a.remove();
    await tick();
    expect(s.revoked).toEqual([]);
    b.remove();
    await tick();
    expect(frameA.isConnected).toBe(false);
    expect(frameB.isConnected).toBe(true);
    await tick();
    expect(s.revoked).toEqual(['s1']);
  });

  it('keep-alive-idle-ms: one parked longer is destroyed and its id revoked', async () => {
    const s = session();
    const element = keptElement(s, { 'keep-alive-idle-ms': '40' });
    const iframe = await readyElement(element);
    element.remove();
    await tick();
    expect(iframe.isConnected).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(iframe.isConnected).toBe(false);
    expect(document.querySelector('[data-svc-embed-kept]')).toBeNull();
    expect(s.revoked).toEqual(['s1']);
  });

  it.each([['keep-alive', ''], ['keep-alive-max', '0'], ['keep-alive-idle-ms', 'soon']])('%s=%j is reported as invalid-option; no embed, nothing minted', async (name, value) => {
    const s = session();
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const element = keptElement(s, { [name]: value });
    document.body.append(element);
    await tick();
    expect(reported).toEqual([expect.objectContaining({ code: 'invalid-option' })]);
    expect(element.embed).toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
    expect(s.mint).not.toHaveBeenCalled();
  });

  it('the shared ledger\'s sign-out destroys a parked element embed: its id revoked, no iframe, no slot', async () => {
    const s = session();
    const element = keptElement(s);
    const iframe = await readyElement(element);
    element.remove();
    await tick();
    const result = await ledger.logout();
    expect(result.revoked).toEqual(['s1']);
    expect(iframe.isConnected).toBe(false);
    expect(document.querySelector('iframe, [data-svc-embed-kept]')).toBeNull();
  });

  it('an element with a ledger of its own: the adopter signs out through the adopted embed\'s ledger (its id revoked, no iframe left)', async () => {
    const s = session();
    const first = keptElement(s, {}, 'own-ledger');
    const iframe = await readyElement(first);
    first.remove();
    await tick();
    const second = keptElement(s, {}, 'own-ledger');
    document.body.append(second);
    await tick();
    expect(second.embed?.iframe).toBe(iframe);
    const result = await second.logout();
    expect(result.revoked).toEqual(['s1']);
    expect(document.querySelector('iframe, [data-svc-embed-kept]')).toBeNull();
    expect(second.hasAttribute('data-signed-out')).toBe(true);
  });
});
