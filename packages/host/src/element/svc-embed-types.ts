// The types of `<svc-embed>` for pages and JSX: its own API, its tag and events in the DOM's maps,
// and its attributes in React 19's `JSX.IntrinsicElements`. Types only: nothing here reaches the bundles.
//
// The React part is a conditional augmentation of the `react` module, so that @svc-embed/host needs
// React neither at run time nor for its types:
// - where @types/react is in the program, it adds `svc-embed` to `React.JSX.IntrinsicElements`, and
//   the names it uses (`DetailedHTMLProps`, `HTMLAttributes`) are React's own: inside an augmentation
//   the augmented module's names come before the file's;
// - where it is not, TypeScript drops an augmentation of a module it cannot find in a declaration
//   file (the built element.d.ts) without an error, and those names fall back to the stand-ins
//   below, so a project without @types/react compiles under `skipLibCheck: false` (both checked
//   against the build by test/node/dist.test.ts).
import type { EventName, EventPayload } from '@svc-embed/protocol';
import type { Embed } from '../embed.js';
import type { LogoutResult } from '../ledger/logout-result.js';
import type { SessionLedger } from '../ledger/session-ledger.js';
import type { EmbedOptions } from '../mount/embed-options.js';
import type { RenewalFailure, RenewalInfo } from '../renewal/renewal.js';

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
  /** `mode`: `private` for an embed without a session (without it, and without a session, no embed is made: `invalid-option`). */
  mode: string | null;
  /** `keep-alive`: the key its embed is parked under when it leaves the page, for the next element with the key to adopt (needs `enableKeepAlive()`). */
  keepAlive: string | null;
  /** Mints a session id; overrides `session-endpoint`. */
  mintSessionId: EmbedOptions['mintSessionId'];
  /** Revokes a session id; overrides `session-endpoint`. */
  revokeSessionId: EmbedOptions['revokeSessionId'];
  /**
   * The viewer's ledger, shared with other embeds; default one per embed. Once it has signed out the
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
   * Logs the viewer out through the element's ledger (`ledger.logout()`: what happened, `complete`
   * only when every id is known revoked) and removes the iframe. The element then stays signed out,
   * whatever its attributes do, until it is given a new `ledger`; signed out (here or by another tab)
   * it still signs out through the ledger, so a sign-out that did not complete can be tried again.
   */
  logout(): Promise<LogoutResult>;
}

/** `svc-<name>` for every event of the catalog, with its payload as `detail`. */
type SvcEmbedCatalogEvents = { [N in EventName as `svc-${N}`]: CustomEvent<EventPayload<N>> };

/**
 * The events `<svc-embed>` dispatches (bubbling and composed), by type: `svc-<name>` for every event
 * of the catalog with its payload as `detail` (`svc-ready`: the ready payload, `svc-download`: the
 * download payload …), and the host-side notifications `svc-renewed` and `svc-renewal-failed`.
 * Merged into `HTMLElementEventMap` and `DocumentEventMap`, so `addEventListener` types `detail`.
 * @example element.addEventListener('svc-download', (event) => track(event.detail.format));
 */
export interface SvcEmbedEventMap extends SvcEmbedCatalogEvents {
  /** A renewal succeeded: what started it and the attempts it took. */
  'svc-renewed': CustomEvent<RenewalInfo>;
  /** A renewal failed after its last attempt, with the error. */
  'svc-renewal-failed': CustomEvent<RenewalFailure>;
}

/** The attributes of `<svc-embed>`, as markup and JSX write them. Changing one recreates the embed. */
export interface SvcEmbedAttributes {
  /** The tenant's base URL, such as `https://tenant.example`; no embed is made without it. */
  'base-url'?: string;
  /** The dashboard to embed, by its public id. */
  'public-id'?: string;
  /** A full embed URL on the tenant origin, instead of `public-id`. */
  src?: string;
  /** Shows the embed's download actions (present or absent: `true` or `false` in JSX). */
  'allow-export'?: boolean;
  /** An IANA time-zone name for the URL, such as `Europe/Berlin`. */
  timezone?: string;
  /** `POST` to it mints `{ sessionId }`, `DELETE <endpoint>/<id>` revokes. */
  'session-endpoint'?: string;
  /** Starts the embed only once it comes near the viewport (present or absent). */
  lazy?: boolean;
  /** The page's query parameter that keeps the embed's in-embed path, such as `dash` (see `syncUrl`). */
  'sync-url'?: string;
  /** `private`: an embed without a session, said out loud (without it, and without `session-endpoint` or `mintSessionId`, no embed is made). */
  mode?: 'private';
  /** Parks the embed under this key when the element leaves the page, for the next element with the key to adopt (needs `enableKeepAlive()`). */
  'keep-alive'?: string;
  /** At most this many embeds kept in the page (default 3); with `keep-alive`. */
  'keep-alive-max'?: number | string;
  /** How long a parked embed waits to be adopted, in ms (default 600000); with `keep-alive`. */
  'keep-alive-idle-ms'?: number | string;
}

/**
 * React 19 listens to an `on<type>` prop of a custom element as the event `<type>`: one prop per
 * event of {@link SvcEmbedEventMap}, such as `onsvc-download`, typed by its event.
 */
export type SvcEmbedEventProps = { [K in keyof SvcEmbedEventMap as `on${K}`]?: (event: SvcEmbedEventMap[K]) => void };

declare global {
  interface HTMLElementTagNameMap {
    /** The svc-embed element: see `@svc-embed/host/element`. */
    'svc-embed': SvcEmbedElement;
  }
  // Bubbling and composed: the element's events reach its ancestors and the document.
  interface HTMLElementEventMap extends SvcEmbedEventMap {}
  interface DocumentEventMap extends SvcEmbedEventMap {}
}

/**
 * Stand-in for React's `DetailedHTMLProps`, seen only where @types/react is not installed (see the
 * top of this file): it keeps the augmentation below free of unknown names there.
 */
type DetailedHTMLProps<Attributes, Target> = Attributes & { ref?: Target };

/** Stand-in for React's `HTMLAttributes`, seen only where @types/react is not installed. */
interface HTMLAttributes<Target> {
  /** The element's class. */
  className?: string;
  /** Not read: keeps the type parameter React's `HTMLAttributes` has. */
  target?: Target;
}

// @ts-ignore -- where React is not in the program (this package's own build), `react` cannot be
// found: the augmentation is then only written to element.d.ts, for the programs that have it.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /**
       * `<svc-embed>`: its attributes ({@link SvcEmbedAttributes}), an `onsvc-<name>` listener per
       * event, and what any element takes (`ref` to the element, `className`, `style`, `id` …).
       */
      'svc-embed': DetailedHTMLProps<HTMLAttributes<SvcEmbedElement>, SvcEmbedElement> & SvcEmbedAttributes & SvcEmbedEventProps;
    }
  }
}
