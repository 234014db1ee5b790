import type { EmbedSession, EmbedSettings, EmbedSurface, UrlSync } from '@svc-embed/host';
import type { ColorScheme, EmbedTheme } from '@svc-embed/protocol';
import type { EmbedEventProps } from './event-props.js';

/**
 * Options of {@link useEmbed} and props of `<SvcEmbed>`: every `EmbedOptions` setting but the
 * injected window, document and clock; the session (`sessionEndpoint`, or `mintSessionId` and
 * `revokeSessionId`: not both); what to load, `publicId` or `src` (one of them is required: the place
 * is the element that gets `ref`, so there is no `container` or `iframe`); an `on<Name>` listener per
 * event; and the settings that follow the props through actions, without recreating the embed.
 */
export type UseEmbedOptions = Omit<EmbedSettings, 'window' | 'document' | 'now'> & EmbedSession & EmbedSurface & EmbedEventProps & {
  /** Sent as `set-color-scheme` whenever it changes (and once the embed exists). */
  colorScheme?: ColorScheme;
  /** Sent as `set-locale` whenever it changes. */
  locale?: string;
  /** Sent as `set-theme` whenever its content changes. */
  theme?: EmbedTheme;
  /**
   * Keeps the embed's in-embed path in the page URL (see `syncUrl` of `@svc-embed/host`):
   * `urlParam('dash')` (a query parameter, through `window.history`), or your router's adapter made
   * with `useUrlAdapter`, so that the router stays in charge of history. Without it the component
   * carries none of `syncUrl`.
   */
  syncUrl?: UrlSync;
};
