import type { EventMessage } from '@svc-embed/protocol';
import type { Embed } from '../embed.js';
import type { SessionLedger } from '../ledger/session-ledger.js';
import type { Placement } from './placement.js';

/** One kept embed: the embed as assembled, what an adopter must match, and its place. */
export interface Kept {
  /** The `keepAlive` key. */
  readonly key: string;
  /** The embed as `createEmbed` assembled it: its `destroy()` ends it for good (its ids revoked, its iframe removed). */
  readonly inner: Embed;
  /** What an adopter must have the same: the tenant origin, the surface, how it is signed. */
  readonly match: string;
  /** The `ledger` option it was made with (`undefined`: a ledger of its own). */
  readonly ledger: SessionLedger | undefined;
  /** The ledger its ids are in: that option, or the ledger of its own. */
  readonly viewer: SessionLedger;
  /** Where its iframe is, and how it is shown and hidden. */
  readonly placement: Placement;
  /** Arms a timer of the embed's own (released with it); returns its cancel. */
  readonly later: (ms: number, run: () => void) => () => void;
  /** The `ready` it sent last, if it has sent one: told again to an adopter's listeners. */
  ready?: EventMessage<'ready'>;
}

/** How a kept embed waits: `parked` by an unmount, or `preloaded` by `preloadEmbed`. */
type KeptPhase = 'parked' | 'preloaded';

/** The limits a kept embed is held to (`keepAlive`'s options). */
export interface KeptBounds {
  /** Idle limit: destroyed (its ids revoked) after this long unadopted. */
  idleMs: number;
  /** At most this many embeds kept (parked and preloaded together) in the document; the least recently kept is destroyed first. */
  max: number;
}

/** A document's kept embeds, by key. */
interface ParkingLot {
  /**
   * Takes the embed kept under `key` for an adopter: the one kept, and how, when it matches and
   * still works; one that does not (another surface or ledger, a failed load) is destroyed, and
   * `undefined` is returned, as when none is kept.
   */
  take(key: string, match: string, ledger: SessionLedger | undefined): { kept: Kept; from: KeptPhase } | undefined;
  /** Keeps `kept`: replaces (destroys) another kept under its key, arms its idle limit, and destroys the least recently kept past `bounds.max`. */
  keep(kept: Kept, phase: KeptPhase, bounds: KeptBounds): void;
  /** Forgets `kept` (it has ended). */
  forget(kept: Kept): void;
  /** True when an embed is kept under `key`. */
  has(key: string): boolean;
  /** True while `kept` is in the lot (not adopted, not ended). */
  holds(kept: Kept): boolean;
}

/** The states in which a kept embed is of no use to an adopter. */
const UNUSABLE = ['failed', 'destroyed'];

const lots = new WeakMap<Document, ParkingLot>();

/** The {@link ParkingLot} of `doc`, made on first use. */
export function lotOf(doc: Document): ParkingLot {
  let lot = lots.get(doc);
  if (!lot) {
    lot = createParkingLot();
    lots.set(doc, lot);
  }
  return lot;
}

/** One embed in the lot. */
interface Held {
  kept: Kept;
  phase: KeptPhase;
  /** Cancels its idle limit. */
  stopIdle: () => void;
}

function createParkingLot(): ParkingLot {
  /** In the order they were kept: the first is the least recently kept. */
  const held = new Map<string, Held>();
  const end = (entry: Held) => {
    held.delete(entry.kept.key);
    entry.stopIdle();
    entry.kept.inner.destroy();
  };
  return {
    take(key, match, ledger) {
      const entry = held.get(key);
      if (!entry) return undefined;
      const { kept } = entry;
      if (kept.match !== match || kept.ledger !== ledger || UNUSABLE.includes(kept.inner.state)) {
        end(entry);
        return undefined;
      }
      held.delete(key);
      entry.stopIdle();
      return { kept, from: entry.phase };
    },
    keep(kept, phase, bounds) {
      const before = held.get(kept.key);
      if (before?.kept === kept) {
        before.stopIdle();
        held.delete(kept.key);
      } else if (before) end(before);
      const entry: Held = { kept, phase, stopIdle: kept.later(bounds.idleMs, () => end(entry)) };
      held.set(kept.key, entry);
      for (const oldest of held.values()) {
        if (held.size <= bounds.max) break;
        end(oldest);
      }
    },
    forget(kept) {
      if (held.get(kept.key)?.kept === kept) held.delete(kept.key);
    },
    has: (key) => held.has(key),
    holds: (kept) => held.get(kept.key)?.kept === kept,
  };
}
