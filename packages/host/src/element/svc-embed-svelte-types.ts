// The types of `<svc-embed>` for Svelte 5 templates: its attributes, properties and `onsvc-<name>`
// event attributes in `SvelteHTMLElements`, so that svelte-check types them and refuses a misspelled
// one. Types only: nothing here reaches the bundles.
//
// Like the React part beside it (svc-embed-types.ts), this is a conditional augmentation: where
// `svelte` is in the program it adds `svc-embed` to `SvelteHTMLElements` and `HTMLAttributes` is
// Svelte's own (inside an augmentation the augmented module's names come first); where it is not,
// TypeScript drops the augmentation of a module it cannot find in a declaration file, and the name
// falls back to the stand-in below, so a project without Svelte compiles under `skipLibCheck: false`.
import type { SvcEmbedAttributes, SvcEmbedElement, SvcEmbedEventMap } from './svc-embed-types.js';

/**
 * Svelte 5 listens to an `on<type>` attribute of an element as the event `<type>`: one attribute per
 * event of {@link SvcEmbedEventMap}, such as `onsvc-download`, typed by its event.
 */
export type SvcEmbedSvelteEvents = {
  [K in keyof SvcEmbedEventMap as `on${K}`]?: (event: SvcEmbedEventMap[K] & { currentTarget: EventTarget & SvcEmbedElement }) => unknown;
};

/**
 * `<svc-embed>` in a Svelte template: the attributes of {@link SvcEmbedAttributes}, except that the
 * two present-or-absent ones take `true` or `null` only (Svelte writes `{false}` as the text
 * `"false"`, which is present: use the `allowExport` property to switch it), the element's properties
 * that are no attributes (`allowExport`, `mintSessionId`, `revokeSessionId`, `ledger`: Svelte sets a
 * property when the registered element has one), and an `onsvc-<name>` attribute per event. The
 * session is `session-endpoint` or the two functions, not both, as `createEmbed` takes it, and
 * `mode="private"` goes with neither (in one tag the types can say so).
 */
export type SvcEmbedSvelteAttributes = SvcEmbedSvelteSettings & (SvcEmbedSvelteEndpoint | SvcEmbedSvelteCallbacks | SvcEmbedSveltePrivate);

/** What {@link SvcEmbedSvelteAttributes} take besides the session. */
export interface SvcEmbedSvelteSettings extends Omit<SvcEmbedAttributes, 'allow-export' | 'lazy' | 'session-endpoint' | 'mode'>, SvcEmbedSvelteEvents {
  /** Shows the embed's download actions: present (`allow-export`, `{true}`) or absent (`{null}`). */
  'allow-export'?: true | '' | null;
  /** Starts the embed only once it comes near the viewport: present or absent (`{null}`). */
  lazy?: true | '' | null;
  /** The `allowExport` property: `{false}` works here. */
  allowExport?: boolean;
  /** The viewer's ledger, shared with other embeds (a new one signs a signed-out element in). */
  ledger?: SvcEmbedElement['ledger'];
}

/** A session endpoint mints and revokes: no functions then. */
export interface SvcEmbedSvelteEndpoint {
  /** `POST` to it mints `{ sessionId }`, `DELETE <endpoint>/<id>` revokes; on the page's origin. */
  'session-endpoint'?: string;
  /** Not with `session-endpoint`. */
  mintSessionId?: undefined;
  /** Not with `session-endpoint`. */
  revokeSessionId?: undefined;
  /** Not with `session-endpoint`: a signed embed. */
  mode?: undefined;
}

/** Functions of yours mint and revoke: no session endpoint then. */
export interface SvcEmbedSvelteCallbacks {
  /** Not with `mintSessionId` or `revokeSessionId`. */
  'session-endpoint'?: undefined;
  /** Mints a session id. */
  mintSessionId?: SvcEmbedElement['mintSessionId'];
  /** Revokes a session id. */
  revokeSessionId?: SvcEmbedElement['revokeSessionId'];
  /** Not with the functions: a signed embed. */
  mode?: undefined;
}

/** An embed without a session: no session endpoint, no functions. */
export interface SvcEmbedSveltePrivate {
  /** `private`: the embed has no session. */
  mode: 'private';
  /** Not with `mode="private"`. */
  'session-endpoint'?: undefined;
  /** Not with `mode="private"`. */
  mintSessionId?: undefined;
  /** Not with `mode="private"`. */
  revokeSessionId?: undefined;
}

/** Stand-in for Svelte's `HTMLAttributes`, seen only where svelte is not installed (see the top of this file). */
interface HTMLAttributes<Target> {
  /** The element's class. */
  class?: string;
  /** Not read: keeps the type parameter Svelte's `HTMLAttributes` has. */
  target?: Target;
}

// @ts-ignore -- where Svelte is not in the program, `svelte/elements` cannot be found: the
// augmentation is then only written to the .d.ts, for the programs that have it.
declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    /**
     * `<svc-embed>`: its attributes and properties ({@link SvcEmbedSvelteAttributes}), an
     * `onsvc-<name>` attribute per event, and what any element takes (`class`, `style`, `id`,
     * `bind:this` …).
     */
    'svc-embed': HTMLAttributes<SvcEmbedElement> & SvcEmbedSvelteAttributes;
  }
}
