// The payloads of the action catalog written out as documented interfaces; the protocol's type
// tests check them equal to the types the schemas in actions.ts infer.

/** `light`, `dark`, or `auto` (follow the viewer's OS preference). */
export type ColorScheme = 'light' | 'dark' | 'auto';

/** Payload of `set-color-scheme`. */
export interface SetColorSchemePayload {
  /** `light`, `dark`, or `auto` to follow the OS preference. */
  scheme: ColorScheme;
}

/** A brand theme: the common fields; others pass through to the surface untouched. */
export interface EmbedTheme {
  /** The primary colour, such as `#4f46e5`. */
  primaryColor?: string | undefined;
  /** The corner radius: a number of pixels or a CSS length. */
  borderRadius?: string | number | undefined;
  /** The font family. */
  font?: string | undefined;
  /** Further theme fields the surface knows (for example `analyticsChat`). */
  [field: string]: unknown;
}

/** Payload of `set-theme`. */
export interface SetThemePayload {
  /** The theme to apply at runtime. */
  embedTheme: EmbedTheme;
}

/** Payload of `set-locale`. */
export interface SetLocalePayload {
  /** A BCP 47 locale tag: `es-ES`, `es`, or a regional variant. */
  locale: string;
}

/** Payload of `set-timezone`. */
export interface SetTimezonePayload {
  /** An IANA time-zone name such as `Europe/Berlin` (the embed ignores bare UTC offsets). */
  timezone: string;
}

/** Payload of `set-filter`. */
export interface SetFilterPayload {
  /** `f_<semantic_view>.<dimension>=<JSON>`; build it with `buildFilterParameter`. */
  filterUrlParameter: string;
}

/** Payload of the `navigate` action. */
export interface NavigateActionPayload {
  /** An in-embed path starting with a single `/`. */
  path: string;
}

/** Payload of `set-session`. */
export interface SetSessionPayload {
  /** A single-use session id, minted right before sending. */
  sessionId: string;
}

/** Every action's payload, by action name (host to frame). */
export interface ActionPayloadMap {
  /** Switch the color scheme. */
  'set-color-scheme': SetColorSchemePayload;
  /** Apply a brand theme at runtime. */
  'set-theme': SetThemePayload;
  /** Switch the UI language. */
  'set-locale': SetLocalePayload;
  /** Switch the query time zone. */
  'set-timezone': SetTimezonePayload;
  /** Push a filter into a dashboard. */
  'set-filter': SetFilterPayload;
  /** Navigate to an in-embed path. */
  navigate: NavigateActionPayload;
  /** Re-run queries and refresh data; sent without a payload. */
  refresh: Record<string, never> | undefined;
  /** Replace the signed session in place. */
  'set-session': SetSessionPayload;
}
