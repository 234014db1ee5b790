import type { EmbedSessionCallbacks, EmbedSettings, UrlSync } from '@svc-embed/host';
import type { ColorScheme, EmbedTheme } from '@svc-embed/protocol';
import type { PropType } from 'vue';
import type { LooseEmbedOptions } from './embed-settings.js';

/**
 * `<SvcEmbed>`'s props as Vue reads them at run time: every setting of any type (`null`: Vue checks
 * nothing; `createEmbed` checks every setting and throws `invalid-option` naming a wrong one, and
 * templates are checked by vue-tsc), but the present-or-absent ones, which are booleans (so that
 * `<SvcEmbed allow-export>` is `true`) staying `undefined` when absent (the embed's default then
 * applies), and `baseUrl`, which is required.
 */
const runtimeProps = () => ({
  ...Object.fromEntries('publicId src timezone sessionEndpoint mode mintSessionId revokeSessionId ledger attributes readyTimeoutMs mintTimeoutMs maxAttempts retryDelayMs mintLimit lazy timings firstSession keepAlive colorScheme locale theme syncUrl'.split(' ').map((name) => [name, null])),
  ...Object.fromEntries('allowExport removeIframe debug'.split(' ').map((name) => [name, { type: Boolean, default: undefined }])),
  baseUrl: { type: null, required: true },
});

/** A boolean prop, as `<SvcEmbed>` declares its present-or-absent settings. */
type OptionalBoolean<T = boolean> = { type: PropType<T>; default: undefined };

/**
 * `<SvcEmbed>`'s props: every `createEmbed` setting (templates write them `base-url`, `public-id`,
 * `session-endpoint` …) and the settings that follow through actions. `baseUrl` is required, and
 * one of `publicId` and `src`: neither, or both, is refused with `invalid-option` when the embed is
 * made (Vue's props cannot say "one of two").
 */
type SvcEmbedPropsOptions = {
  baseUrl: { type: PropType<string>; required: true };
  publicId: PropType<string>;
  src: PropType<string>;
  allowExport: OptionalBoolean;
  timezone: PropType<string>;
  sessionEndpoint: PropType<string>;
  mode: PropType<'private'>;
  mintSessionId: PropType<EmbedSessionCallbacks['mintSessionId']>;
  revokeSessionId: PropType<EmbedSessionCallbacks['revokeSessionId']>;
  ledger: PropType<EmbedSettings['ledger']>;
  attributes: PropType<EmbedSettings['attributes']>;
  lazy: PropType<EmbedSettings['lazy']>;
  timings: PropType<EmbedSettings['timings']>;
  firstSession: PropType<EmbedSettings['firstSession']>;
  keepAlive: PropType<EmbedSettings['keepAlive']>;
  removeIframe: OptionalBoolean;
  readyTimeoutMs: PropType<number>;
  mintTimeoutMs: PropType<number>;
  maxAttempts: PropType<number>;
  retryDelayMs: PropType<number>;
  mintLimit: PropType<EmbedSettings['mintLimit']>;
  debug: OptionalBoolean<EmbedSettings['debug']>;
  colorScheme: PropType<ColorScheme>;
  locale: PropType<string>;
  theme: PropType<EmbedTheme>;
  syncUrl: PropType<UrlSync>;
};

/** `<SvcEmbed>`'s props declaration: {@link SvcEmbedPropsOptions}, written compactly (each byte is the app's). */
export const SVC_EMBED_PROPS = runtimeProps() as unknown as SvcEmbedPropsOptions;

