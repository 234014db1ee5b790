import type { EmbedOrIframe } from './fake-frame.js';
import { TestKitError } from './errors.js';

/** The iframe of an embed, or the iframe given. */
export function iframeOf(target: EmbedOrIframe): HTMLIFrameElement {
  const iframe = target && typeof target === 'object' && 'iframe' in target ? target.iframe : target;
  if (!iframe || typeof iframe !== 'object' || !('src' in iframe) || typeof iframe.getAttribute !== 'function') {
    throw new TestKitError('invalid-argument', 'attachFakeFrame needs an embed from createEmbed or its iframe');
  }
  return iframe;
}

/** The window that receives the fake frame's events: the iframe's document's. */
export function windowOf(iframe: HTMLIFrameElement): Window {
  const view = iframe.ownerDocument.defaultView;
  if (!view) throw new TestKitError('invalid-argument', 'the iframe belongs to no window (is it in a document?)');
  return view;
}
