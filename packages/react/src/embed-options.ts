import { createEmbed, type Embed, type EmbedSettings, type SessionLedger } from '@svc-embed/host';
import { LISTENED, propName } from './event-props.js';
import type { UseEmbedOptions } from './use-embed-options.js';

/** The settings handed to `createEmbed` as they are when it is created (`publicId` and `src` go as they are too). */
const PASSED_SETTINGS = [
  'attributes', 'removeIframe', 'allowExport', 'timezone', 'readyTimeoutMs', 'mintTimeoutMs', 'maxAttempts', 'retryDelayMs', 'mintLimit', 'lazy', 'debug',
] as const satisfies readonly (keyof EmbedSettings)[];

/** The props as they are on the latest render: listeners and session callbacks are read from it when called. */
interface LatestOptions {
  readonly current: UseEmbedOptions;
}

/** What {@link createEmbedFromProps} makes an embed of. */
interface EmbedFromProps {
  /** The element that got `ref`. */
  container: HTMLElement;
  /** The provider's ledger or the `ledger` prop; undefined: the embed has a ledger of its own. */
  ledger: SessionLedger | undefined;
  latest: LatestOptions;
}

/**
 * The embed the props describe now: the settings, what to load (`publicId` or `src` as given, for
 * `createEmbed` to check: both given, only possible untyped, is refused there, and so is neither),
 * where, and for a signed embed (one with a `mintSessionId` prop) the session callbacks. The
 * callbacks and the `on<Name>` listeners call the latest props, so changing one never recreates
 * the embed.
 */
export function createEmbedFromProps({ container, ledger, latest }: EmbedFromProps): Embed {
  const options = latest.current;
  const mint = options.mintSessionId;
  const settings: Partial<EmbedSettings> = {};
  for (const key of PASSED_SETTINGS) if (options[key] !== undefined) Object.assign(settings, { [key]: options[key] });
  const created = createEmbed({
    ...settings,
    ...(options.src === undefined ? { publicId: options.publicId } : { src: options.src, publicId: options.publicId }),
    baseUrl: options.baseUrl,
    container,
    ledger,
    sessionEndpoint: options.sessionEndpoint,
    ...(mint
      ? {
          mintSessionId: () => (latest.current.mintSessionId ?? mint)(),
          revokeSessionId: (...args: [sessionId: string]) => latest.current.revokeSessionId?.(...args),
        }
      : {}),
  });
  for (const name of LISTENED) {
    const prop = propName(name);
    created.on(name, (...args: unknown[]) => (latest.current[prop] as ((...listenerArgs: unknown[]) => void) | undefined)?.(...args));
  }
  return created;
}
