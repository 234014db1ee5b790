import { reportError } from '@svc-embed/runtime';
import { createEmbed } from '../create-embed.js';
import type { Embed } from '../embed.js';
import type { EmbedOptions, EmbedSurface } from '../mount/embed-options.js';
import { EmbedError } from '../base/errors.js';
import type { ChannelWindow } from '../ledger/ledger-endpoints.js';
import type { LogoutResult } from '../ledger/logout-result.js';
import { createSessionLedger, ledgerInternals, type SessionLedger } from '../ledger/session-ledger.js';
import { sessionEndpointCallbacks } from '../ledger/session-endpoint.js';
import { syncUrl } from '../sync-url/sync-url.js';

/** The attributes of `<svc-embed>`; changing any of them recreates the embed (a new URL). */
export const SVC_EMBED_ATTRIBUTES = ['base-url', 'public-id', 'src', 'allow-export', 'timezone', 'session-endpoint', 'lazy', 'sync-url'] as const;

/** The `<svc-embed>` element's own API, beyond `HTMLElement`. */
export interface SvcEmbedElement extends HTMLElement {
  /** `base-url`: the tenant's base URL. */
  baseUrl: string | null;
  /** `public-id`: the dashboard to embed. */
  publicId: string | null;
  /** `src`: a full embed URL on the tenant origin, instead of `public-id`. */
  src: string | null;
  /** `allow-export`: shows the embed's download actions. */
  allowExport: boolean;
  /** `timezone`: an IANA time-zone name for the URL. */
  timezone: string | null;
  /** `session-endpoint`: POST mints `{ sessionId }`, DELETE `<endpoint>/<id>` revokes. */
  sessionEndpoint: string | null;
  /** `sync-url`: the page's query parameter that keeps the embed's in-embed path (see `syncUrl`). */
  syncUrl: string | null;
  /** Mints a session id; overrides `session-endpoint`. */
  mintSessionId: EmbedOptions['mintSessionId'];
  /** Revokes a session id; overrides `session-endpoint`. */
  revokeSessionId: EmbedOptions['revokeSessionId'];
  /**
   * The viewer's ledger, shared with other embeds; default one per embed. Once it has logged out the
   * element stays signed out (no embed, `data-signed-out` set) until it is given a new ledger.
   */
  ledger: SessionLedger | undefined;
  /** The embed while the element is connected, else undefined. */
  readonly embed: Embed | undefined;
  /** `embed.setColorScheme`; throws `destroyed` while the element has no embed. */
  setColorScheme: Embed['setColorScheme'];
  /** `embed.setTheme`; throws `destroyed` while the element has no embed. */
  setTheme: Embed['setTheme'];
  /** `embed.setLocale`; throws `destroyed` while the element has no embed. */
  setLocale: Embed['setLocale'];
  /** `embed.setTimezone`; throws `destroyed` while the element has no embed. */
  setTimezone: Embed['setTimezone'];
  /** `embed.setFilter`; throws `destroyed` while the element has no embed. */
  setFilter: Embed['setFilter'];
  /** `embed.navigate`; throws `destroyed` while the element has no embed. */
  navigate: Embed['navigate'];
  /** `embed.refresh`; throws `destroyed` while the element has no embed. */
  refresh: Embed['refresh'];
  /** `embed.setSession`; throws `destroyed` while the element has no embed. */
  setSession: Embed['setSession'];
  /** `embed.renewSession`; throws `destroyed` while the element has no embed. */
  renewSession: Embed['renewSession'];
  /**
   * Logs the viewer out: revokes every id of the ledger and removes the iframe. The element then
   * stays signed out, whatever its attributes do, until it is given a new `ledger`.
   */
  logout(): Promise<LogoutResult>;
}

/**
 * The element's embed and the attributes it was made from (to tell whether a change needs a new
 * one); `signed-out` after a logout of its ledger, until it gets a new one.
 */
type Phase = { name: 'idle' } | { name: 'live'; embed: Embed; madeFrom: string; unsubscribe: () => void } | { name: 'signed-out' };

/**
 * Defines `<svc-embed>` in `registry` (default: the page's `customElements`) and returns its class.
 * The class is made here, not at import, so importing in Node (server rendering) defines nothing.
 * @throws {EmbedError} `invalid-option` when there is no custom-element registry
 */
export function defineSvcEmbedElement(registry: CustomElementRegistry | undefined = globalThis.customElements, name = 'svc-embed'): CustomElementConstructor {
  if (!registry) throw new EmbedError('invalid-option', 'no customElements registry: define <svc-embed> in a browser');
  const existing = registry.get(name);
  if (existing) return existing;

  class SvcEmbedElementImpl extends HTMLElement implements SvcEmbedElement {
    static observedAttributes = [...SVC_EMBED_ATTRIBUTES];
    mintSessionId: EmbedOptions['mintSessionId'];
    revokeSessionId: EmbedOptions['revokeSessionId'];
    private viewerLedger: SessionLedger | undefined;
    private phase: Phase = { name: 'idle' };
    private cancelReconcile: (() => void) | undefined;

    get baseUrl() { return this.getAttribute('base-url'); }
    set baseUrl(value) { this.reflect('base-url', value); }
    get publicId() { return this.getAttribute('public-id'); }
    set publicId(value) { this.reflect('public-id', value); }
    get src() { return this.getAttribute('src'); }
    set src(value) { this.reflect('src', value); }
    get allowExport() { return this.hasAttribute('allow-export'); }
    set allowExport(value) { this.toggleAttribute('allow-export', Boolean(value)); }
    get timezone() { return this.getAttribute('timezone'); }
    set timezone(value) { this.reflect('timezone', value); }
    get sessionEndpoint() { return this.getAttribute('session-endpoint'); }
    set sessionEndpoint(value) { this.reflect('session-endpoint', value); }
    get syncUrl() { return this.getAttribute('sync-url'); }
    set syncUrl(value) { this.reflect('sync-url', value); }
    get embed() { return this.phase.name === 'live' ? this.phase.embed : undefined; }
    get ledger() { return this.viewerLedger; }
    set ledger(value) {
      this.viewerLedger = value;
      // A new ledger is a new viewer signing in.
      if (this.phase.name === 'signed-out') this.signIn();
    }

    connectedCallback() {
      this.scheduleReconcile();
    }

    disconnectedCallback() {
      this.scheduleReconcile();
    }

    attributeChangedCallback(_name: string, before: string | null, after: string | null) {
      if (before !== after) this.scheduleReconcile();
    }

    setColorScheme: Embed['setColorScheme'] = (scheme) => this.live().setColorScheme(scheme);
    setTheme: Embed['setTheme'] = (theme) => this.live().setTheme(theme);
    setLocale: Embed['setLocale'] = (locale) => this.live().setLocale(locale);
    setTimezone: Embed['setTimezone'] = (timezone) => this.live().setTimezone(timezone);
    setFilter: Embed['setFilter'] = ((...args: Parameters<Embed['setFilter']>) => this.live().setFilter(...args)) as Embed['setFilter'];
    navigate: Embed['navigate'] = (path) => this.live().navigate(path);
    refresh: Embed['refresh'] = () => this.live().refresh();
    setSession: Embed['setSession'] = (sessionId) => this.live().setSession(sessionId);
    renewSession: Embed['renewSession'] = () => this.live().renewSession();
    logout = () => {
      const result = this.live().logout();
      this.signOut();
      return result;
    };

    private reflect(attribute: string, value: string | null) {
      if (value === null || value === undefined) this.removeAttribute(attribute);
      else this.setAttribute(attribute, value);
    }

    private live(): Embed {
      if (this.phase.name === 'signed-out') throw new EmbedError('destroyed', '<svc-embed> is signed out: give it a new ledger (element.ledger = createSessionLedger()) to embed again');
      if (this.phase.name !== 'live') throw new EmbedError('destroyed', '<svc-embed> has no embed: it makes one once connected with a base-url');
      return this.phase.embed;
    }

    /**
     * Brings the embed in line with the element in a task after this one, once: connecting,
     * attributes set while parsing, a move in the DOM (disconnected and connected again) and several
     * attribute changes in one task all come to one decision, so nothing is minted for a state that
     * did not last.
     */
    private scheduleReconcile() {
      if (this.cancelReconcile) return;
      const win = this.ownerDocument.defaultView ?? globalThis;
      const timer = win.setTimeout(() => {
        this.cancelReconcile = undefined;
        this.reconcile();
      }, 0);
      this.cancelReconcile = () => win.clearTimeout(timer);
    }

    private reconcile() {
      if (this.phase.name === 'signed-out') return;
      if (this.viewerLedger?.loggedOut) return this.signOut();
      const wanted = this.isConnected && this.baseUrl ? this.settingsKey() : undefined;
      if (this.phase.name === 'live' && this.phase.madeFrom === wanted) return;
      this.teardown();
      if (!wanted || !this.baseUrl) return;
      try {
        this.create({ madeFrom: wanted, baseUrl: this.baseUrl });
      } catch (error) {
        // A wrong attribute (`invalid-option`): reported to the page as an uncaught error would be; no embed.
        reportError(this.ownerDocument.defaultView ?? undefined, error);
      }
    }

    /** What the embed is made from: every observed attribute. */
    private settingsKey(): string {
      return JSON.stringify(SVC_EMBED_ATTRIBUTES.map((name) => this.getAttribute(name)));
    }

    private create({ madeFrom, baseUrl }: { madeFrom: string; baseUrl: string }) {
      const endpoint = this.sessionEndpoint ? sessionEndpointCallbacks(this.sessionEndpoint) : undefined;
      const signed = this.mintSessionId !== undefined || endpoint !== undefined;
      // The iframe fills the element: give the element its size (it is a block by default).
      if (!this.style.display) this.style.display = 'block';
      // Its own ledger when it has none, so that a logout anywhere (another tab too) signs it out.
      const ledger = this.ledger ?? createSessionLedger();
      if (endpoint) ledgerInternals(ledger).useEndpoint(endpoint, (this.ownerDocument.defaultView ?? {}) as ChannelWindow);
      const embed = createEmbed({
        baseUrl,
        ...this.surface(),
        container: this,
        allowExport: this.allowExport,
        lazy: this.hasAttribute('lazy'),
        timezone: this.timezone ?? undefined,
        ledger,
        // The callbacks set as properties now, or later: the latest is called.
        ...(signed
          ? {
              mintSessionId: () => {
                const mint = this.mintSessionId ?? endpoint?.mintSessionId;
                if (!mint) throw new EmbedError('invalid-option', 'set the mintSessionId property or the session-endpoint attribute');
                return mint();
              },
              revokeSessionId: (sessionId: string) => (this.revokeSessionId ?? endpoint?.revokeSessionId)?.(sessionId),
            }
          : {}),
      });
      const dispatch = (type: string, detail: unknown) =>
        this.dispatchEvent(new CustomEvent(`svc-${type}`, { detail, bubbles: true, composed: true }));
      embed.on('*', (payload, message) => dispatch(message.type.slice(message.type.lastIndexOf(':') + 1), payload));
      embed.on('renewed', (info) => dispatch('renewed', info));
      embed.on('renewal-failed', (info) => dispatch('renewal-failed', info));
      // The embed's state as an attribute, for a placeholder or an error shown with CSS alone.
      this.setAttribute('state', embed.state);
      embed.on('state', ({ state }) => this.setAttribute('state', state));
      this.keepUrl(embed);
      this.phase = { name: 'live', embed, madeFrom, unsubscribe: ledger.onLogout(() => this.signOut()) };
    }

    /**
     * What the embed loads: `src` when set, else `public-id`.
     * @throws {EmbedError} `invalid-option` when the element has neither
     */
    private surface(): EmbedSurface {
      if (this.src) return { src: this.src };
      if (this.publicId !== null) return { publicId: this.publicId };
      throw new EmbedError('invalid-option', '<svc-embed> needs public-id or src');
    }

    /** With `sync-url`, keeps the embed's place in the page URL; a parameter another embed uses leaves no embed. */
    private keepUrl(embed: Embed) {
      const param = this.getAttribute('sync-url');
      if (param === null) return;
      try {
        syncUrl(embed, { param });
      } catch (error) {
        embed.destroy();
        throw error;
      }
    }

    /** Signed out: no embed until a new ledger comes. */
    private signOut() {
      this.teardown();
      this.phase = { name: 'signed-out' };
      this.toggleAttribute('data-signed-out', true);
    }

    private signIn() {
      this.phase = { name: 'idle' };
      this.removeAttribute('data-signed-out');
      this.scheduleReconcile();
    }

    private teardown() {
      if (this.phase.name === 'live') {
        this.phase.unsubscribe();
        this.phase.embed.destroy();
        this.removeAttribute('state');
      }
      this.phase = { name: 'idle' };
    }
  }

  registry.define(name, SvcEmbedElementImpl);
  return SvcEmbedElementImpl;
}
