import { EmbedError, type Embed } from '@svc-embed/host';
import { reportRefusal } from './refusal.js';
import type { EmbedTheme } from '@svc-embed/protocol';
import { computed, watch, watchPostEffect, type ShallowRef } from 'vue';
import type { LooseEmbedOptions } from './embed-settings.js';

/** What {@link followSettings} follows: the embed of the moment and the latest options. */
interface FollowedEmbed {
  /** The embed while there is one. */
  embed: Readonly<ShallowRef<Embed | undefined>>;
  /** The latest options. */
  read: () => LooseEmbedOptions;
}

/**
 * Sends `colorScheme`, `locale` and `theme` as actions once the embed exists and whenever they
 * change; `timezone` only when it changes (the first one is in the embed's URL); and runs the
 * `syncUrl` option's `UrlSync` for each embed while it lives (a new one starts it again). Each effect runs again
 * when what it reads changes: the embed, or its one setting (the embed's senders read nothing reactive).
 */
export function followSettings({ embed, read }: FollowedEmbed): void {
  watchPostEffect(() => {
    const scheme = read().colorScheme;
    if (embed.value && scheme) embed.value.setColorScheme(scheme);
  });
  watchPostEffect(() => {
    const locale = read().locale;
    if (embed.value && locale) embed.value.setLocale(locale);
  });
  // By content: a theme object made anew with the same fields sends nothing.
  const theme = computed(() => JSON.stringify(read().theme));
  watchPostEffect(() => {
    if (embed.value && theme.value) embed.value.setTheme(JSON.parse(theme.value) as EmbedTheme);
  });
  // A watch of the setting alone: a new embed has it in its URL already.
  watch(() => read().timezone, (timezone) => {
    if (embed.value && timezone) embed.value.setTimezone(timezone);
  });
  // A watch, not an effect: syncUrl reads the router's state, which must not restart it. The prop
  // brings syncUrl with it (a UrlSync): this file does not import it, so an app without it carries none.
  watch([() => embed.value, () => read().syncUrl], (now, _, onCleanup) => {
    const [current, sync] = now;
    if (!current || sync === undefined) return;
    if (typeof sync?.follow !== 'function') return reportRefusal(new EmbedError('invalid-option', `sync-url takes urlParam('dash') or a router's adapter (got ${JSON.stringify(sync)})`));
    onCleanup(sync.follow(current));
  }, { flush: 'post' });
}
