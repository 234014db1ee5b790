import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';
import { assembleEmbed } from '../create-embed.js';
import type { Embed } from '../embed.js';
import { embedInternals } from '../embed-internals.js';
import { resolveEmbedContext, type EmbedContext } from '../mount/embed-context.js';
import type { EmbedOptions, KeepAlive } from '../mount/embed-options.js';
import type { SessionLedger } from '../ledger/session-ledger.js';
import type { AdoptedFrom } from '../mount/embed-timings.js';
import { faceOf } from './kept-face.js';
import { lotOf, type Kept, type KeptBounds } from './parking-lot.js';
import { createPlacement } from './placement.js';

/** Options of {@link keepAlive}. */
export interface KeepAliveOptions {
  /** How long a parked (or preloaded) embed waits to be adopted before it is destroyed and its ids revoked. Default 600000 (10 minutes). */
  idleMs?: number;
  /**
   * At most this many embeds kept in the page, parked and preloaded together: past it the least
   * recently kept is destroyed and its ids revoked. The limit of the embed being kept applies. Default 3.
   */
  max?: number;
}

/** What a {@link KeepAlive} made by {@link keepAlive} keeps its embed as. */
interface KeptSettings {
  key: string;
  bounds: KeptBounds;
}

const made = new WeakMap<KeepAlive, KeptSettings>();

/**
 * The settings of a `keepAlive` value.
 * @throws {EmbedError} `invalid-option` for one `keepAlive()` did not make
 */
export function keptSettings(value: KeepAlive | undefined): KeptSettings {
  const settings = value && made.get(value);
  if (!settings) throw new EmbedError('invalid-option', DEV ? 'keepAlive takes keepAlive(key) from @svc-embed/host' : ['keepAlive']);
  return settings;
}

/**
 * `createEmbed`'s `keepAlive` option (and `preloadEmbed`'s): the embed is kept alive under `key`.
 * Its `destroy()` (a framework's unmount) parks it instead of ending it: its session and renewal go
 * on, its ids stay in the ledger, its iframe is hidden from layout, pointer, focus and assistive
 * technology (`inert`, `aria-hidden`, `tabindex=-1`) without a reload. The next `createEmbed` with
 * the same key, `baseUrl`, surface, session kind and `ledger` option adopts it: nothing minted,
 * nothing loaded, `ready` at once (its `ready` event told to the adopter's listeners a task later);
 * its `timezone` is sent as an action (send the rest, such as
 * filters, theme and color scheme, as usual: they go at once). A parked embed is destroyed, and its
 * ids revoked, after `idleMs` unadopted, when more than `max` are kept, and on the ledger's sign-out.
 * Safe to call anywhere (it touches no window until an embed uses it).
 * @throws {EmbedError} `invalid-option` for an empty key, or an `idleMs` or `max` that is not a number above 0
 * @example createEmbed({ baseUrl, publicId: 'd-42', container: '#analytics', sessionEndpoint, keepAlive: keepAlive('reports') })
 */
export function keepAlive(key: string, options: KeepAliveOptions = {}): KeepAlive {
  const { idleMs = 600_000, max = 3 } = options;
  if (typeof key !== 'string' || !key || !(idleMs > 0) || !(Number.isInteger(max) && max > 0))
    throw new EmbedError('invalid-option', DEV ? `keepAlive takes a key (a non-empty string), and an idleMs and a max above 0 (got ${JSON.stringify({ key, idleMs, max })})` : ['keepAlive', key, idleMs, max]);
  const settings: KeptSettings = { key, bounds: { idleMs, max } };
  const keep: KeepAlive = (embedOptions) => keptEmbed(settings, embedOptions);
  made.set(keep, settings);
  return keep;
}

/** What an adopter must have the same as the kept embed: the tenant, the surface, how it is signed. */
function matchOf(context: EmbedContext): string {
  const { options } = context;
  return JSON.stringify([context.origin, options.publicId, options.src, options.allowExport, options.mode, options.sessionEndpoint]);
}

/**
 * The container a kept embed is shown in.
 * @throws {EmbedError} `invalid-option` for a wrapped `iframe` (a kept embed's iframe is the SDK's) or a container not found
 */
function containerOf(context: EmbedContext): Element {
  const { container, iframe } = context.options;
  const found = typeof container === 'string' ? context.document.querySelector(container) : container;
  if (found && !iframe) return found;
  throw new EmbedError('invalid-option', DEV ? `keepAlive needs a container in the page (got ${iframe ? 'iframe' : String(container)})` : ['keepAlive', String(container)]);
}

/** `createEmbed` with `keepAlive`: adopts the embed kept under the key when it matches, else makes one that parks on `destroy()`. */
function keptEmbed(settings: KeptSettings, options: EmbedOptions): Embed {
  return keptIn({ settings, context: resolveEmbedContext(options) }).embed;
}

/** What {@link keptIn} works with. */
interface KeptIn {
  settings: KeptSettings;
  /** The embed's context, resolved (`<svc-embed>` gives its own session callbacks and mint budget). */
  context: EmbedContext;
  /** Laid over its container in every engine, never moved into it (`<svc-embed>`: the element's removal must not reach its iframe). */
  overlay?: boolean;
}

/**
 * A kept embed's face in the context's container: the embed kept under the key adopted when it
 * matches (and, with `overlay`, is overlaid too), else a new one that parks on `destroy()`; with the
 * ledger its ids are in (the adopted embed's).
 * @throws {EmbedError} `invalid-option` as `createEmbed`, and as {@link containerOf}
 */
export function keptIn(options: KeptIn): { embed: Embed; ledger: SessionLedger } {
  const { settings, context, overlay } = options;
  const container = containerOf(context);
  const taken = lotOf(context.document).take(settings.key, matchOf(context), context.options.ledger);
  const fits = taken && (!overlay || taken.kept.placement.mode === 'overlay');
  if (fits && taken.kept.placement.show(taken.kept.inner.iframe, container)) return { embed: adopt({ settings, context, kept: taken.kept, from: taken.from }), ledger: taken.kept.viewer };
  taken?.kept.inner.destroy();
  const kept = makeKept({ settings, context, container, overlay });
  return { embed: faceOf({ inner: kept.inner, window: context.window, timings: kept.inner.timings, park: () => park(kept, settings) }), ledger: context.ledger };
}

/** What {@link makeKept} works with. */
interface MakeKept {
  settings: KeptSettings;
  context: EmbedContext;
  /** Where it is shown; none for a preload (made hidden). */
  container?: Element;
  /** Overlaid in every engine (see {@link KeptIn}). */
  overlay?: boolean;
}

/**
 * Assembles a kept embed: in its container where the engine moves iframes without a reload, else in
 * its slot laid over the container (or, for a preload, in its hidden slot, lazy or not: it starts
 * at once). Only the first goes in after its first mint's request, as any embed; the slot's iframe
 * goes in at once, to be shown or hidden. Its end forgets it and removes its slot.
 */
export function makeKept(options: MakeKept): Kept {
  const { settings, context, container } = options;
  const { document: doc, window: win } = context;
  const placement = createPlacement({ document: doc, window: win, overlay: options.overlay });
  const inPlace = container && placement.mode === 'move' ? container : undefined;
  let inner: Embed;
  try {
    inner = assembleEmbed(inPlace ? context : { ...context, options: { ...context.options, container: placement.slot, lazy: container ? context.options.lazy : undefined } as EmbedOptions });
  } catch (error) {
    placement.release();
    throw error;
  }
  const internals = embedInternals(inner);
  const scope = internals?.scope;
  const kept: Kept = { key: settings.key, inner, match: matchOf(context), ledger: context.options.ledger, viewer: context.ledger, placement, later: (ms, run) => scope?.later(ms, run) ?? (() => {}) };
  inner.on('ready', (_payload, message) => {
    kept.ready = message;
  });
  scope?.onDispose(() => {
    lotOf(doc).forget(kept);
    placement.release();
  });
  // Shown over its container (overlay), or hidden (a preload), now: so its iframe is put in its slot
  // now, not after the first mint's request as an embed in its own container is (mint first).
  if (!inPlace) internals?.place();
  if (container && !inPlace) placement.show(inner.iframe, container);
  return kept;
}

/** The states an embed can be parked in: started, and not failed (a lazy one never seen, a failed one, ends). */
const PARKABLE = ['minting', 'loading', 'ready', 'renewing'];

/** `destroy()` of a kept embed's face: parks it, or ends it when it cannot be kept. */
function park(kept: Kept, settings: KeptSettings): void {
  const { inner } = kept;
  if (!PARKABLE.includes(inner.state) || !kept.placement.hide(inner.iframe)) return inner.destroy();
  lotOf(inner.iframe.ownerDocument).keep(kept, 'parked', settings.bounds);
}

/** The states of an embed that has been ready (a renewal keeps its document). */
const READY_STATES = ['ready', 'renewing'];

/**
 * A kept embed adopted by a new mount, already shown in its container: a face of its own, with
 * timings of its own (`adopted`, and `ready` at once when it was ready), its `ready` event told to
 * the face's listeners when it was ready ({@link tellReady}); its `timezone` sent.
 */
function adopt(adoption: { settings: KeptSettings; context: EmbedContext; kept: Kept; from: AdoptedFrom }): Embed {
  const { settings, context, kept } = adoption;
  const { options } = context;
  const timing = options.timings?.({ window: context.window, label: options.publicId ?? '' });
  timing?.adopt?.(adoption.from);
  const face = faceOf({ inner: kept.inner, window: context.window, timings: timing?.timings, park: () => park(kept, settings) });
  if (READY_STATES.includes(face.state)) tellReady(face, kept);
  const noteReady = () => {
    if (READY_STATES.includes(face.state)) timing?.note('ready');
  };
  noteReady();
  if (timing) face.on('state', noteReady);
  if (options.timezone) face.setTimezone(options.timezone);
  return face;
}

/**
 * Tells an adopter's listeners the `ready` its kept embed sent last (its payload and message): its
 * `ready` and `'*'` listeners (the last mount's were released when it parked), once, a task after
 * the adoption, as a fresh embed's `ready` comes after `createEmbed` returns, so that those added
 * right after it (`<svc-embed>`'s `svc-ready`, a component's `onReady`) hear it. A `ready` the kept
 * embed sends before then (its document loaded afresh) is told instead, as it comes; a face that
 * lets go before then tells none (the task is its scope's).
 */
function tellReady(face: Embed, kept: Kept): void {
  const { ready } = kept;
  const internals = embedInternals(face);
  internals?.scope.later(0, () => {
    if (!ready || kept.ready !== ready) return;
    internals.emit('ready', ready.payload, ready);
    internals.emit('*', ready.payload, ready);
  });
}
