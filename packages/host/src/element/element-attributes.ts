// Reading `<svc-embed>`'s attributes: its properties (each reflects an attribute), what its embed is
// made from, and the options of `createEmbed` they give.
import { closestName } from '../base/closest-name.js';
import { DEV } from '../base/dev-mode.js';
import { EmbedError, said } from '../base/errors.js';
import { recordTimings } from '../mount/embed-timings.js';
import type { EmbedSettings, EmbedSurface } from '../mount/embed-options.js';
import { whenVisible } from '../mount/when-visible.js';

/** The attributes of `<svc-embed>`; changing any of them recreates the embed (a new URL). */
export const SVC_EMBED_ATTRIBUTES = ['base-url', 'public-id', 'src', 'allow-export', 'timezone', 'session-endpoint', 'lazy', 'sync-url', 'mode', 'keep-alive', 'keep-alive-max', 'keep-alive-idle-ms'] as const;

/** The element's properties that reflect a text attribute, with that attribute. */
const TEXT_PROPERTIES = {
  baseUrl: 'base-url', publicId: 'public-id', src: 'src', timezone: 'timezone', sessionEndpoint: 'session-endpoint', syncUrl: 'sync-url', mode: 'mode', keepAlive: 'keep-alive',
} as const;

/**
 * Defines on the element's prototype the properties that reflect its attributes: a text property
 * reads its attribute (null when absent), and setting it to null or undefined removes the attribute;
 * `allowExport` is the presence of `allow-export`.
 */
export function defineAttributeProperties(prototype: HTMLElement): void {
  for (const [property, attribute] of Object.entries(TEXT_PROPERTIES)) {
    Object.defineProperty(prototype, property, {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute(attribute);
      },
      set(this: HTMLElement, value: string | null | undefined) {
        if (value === null || value === undefined) this.removeAttribute(attribute);
        else this.setAttribute(attribute, value);
      },
    });
  }
  Object.defineProperty(prototype, 'allowExport', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('allow-export');
    },
    set(this: HTMLElement, value: unknown) {
      this.toggleAttribute('allow-export', Boolean(value));
    },
  });
}

/** The element's properties a page sets: those that reflect an attribute, the session functions, the ledger. */
const ELEMENT_PROPERTIES: readonly string[] = [...Object.keys(TEXT_PROPERTIES), 'allowExport', 'mintSessionId', 'revokeSessionId', 'ledger'];

/** The attributes the element sets itself, and every page's global ones that might look like one of its own. */
const OWN_ATTRIBUTES = ['state', 'error-code', 'data-signed-out', 'lang', 'slot', 'style', 'class', 'title', 'id'];

/** Attribute names warned about, once each per page. */
const warned = new Set<string>();

/**
 * Warns once in the console of each attribute the element does not know that is close to one it
 * does (`session-endpont`): a typo would otherwise leave it out in silence.
 */
export function warnStrangeAttributes(element: Element): void {
  for (const name of element.getAttributeNames()) {
    const near = SVC_EMBED_ATTRIBUTES.includes(name as (typeof SVC_EMBED_ATTRIBUTES)[number]) || OWN_ATTRIBUTES.includes(name) ? undefined : closestName(name, SVC_EMBED_ATTRIBUTES);
    if (!near || warned.has(name)) continue;
    warned.add(name);
    console.warn(`[svc-embed] ${said('unknown-attribute', DEV ? `<svc-embed> has no attribute ${name}: did you mean ${near}?` : [name, near])}`);
  }
}

/**
 * Refuses a property the page set on the element that it does not have but is close to one it has
 * (`element.sessionEndPoint = …`): a typo would otherwise leave it out in silence. Other own
 * properties are the page's business.
 * @throws {EmbedError} `invalid-option`, naming the property it is close to
 */
export function checkElementProperties(element: Element): void {
  for (const name of Object.keys(element)) {
    const near = ELEMENT_PROPERTIES.includes(name) ? undefined : closestName(name, ELEMENT_PROPERTIES);
    if (near) throw new EmbedError('invalid-option', DEV ? `<svc-embed> has no property ${name}: did you mean ${near}?` : [name, near]);
  }
}

/** What the element's embed is made from: every observed attribute (the embed is made again when it changes). */
export function settingsKey(element: Element): string {
  return JSON.stringify(SVC_EMBED_ATTRIBUTES.map((name) => element.getAttribute(name)));
}

/**
 * The options of the element's embed that its attributes give: `base-url`, what it loads (`src` when
 * set, else `public-id`), `allow-export`, `lazy` (`whenVisible()`), `timezone`; and its timings,
 * always recorded (`element.embed.timings`).
 * @throws {EmbedError} `invalid-option` when the element has neither `src` nor `public-id`
 */
export function optionsFromAttributes(element: Element, baseUrl: string): EmbedSurface & Pick<EmbedSettings, 'baseUrl' | 'allowExport' | 'lazy' | 'timezone' | 'timings'> {
  return {
    baseUrl,
    ...surfaceOf(element),
    allowExport: element.hasAttribute('allow-export'),
    lazy: element.hasAttribute('lazy') ? whenVisible() : undefined,
    timezone: element.getAttribute('timezone') ?? undefined,
    timings: recordTimings(),
  };
}

/**
 * What the element's embed loads: `src` when set, else `public-id`.
 * @throws {EmbedError} `invalid-option` when the element has neither
 */
function surfaceOf(element: Element): EmbedSurface {
  const src = element.getAttribute('src');
  const publicId = element.getAttribute('public-id');
  if (src) return { src };
  if (publicId !== null) return { publicId };
  throw new EmbedError('invalid-option', DEV ? '<svc-embed> needs public-id or src' : ['public-id', 'src']);
}
