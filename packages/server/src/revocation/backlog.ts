/**
 * What one instance could not hand to the store, kept in its memory for its own sweep: ids minted
 * that could be neither recorded nor revoked (never handed out), and viewers whose hint could not
 * be written while they have pending ids. Bounded: past {@link BACKLOG_LIMIT} entries of a
 * kind, a new one is refused (and the caller reports it).
 */

/** Most entries of each kind one instance keeps. */
const BACKLOG_LIMIT = 10_000;

/** An id minted for `viewerId` that is in no store and was not revoked. */
export interface Orphan {
  viewerId: string;
  sessionId: string;
}

/** The instance's backlog. */
export interface Backlog {
  /** Keeps an orphan; `false` when the backlog is full. */
  keepOrphan(orphan: Orphan): boolean;
  /** Keeps a viewer whose hint is missing; `false` when the backlog is full. */
  keepHint(viewerId: string): boolean;
  /** Hands over (and forgets) every orphan. */
  takeOrphans(): Orphan[];
  /** Hands over (and forgets) every viewer whose hint is missing. */
  takeHints(): string[];
  /** How many entries it holds. */
  size(): number;
}

/** An empty backlog. */
export function createBacklog(limit = BACKLOG_LIMIT): Backlog {
  const orphans = new Map<string, string>();
  const hints = new Set<string>();
  return {
    keepOrphan: ({ viewerId, sessionId }) => {
      if (orphans.size >= limit) return false;
      orphans.set(sessionId, viewerId);
      return true;
    },
    keepHint: (viewerId) => {
      if (hints.size >= limit) return false;
      hints.add(viewerId);
      return true;
    },
    takeOrphans: () => {
      const taken: Orphan[] = [];
      for (const [sessionId, viewerId] of orphans) taken.push({ viewerId, sessionId });
      orphans.clear();
      return taken;
    },
    takeHints: () => {
      const taken = [...hints];
      hints.clear();
      return taken;
    },
    size: () => orphans.size + hints.size,
  };
}
