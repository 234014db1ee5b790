import { syncUrl, type Embed } from '@svc-embed/host';
import type { EmbedTheme } from '@svc-embed/protocol';
import { watch, type ShallowRef } from 'vue';
import type { LooseEmbedOptions } from './embed-settings.js';

/** What {@link followSettings} follows: the embed of the moment and the latest options. */
export interface FollowedEmbed {
  /** The embed while there is one. */
  embed: Readonly<ShallowRef<Embed | undefined>>;
  /** The latest options. */
  read: () => LooseEmbedOptions;
}

/** One setting that follows the embed: read by `value`, handed to `apply` with the embed of the moment. */
interface Follower<T> {
  /** The embed while there is one. */
  embed: () => Embed | undefined;
  /** The setting's value now. */
  value: () => T;
  /** Runs for each embed as it comes, and again whenever the value changes under it; `onCleanup` undoes it. */
  apply: (embed: Embed, value: T, onCleanup: (cleanup: () => void) => void) => void;
}

/**
 * Runs `apply` once the embed exists and whenever it or the value changes. The sources are getters:
 * a shallow ref among them would run `apply` on any change of any option read alongside, with the
 * same values.
 */
function follow<T>({ embed, value, apply }: Follower<T>): void {
  watch([embed, value], (now, _, onCleanup) => {
    const [current, latest] = now;
    if (current) apply(current, latest, onCleanup);
  }, { flush: 'post' });
}

/**
 * Sends `colorScheme`, `locale` and `theme` as actions once the embed exists and whenever they
 * change; `timezone` only when it changes (the first one is in the embed's URL); and runs `syncUrl`
 * for each embed while it lives (a new parameter or adapter starts it again).
 */
export function followSettings({ embed, read }: FollowedEmbed): void {
  const live = () => embed.value;
  follow({ embed: live, value: () => read().colorScheme, apply(current, scheme) {
    if (scheme) current.setColorScheme(scheme);
  } });
  follow({ embed: live, value: () => read().locale, apply(current, locale) {
    if (locale) current.setLocale(locale);
  } });
  // By content: a theme object made anew with the same fields sends nothing.
  follow({ embed: live, value: () => JSON.stringify(read().theme ?? null), apply(current, theme) {
    if (theme !== 'null') current.setTheme(JSON.parse(theme) as EmbedTheme);
  } });
  let madeWith: { embed: Embed; timezone: string | undefined } | undefined;
  follow({ embed: live, value: () => read().timezone, apply(current, timezone) {
    if (madeWith?.embed !== current) madeWith = { embed: current, timezone };
    else if (timezone && madeWith.timezone !== timezone) {
      madeWith.timezone = timezone;
      current.setTimezone(timezone);
    }
  } });
  follow({ embed: live, value: () => read().syncUrl, apply(current, target, onCleanup) {
    if (target !== undefined) onCleanup(syncUrl(current, typeof target === 'string' ? { param: target } : { adapter: target }));
  } });
}
