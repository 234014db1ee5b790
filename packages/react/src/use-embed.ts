'use client';
import { createEmbed, syncUrl, type Embed, type EmbedSettings, type EmbedState, type EmbedSurface, type UrlAdapter } from '@svc-embed/host';
import type { ColorScheme, EmbedTheme } from '@svc-embed/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LISTENER_PROPS, type EmbedEventProps } from './event-props.js';
import { useOptionalLedger } from './session-ledger-context.js';

/**
 * Options of {@link useEmbed} and props of `<SvcEmbed>`: every `EmbedOptions` setting but the
 * injected window, document and clock; what to load, `publicId` or `src` (one of them is required:
 * the place is the element that gets `ref`, so there is no `container` or `iframe`); an `on<Name>`
 * listener per event; and the settings that follow the props through actions, without recreating
 * the embed.
 */
export type UseEmbedOptions = Omit<EmbedSettings, 'window' | 'document' | 'now'> & EmbedSurface & EmbedEventProps & {
  /** Sent as `set-color-scheme` whenever it changes (and once the embed exists). */
  colorScheme?: ColorScheme;
  /** Sent as `set-locale` whenever it changes. */
  locale?: string;
  /** Sent as `set-theme` whenever its content changes. */
  theme?: EmbedTheme;
  /**
   * Keeps the embed's in-embed path in the page URL (see `syncUrl` of `@svc-embed/host`): a query
   * parameter's name (`"dash"`, through `window.history`), or an adapter of your router made with
   * `useUrlAdapter`, so that the router stays in charge of history.
   */
  syncUrl?: string | UrlAdapter;
};

/** The settings handed to `createEmbed` as they are when it is created (`publicId` and `src` go as they are too). */
const PASSED_SETTINGS = [
  'attributes', 'removeIframe', 'allowExport', 'timezone', 'readyTimeoutMs', 'mintTimeoutMs', 'maxAttempts', 'retryDelayMs', 'mintLimit', 'lazy', 'debug',
] as const satisfies readonly (keyof EmbedSettings)[];

/**
 * `publicId` or `src` as given, for `createEmbed` to check: both given (only possible untyped) is
 * refused there, and so is neither.
 */
function surfaceOf(options: EmbedSurface): EmbedSurface {
  return options.src === undefined ? { publicId: options.publicId } : { src: options.src, publicId: options.publicId };
}

/** What {@link useEmbed} returns. */
export interface UseEmbedResult {
  /** Put it on the element the iframe goes into (`<div ref={ref} />`). */
  ref: (element: HTMLElement | null) => void;
  /** The embed, once created in the browser (never during server rendering, never while signed out). */
  embed: Embed | undefined;
  /** True while the viewer is signed out (the provider's `logout()`, or a `ledger` prop that logged out): no embed is made. */
  signedOut: boolean;
  /** The embed's `state` (`minting`, `loading`, `ready`, `renewing`, `failed` …), re-rendered on each change; undefined without an embed. */
  state: EmbedState | undefined;
}

/**
 * Creates an embed in the element that gets `ref`, and destroys it on unmount. Changing a listener or
 * a session callback never recreates it (the latest one is called); changing `baseUrl`, `publicId`,
 * `src`, `allowExport`, `sessionEndpoint` or the ledger does (a new URL and session). While the viewer is signed out
 * (see `SessionLedgerProvider`) it makes no embed. `colorScheme`, `locale`,
 * `timezone` and `theme` follow through actions. Under React StrictMode the embed of the discarded
 * first mount mints nothing.
 * @example
 * const { ref, embed } = useEmbed({ baseUrl, publicId: 'd-42', mintSessionId, onDownload: (p) => track(p.format) });
 * return <div ref={ref} style={{ height: 640 }} />;
 */
export function useEmbed(options: UseEmbedOptions): UseEmbedResult {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [embed, setEmbed] = useState<Embed>();
  const [state, setState] = useState<EmbedState>();
  const latest = useRef(options);
  latest.current = options;
  const viewer = useOptionalLedger();
  const ledger = options.ledger ?? viewer?.ledger;
  // Signed out by the provider, or by a logout of the ledger given as a prop: make nothing until signed in again.
  const signedOut = options.ledger ? options.ledger.loggedOut : viewer?.status === 'signed-out';
  const signed = options.mintSessionId !== undefined;
  const { baseUrl, publicId, src, allowExport, sessionEndpoint, colorScheme, locale, timezone, theme } = options;

  useEffect(() => {
    if (!container || signedOut) return undefined;
    const current = latest.current;
    const settings: Partial<EmbedSettings> = {};
    for (const key of PASSED_SETTINGS) if (current[key] !== undefined) Object.assign(settings, { [key]: current[key] });
    const created = createEmbed({
      ...settings,
      ...surfaceOf(current),
      baseUrl: current.baseUrl,
      container,
      ledger,
      sessionEndpoint,
      ...(signed
        ? {
            mintSessionId: () => latest.current.mintSessionId!(),
            revokeSessionId: (sessionId: string) => latest.current.revokeSessionId?.(sessionId),
          }
        : {}),
    });
    for (const [name, prop] of LISTENER_PROPS) {
      created.on(name, (...args: unknown[]) => (latest.current[prop] as ((...listenerArgs: unknown[]) => void) | undefined)?.(...args));
    }
    created.on('state', (change) => setState(change.state));
    setEmbed(created);
    setState(created.state);
    return () => {
      created.destroy();
      setEmbed(undefined);
      setState(undefined);
    };
    // Deliberately not on every option: the timezone is in the first URL and follows through
    // set-timezone after that; listeners and callbacks are read from `latest` when called.
  }, [container, baseUrl, publicId, src, allowExport, sessionEndpoint, signed, ledger, signedOut]);

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

  useSyncUrl(embed, options.syncUrl);

  const ref = useCallback((element: HTMLElement | null) => setContainer(element), []);
  return { ref, embed, signedOut, state };
}

/** Runs `syncUrl` for the embed while it lives; a new parameter name or adapter starts it again. */
function useSyncUrl(embed: Embed | undefined, target: string | UrlAdapter | undefined): void {
  useEffect(() => {
    if (!embed || target === undefined) return undefined;
    return syncUrl(embed, typeof target === 'string' ? { param: target } : { adapter: target });
  }, [embed, target]);
}
