import type { EmbedSettings, UrlAdapter } from '@svc-embed/host';
import type { ColorScheme, EmbedTheme } from '@svc-embed/protocol';
import type { PropType } from 'vue';
import type { LooseEmbedOptions } from './embed-settings.js';

/** A boolean prop that stays `undefined` when absent (the embed's own default then applies). */
const optionalBoolean = { type: Boolean, default: undefined } as const;

/**
 * `<SvcEmbed>`'s props: every `createEmbed` setting (templates write them `base-url`, `public-id`,
 * `session-endpoint` …) and the settings that follow through actions. `baseUrl` is required, and
 * one of `publicId` and `src`: neither, or both, is refused with `invalid-option` when the embed is
 * made (Vue's props cannot say "one of two").
 */
export const SVC_EMBED_PROPS = {
  baseUrl: { type: String, required: true },
  publicId: String,
  src: String,
  allowExport: optionalBoolean,
  timezone: String,
  sessionEndpoint: String,
  mintSessionId: Function as PropType<EmbedSettings['mintSessionId']>,
  revokeSessionId: Function as PropType<EmbedSettings['revokeSessionId']>,
  ledger: Object as PropType<EmbedSettings['ledger']>,
  attributes: Object as PropType<EmbedSettings['attributes']>,
  lazy: { type: [Boolean, Object] as PropType<EmbedSettings['lazy']>, default: undefined },
  removeIframe: optionalBoolean,
  readyTimeoutMs: Number,
  mintTimeoutMs: Number,
  maxAttempts: Number,
  retryDelayMs: Number,
  mintLimit: Object as PropType<EmbedSettings['mintLimit']>,
  debug: { type: [Boolean, Function] as PropType<EmbedSettings['debug']>, default: undefined },
  colorScheme: String as PropType<ColorScheme>,
  locale: String,
  theme: Object as PropType<EmbedTheme>,
  syncUrl: [String, Object] as PropType<string | UrlAdapter>,
} as const satisfies { [K in keyof LooseEmbedOptions]?: unknown };
