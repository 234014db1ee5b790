import { createEmbed, type Embed, type EmbedOptions, type SessionLedger } from '@svc-embed/host';
import { eventName } from '@svc-embed/protocol';
import { propName } from './event-props.js';
import type { UseEmbedOptions } from './use-embed-options.js';

/** The props as they are on the latest render: listeners and session callbacks are read from it when called. */
interface LatestOptions {
  readonly current: UseEmbedOptions;
}

/** The props that are this binding's, not `createEmbed`'s: the settings sent as actions. */
const FOLLOWED = ['colorScheme', 'locale', 'theme', 'syncUrl'];

/**
 * The props `createEmbed` takes: all but the `on<Name>` listeners and the settings sent as actions.
 * Any other prop goes on, so that `createEmbed` refuses one it does not know (`sessionEndPoint`:
 * `invalid-option`, did you mean `sessionEndpoint`?) instead of leaving it out in silence.
 */
function createEmbedProps(options: UseEmbedOptions): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter((entry) => !/^on[A-Z]/.test(entry[0]) && !FOLLOWED.includes(entry[0])));
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
 * The embed the props describe now: every prop as it is when it is created (`createEmbed` reads the
 * settings it knows, and checks them: `publicId` and `src` both, or neither, only possible untyped,
 * are refused there), where, and for a signed embed (one with a `mintSessionId` prop) the session
 * callbacks. The callbacks and the `on<Name>` listeners call the latest props, so changing one never
 * recreates the embed.
 */
export function createEmbedFromProps({ container, ledger, latest }: EmbedFromProps): Embed {
  const options = latest.current;
  const mint = options.mintSessionId;
  const signed = mint && {
    mintSessionId: () => (latest.current.mintSessionId ?? mint)(),
    revokeSessionId: (sessionId: string) => latest.current.revokeSessionId?.(sessionId),
  };
  // The props as given (sessionEndpoint with mintSessionId, which only JavaScript can give, goes on
  // to createEmbed, which refuses it), but the session callbacks, which call the latest props.
  const created = createEmbed({ ...createEmbedProps(options), ...signed, container, ledger } as unknown as EmbedOptions);
  const call = (name: string, ...args: unknown[]) => (latest.current[propName(name)] as ((...listenerArgs: unknown[]) => void) | undefined)?.(...args);
  // Every event by its name (the wire type's last part), then the host notifications.
  created.on('*', (payload, message) => call(eventName(message.type), payload, message));
  created.on('renewed', (info) => call('renewed', info));
  created.on('renewal-failed', (info) => call('renewal-failed', info));
  return created;
}
