import { buildFilterParameter, type ActionName } from '@svc-embed/protocol';
import type { Embed } from './embed.js';
import { checkTimeZone } from './mount/time-zone-check.js';

/** The eight action methods of an {@link Embed}. */
type ActionSenders = Pick<
  Embed, 'setColorScheme' | 'setTheme' | 'setLocale' | 'setTimezone' | 'setFilter' | 'navigate' | 'refresh' | 'setSession'
>;

/** Sends action `name` with the payload `payload()` builds; throws before sending when it is invalid. */
export type SendAction = (name: ActionName, payload: () => unknown) => void;

/** Options of {@link actionSenders}. */
interface ActionSendersOptions {
  /** Builds, checks and sends (or queues) one action. */
  send: SendAction;
  /** Records an id passed to `setSession`, for the sign-out. */
  record: (sessionId: string) => void;
}

/** The action methods, all through one `send`. `setSession` also records the id with `record`. */
export function actionSenders(options: ActionSendersOptions): ActionSenders {
  const { send, record } = options;
  return {
    setColorScheme: (scheme) => send('set-color-scheme', () => ({ scheme })),
    setTheme: (embedTheme) => send('set-theme', () => ({ embedTheme })),
    setLocale: (locale) => send('set-locale', () => ({ locale })),
    setTimezone: (timezone) => send('set-timezone', () => ({ timezone: checkTimeZone(timezone, 'invalid-action') })),
    setFilter: (view: string, dimension?: string, value?: unknown) =>
      send('set-filter', () => ({
        filterUrlParameter: dimension === undefined ? view : buildFilterParameter(view, dimension, value),
      })),
    navigate: (path) => send('navigate', () => ({ path })),
    refresh: () => send('refresh', () => undefined),
    setSession(sessionId) {
      send('set-session', () => ({ sessionId }));
      record(sessionId);
    },
  };
}
