import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { preparePreload, type PreloadOptions } from './preload-embed.js';

/** What the viewer does that says they are likely to open the link: a pointer over it, or the focus in it. */
const INTENT = ['pointerenter', 'focusin'];

/** Where a {@link preloadOnIntent} is: waiting for the viewer's intent, preloading (started once), or cancelled. */
type IntentState = { name: 'waiting' } | { name: 'started'; cancel: () => void } | { name: 'cancelled' };

/**
 * Preloads an embed when the viewer shows they are likely to open `element` (a link to its route):
 * `preloadEmbed(options)` starts the first time a mouse or a pen comes over it (`pointerenter`) or
 * the focus comes into it (`focusin`: the keyboard's Tab, a tap that focuses). A finger is not
 * intent: `pointerenter` of a touch is skipped, as a finger that starts a scroll over a list of links
 * enters each of them (on touch the tap is the intent, and it opens the route at once). It starts at
 * most once: later intents do nothing. Returns the function that stops listening and cancels the
 * preload unless it was adopted (call it when the link goes away). The options are checked now.
 * @throws {EmbedError} `invalid-option` for an `element` that is no element, and as `preloadEmbed`
 * @example
 * const stop = preloadOnIntent(document.querySelector('a[href="/reports"]'), { baseUrl, publicId: 'd-42', sessionEndpoint, keepAlive: reports });
 */
export function preloadOnIntent(element: Element | null, options: PreloadOptions): () => void {
  if (typeof element?.addEventListener !== 'function')
    throw new EmbedError('invalid-option', DEV ? `preloadOnIntent takes an element, such as the link to the route (got ${String(element)})` : ['preloadOnIntent', String(element)]);
  const start = preparePreload(options);
  let state: IntentState = { name: 'waiting' };
  const stopListening = () => INTENT.forEach((name) => element.removeEventListener(name, onIntent));
  function onIntent(event: Event): void {
    if ((event as Partial<PointerEvent>).pointerType === 'touch') return;
    stopListening();
    state = { name: 'started', cancel: start() };
  }
  INTENT.forEach((name) => element.addEventListener(name, onIntent));
  return () => {
    stopListening();
    if (state.name === 'started') state.cancel();
    state = { name: 'cancelled' };
  };
}
