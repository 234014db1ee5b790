import type { EmbedOptions } from './embed-options.js';
import { EmbedError } from './errors.js';
import { onTenantOrigin } from './tenant-origin.js';

/**
 * The embed's iframe and, when it is new, the element to append it to: the wrapped `options.iframe`
 * (whose current `src` must be on the tenant origin when no `publicId`/`src` is given), or a new one
 * for `options.container`, with a title, `allow` for clipboard and fullscreen, no border, full size, and
 * no sandbox. `options.attributes` are applied over those in both cases.
 * @throws {EmbedError} `invalid-option`
 */
export function mountIframe(options: EmbedOptions, doc: Document, origin: string, url?: string): [HTMLIFrameElement, Element | null | undefined] {
  const { container, iframe = doc.createElement('iframe') } = options;
  const parent = options.iframe ? undefined : typeof container === 'string' ? doc.querySelector(container) : container;
  if (options.iframe) url || onTenantOrigin(iframe.src, origin, 'iframe.src');
  else if (!parent) throw new EmbedError('invalid-option', `container not found (got ${container})`);
  const attributes = parent
    ? { title: 'Analytics', allow: 'clipboard-write; fullscreen', style: 'border:0;width:100%;height:100%', ...options.attributes }
    : options.attributes;
  for (const name in attributes) iframe.setAttribute(name, attributes![name]!);
  return [iframe, parent];
}
