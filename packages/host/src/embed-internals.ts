import type { ListenerRegistry, Scope } from '@svc-embed/runtime';
import type { Embed, EmbedListeners } from './embed.js';
import type { DebugLogger } from './base/debug-logger.js';

/** What functions outside `createEmbed` (such as `syncUrl`) may reach of an embed: its logger, its life and its clock. */
interface EmbedInternals {
  /** The embed's debug logger (a no-op unless `debug`). */
  log: DebugLogger;
  /** The embed's scope: its clean-ups run on `destroy()` and on the viewer's sign-out. */
  scope: Scope;
  /** The embed's clock, epoch ms (the `now` option). */
  now: () => number;
  /**
   * Puts a created iframe in its container now, if it is not there yet (idempotent; `createEmbed`
   * does it itself once the first mint's request is out): for code that must show or hide it at once.
   */
  place: () => void;
  /** Tells the embed's listeners an event, as if it had come (keep-alive tells an adopter's listeners the `ready` the embed had sent). */
  emit: ListenerRegistry<EmbedListeners>['emit'];
}

const internals = new WeakMap<Embed, EmbedInternals>();

/** Records what {@link embedInternals} gives back for `embed`; `createEmbed` calls it once. */
export function registerEmbed(embed: Embed, parts: EmbedInternals): Embed {
  internals.set(embed, parts);
  return embed;
}

/** The internals of an embed made by `createEmbed`, or undefined for anything else. */
export function embedInternals(embed: Embed): EmbedInternals | undefined {
  return internals.get(embed);
}
