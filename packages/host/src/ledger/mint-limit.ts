import { DEV } from '../base/dev-mode.js';
import { EmbedError } from '../base/errors.js';

/**
 * At most `ids` session ids minted in any `windowMs`. A session lasts about 23 hours, so an honest
 * embed mints a handful an hour at most (the first id, a renewal, their retries); a surface that asks
 * for more is broken or compromised.
 * @example { ids: 30, windowMs: 3_600_000 } // 30 an hour
 */
export interface MintLimit {
  /** Ids in one window, at least 1. */
  ids: number;
  /** The window, ms. */
  windowMs: number;
}

/** Default limit of one embed: 30 ids an hour (an honest one mints at most about 16: 4 attempts each for the first id, a refused id, a renewal, a late rejection). */
export const EMBED_MINT_LIMIT: MintLimit = { ids: 30, windowMs: 3_600_000 };
/** Default limit of one viewer's ledger, over all its embeds: 120 ids an hour. */
export const LEDGER_MINT_LIMIT: MintLimit = { ids: 120, windowMs: 3_600_000 };

/** Counts the mints of one embed or one ledger against its {@link MintLimit}; its memory is at most `ids` times. */
export interface MintBudget {
  /** True when one more id may be minted at `now`. */
  allows(now: number): boolean;
  /** Counts one id minted at `now`. */
  spend(now: number): void;
  /** The `mint-limit` error of a mint this budget refuses. */
  refusal(): EmbedError;
}

/** Whose budget it is, for its errors. */
interface BudgetOwner {
  /** The option that sets it, such as `mintLimit`. */
  option: string;
  /** Whose mints it counts, such as `this embed`. */
  whose: string;
}

/**
 * Creates a {@link MintBudget}: a sliding window over the times of the last `limit.ids` mints.
 * @throws {EmbedError} `invalid-option` for a limit that is not a whole number of ids (at least 1) and a window above 0 ms
 */
export function createMintBudget(limit: MintLimit, owner: BudgetOwner): MintBudget {
  const ids = limit?.ids;
  const windowMs = limit?.windowMs;
  if (!Number.isInteger(ids) || ids < 1 || !(windowMs > 0))
    throw new EmbedError('invalid-option', DEV ? `${owner.option} must be { ids, windowMs }, ids a whole number above 0 and windowMs above 0 (got ${JSON.stringify(limit)})` : [owner.option, limit]);
  // Times of the mints still in the window, oldest first.
  const spent: number[] = [];
  const forget = (now: number) => {
    for (let oldest = spent[0]; oldest !== undefined && oldest <= now - windowMs; oldest = spent[0]) spent.shift();
  };
  return {
    allows(now) {
      forget(now);
      return spent.length < ids;
    },
    spend(now) {
      forget(now);
      spent.push(now);
    },
    refusal: () =>
      new EmbedError(
        'mint-limit',
        DEV
          ? `the embed asked for new sessions faster than any session lasts: ${ids} ids minted for ${owner.whose} within ${windowMs / 60_000} min (${owner.option}); none is minted until the oldest leaves that window`
          : [owner.option, ids, windowMs],
      ),
  };
}

/**
 * Counts one mint at `now` against every budget (the embed's and its ledger's), or counts none and
 * throws the refusal of the first that is full.
 * @throws {EmbedError} `mint-limit`
 */
export function spendFrom(budgets: readonly MintBudget[], now: number): void {
  const full = budgets.find((budget) => !budget.allows(now));
  if (full) throw full.refusal();
  for (const budget of budgets) budget.spend(now);
}
