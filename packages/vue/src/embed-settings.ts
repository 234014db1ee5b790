import type { EmbedOptions, EmbedSession, EmbedSessionCallbacks, EmbedSettings, EmbedSurface, SessionLedger, UrlSync } from '@svc-embed/host';
import type { ColorScheme, EmbedTheme } from '@svc-embed/protocol';
import type { EmbedEventHandlers } from './embed-events.js';

/**
 * Options of {@link useEmbed} and props of `<SvcEmbed>`: every `createEmbed` setting but the
 * injected window, document and clock; the session (`sessionEndpoint`, or `mintSessionId` and
 * `revokeSessionId`: not both); what to load, `publicId` or `src` (the place is the element
 * bound to `container`, so there is no `container` or `iframe`); an `on<Name>` listener per event;
 * and the settings that follow through actions, without recreating the embed.
 */
export type UseEmbedOptions = Omit<EmbedSettings, 'window' | 'document' | 'now'> & EmbedSession & EmbedSurface & EmbedEventHandlers & FollowedSettings;

/** The settings sent as actions whenever they change, and `syncUrl`. */
export interface FollowedSettings {
  /** Sent as `set-color-scheme` whenever it changes (and once the embed exists). */
  colorScheme?: ColorScheme;
  /** Sent as `set-locale` whenever it changes. */
  locale?: string;
  /** Sent as `set-theme` whenever its content changes. */
  theme?: EmbedTheme;
  /**
   * Keeps the embed's in-embed path in the page URL (see `syncUrl` of `@svc-embed/host`):
   * `urlParam('dash')` (a query parameter, through `window.history`), or your router's adapter made
   * with `useRouterUrl` (Vue Router) or `useUrlAdapter`, so that the router stays in charge of
   * history. Without it the component carries none of `syncUrl`.
   */
  syncUrl?: UrlSync;
}

/**
 * {@link UseEmbedOptions} with `publicId` and `src` both optional, and the session's options too, as
 * `<SvcEmbed>`'s props have them (Vue's props cannot say "one of two": `createEmbed` refuses both).
 */
export type LooseEmbedOptions = Omit<EmbedSettings, 'window' | 'document' | 'now'> & { publicId?: string; src?: string } & LooseSession & EmbedEventHandlers & FollowedSettings;

/** The session's options, each optional. */
interface LooseSession {
  sessionEndpoint?: string;
  mode?: 'private';
  mintSessionId?: EmbedSessionCallbacks['mintSessionId'];
  revokeSessionId?: EmbedSessionCallbacks['revokeSessionId'];
}

/** What makes a new embed when it changes: a new URL or a new way to mint (see {@link useEmbed}). */
export function recipeOf(options: LooseEmbedOptions): string {
  return JSON.stringify([options.baseUrl, options.publicId, options.src, options.allowExport, options.sessionEndpoint, options.mintSessionId !== undefined]);
}

/** What {@link embedOptions} makes `createEmbed`'s options from. */
interface EmbedOptionsSource {
  /** The latest options (the session callbacks are read from it when called). */
  read: () => LooseEmbedOptions;
  /** The element the iframe goes into. */
  container: HTMLElement;
  /** The viewer's ledger, when there is one. */
  ledger: SessionLedger | undefined;
}

/** The options that are this binding's, not `createEmbed`'s: the settings sent as actions. */
const FOLLOWED = ['colorScheme', 'locale', 'theme', 'syncUrl'];

/**
 * `createEmbed`'s options, from the options as they are now: every option as it is (an absent one is
 * `undefined`, which `createEmbed` reads as its default), but the listeners and the settings that
 * follow through actions (this binding's), and the session callbacks, which call the latest ones.
 * Any other option goes on, so that `createEmbed` refuses one it does not know (`sessionEndPoint`:
 * `invalid-option`, did you mean `sessionEndpoint`?) instead of leaving it out in silence.
 */
export function embedOptions({ read, container, ledger }: EmbedOptionsSource): EmbedOptions {
  const { mintSessionId, revokeSessionId, ...given } = read();
  const settings = Object.fromEntries(Object.entries(given).filter((entry) => !/^on[A-Z]/.test(entry[0]) && !FOLLOWED.includes(entry[0])));
  const signed = mintSessionId && {
    mintSessionId: () => (read().mintSessionId ?? mintSessionId)(),
    revokeSessionId: (sessionId: string) => read().revokeSessionId?.(sessionId),
  };
  // Neither or both of publicId and src are refused by createEmbed (invalid-option), as in JavaScript.
  return { ...settings, ...signed, container, ledger } as unknown as EmbedOptions;
}
