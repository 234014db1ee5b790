import type { EmbedOptions } from './embed-options.js';
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { onTenantOrigin } from './tenant-origin.js';

/** The look of a created iframe: no border, its container's full size. */
const DEFAULT_LOOK = 'border:0;width:100%;height:100%';

/**
 * Applies attributes to the iframe. `style` goes through the CSSOM (`style.cssText`), never the
 * `style` attribute, so that a page whose Content Security Policy has no `'unsafe-inline'` for
 * styles (`style-src-attr`) still gets it; every other name goes through `setAttribute`.
 */
function applyAttributes(iframe: HTMLIFrameElement, attributes: Record<string, string>): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (name.toLowerCase() === 'style') iframe.style.cssText = value;
    else iframe.setAttribute(name, value);
  }
}

/** Options of {@link mountIframe}. */
interface IframeMount {
  /** The options of `createEmbed`: `iframe` or `container`, and `attributes`. */
  options: EmbedOptions;
  /** The document to create the iframe in. */
  document: Document;
  /** The tenant origin a wrapped iframe's `src` must be on. */
  origin: string;
  /** The URL the iframe will load, when `publicId` or `src` gives one. */
  url: string | undefined;
}

/** The iframe, and the element to append it to when it is new. */
export interface MountedIframe {
  /** The wrapped or created iframe. */
  iframe: HTMLIFrameElement;
  /** The container to append a created iframe to; `undefined` for a wrapped one. */
  parent: Element | undefined;
}

/**
 * The embed's iframe and, when it is new, the element to append it to: the wrapped `options.iframe`
 * (whose current `src` must be on the tenant origin when no `publicId`/`src` is given), or a new one
 * for `options.container`, with a title, `allow` for clipboard and fullscreen, no border, full size
 * (set through the CSSOM, so strict style policies allow it), and no sandbox. `options.attributes`
 * are applied over those in both cases; a `style` among them replaces the default look.
 * @throws {EmbedError} `invalid-option`
 */
export function mountIframe(mount: IframeMount): MountedIframe {
  const { options, document: doc, origin, url } = mount;
  const { container, iframe = doc.createElement('iframe') } = options;
  const parent = options.iframe ? undefined : typeof container === 'string' ? doc.querySelector(container) : container;
  if (options.iframe && !url) onTenantOrigin(iframe.src, origin, 'iframe.src');
  else if (!options.iframe && !parent) throw new EmbedError('invalid-option', DEV ? `container not found (got ${container})` : ['container', String(container)]);
  const attributes = parent
    ? { title: 'Analytics', allow: 'clipboard-write; fullscreen', style: DEFAULT_LOOK, ...options.attributes }
    : options.attributes;
  if (attributes) applyAttributes(iframe, attributes);
  return { iframe, parent: parent ?? undefined };
}
