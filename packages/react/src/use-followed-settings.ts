'use client';
import type { Embed } from '@svc-embed/host';
import type { ColorScheme, EmbedTheme } from '@svc-embed/protocol';
import { useEffect, useRef } from 'react';

/** The props that follow through actions, without recreating the embed. */
interface FollowedSettings {
  colorScheme?: ColorScheme | undefined;
  locale?: string | undefined;
  timezone?: string | undefined;
  theme?: EmbedTheme | undefined;
}

/**
 * Sends `set-color-scheme`, `set-locale` and `set-theme` (when its content changes) for the props as
 * they change, and once for each new embed; `set-timezone` only for a change after the embed was
 * made, since the time zone it was made with is in its first URL.
 */
export function useFollowedSettings(embed: Embed | undefined, { colorScheme, locale, timezone, theme }: FollowedSettings): void {
  const created = useRef<{ embed: Embed; timezone: string | undefined } | undefined>(undefined);
  useEffect(() => {
    if (embed && created.current?.embed !== embed) created.current = { embed, timezone };
  }, [embed, timezone]);
  useEffect(() => {
    if (embed && colorScheme) embed.setColorScheme(colorScheme);
  }, [embed, colorScheme]);
  useEffect(() => {
    if (embed && locale) embed.setLocale(locale);
  }, [embed, locale]);
  useEffect(() => {
    if (embed && timezone && created.current?.embed === embed && created.current.timezone !== timezone) {
      created.current.timezone = timezone;
      embed.setTimezone(timezone);
    }
  }, [embed, timezone]);
  const themeKey = theme ? JSON.stringify(theme) : undefined;
  useEffect(() => {
    if (embed && themeKey) embed.setTheme(JSON.parse(themeKey) as EmbedTheme);
  }, [embed, themeKey]);
}
