// `<svc-embed>`: a custom element over `createEmbed`, wired from named parts: its attributes and the
// properties that reflect them (element-attributes.ts), the embed it owns (element-embed.ts) with its
// session callbacks (element-session.ts) and its events and state on the element (element-events.ts).
import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import type { Embed } from '../embed.js';
import type { MintBudget } from '../ledger/mint-limit.js';
import type { SessionLedger } from '../ledger/session-ledger.js';
import type { EmbedOptions } from '../mount/embed-options.js';
import { defineAttributeProperties, SVC_EMBED_ATTRIBUTES } from './element-attributes.js';
import { changeLedger, embedOf, liveEmbed, signOutViewer, scheduleReconcile, type EmbedOwner, type EmbedPhase } from './element-embed.js';

/**
 * Defines `<svc-embed>` in `registry` (default: the page's `customElements`) and returns its class.
 * The class is made here, not at import, so importing in Node (server rendering) defines nothing.
 * @throws {EmbedError} `invalid-option` when there is no custom-element registry
 */
export function defineSvcEmbedElement(registry: CustomElementRegistry | undefined = globalThis.customElements, name = 'svc-embed'): CustomElementConstructor {
  if (!registry) throw new EmbedError('invalid-option', DEV ? 'no customElements registry: define <svc-embed> in a browser' : ['customElements']);
  const existing = registry.get(name);
  if (existing) return existing;
  const element = svcEmbedClass();
  defineAttributeProperties(element.prototype);
  registry.define(name, element);
  return element;
}

/** The class of `<svc-embed>`: a shell that hands every call to the functions of the embed it owns. */
function svcEmbedClass() {
  return class SvcEmbed extends HTMLElement implements EmbedOwner {
    static observedAttributes = [...SVC_EMBED_ATTRIBUTES];
    // Reflect their attributes: defined on the prototype by defineAttributeProperties.
    declare baseUrl: string | null;
    declare publicId: string | null;
    declare src: string | null;
    declare allowExport: boolean;
    declare timezone: string | null;
    declare sessionEndpoint: string | null;
    declare syncUrl: string | null;
    declare mode: string | null;
    declare keepAlive: string | null;
    mintSessionId: EmbedOptions['mintSessionId'];
    revokeSessionId: EmbedOptions['revokeSessionId'];
    phase: EmbedPhase = { name: 'idle' };
    viewerLedger: SessionLedger | undefined;
    cancelReconcile: (() => void) | undefined;
    mintBudget: MintBudget | undefined;

    get embed(): Embed | undefined {
      return embedOf(this);
    }
    get ledger(): SessionLedger | undefined {
      return this.viewerLedger;
    }
    set ledger(value) {
      changeLedger(this, value);
    }
    connectedCallback() {
      scheduleReconcile(this);
    }
    disconnectedCallback() {
      scheduleReconcile(this);
    }
    attributeChangedCallback(_name: string, before: string | null, after: string | null) {
      if (before !== after) scheduleReconcile(this);
    }

    setColorScheme: Embed['setColorScheme'] = (scheme) => liveEmbed(this).setColorScheme(scheme);
    setTheme: Embed['setTheme'] = (theme) => liveEmbed(this).setTheme(theme);
    setLocale: Embed['setLocale'] = (locale) => liveEmbed(this).setLocale(locale);
    setTimezone: Embed['setTimezone'] = (timezone) => liveEmbed(this).setTimezone(timezone);
    setFilter: Embed['setFilter'] = ((...args: Parameters<Embed['setFilter']>) => liveEmbed(this).setFilter(...args)) as Embed['setFilter'];
    navigate: Embed['navigate'] = (path) => liveEmbed(this).navigate(path);
    refresh: Embed['refresh'] = () => liveEmbed(this).refresh();
    setSession: Embed['setSession'] = (sessionId) => liveEmbed(this).setSession(sessionId);
    renewSession: Embed['renewSession'] = () => liveEmbed(this).renewSession();
    logout = () => signOutViewer(this);
  };
}
