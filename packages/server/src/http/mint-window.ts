/**
 * The mint limit as a sliding window over two counters: the attempts of the current fixed window
 * and of the one before it, weighted by how much of that earlier window still lies inside the last
 * `windowMs` (the estimate Cloudflare and others use for rate limits). Two numbers per viewer,
 * however many attempts: refusing costs what admitting costs. Pure: the store counts, this decides.
 */
import type { MintCount } from '../stores/session-store.js';

/** The limit a count is judged against. */
interface MintLimit {
  /** When the attempt was counted, epoch ms. */
  now: number;
  windowMs: number;
  mintsPerWindow: number;
}

/** `allowed`, or `refused` with the seconds until an attempt would be allowed again (`Retry-After`). */
type MintVerdict = { kind: 'allowed' } | { kind: 'refused'; retryAfterSeconds: number };

/** The attempts in the last `windowMs` as the two counters estimate them, this one included. */
export function estimatedAttempts(count: MintCount, limit: MintLimit): number {
  const elapsed = Math.min(1, Math.max(0, (limit.now - count.windowStart) / limit.windowMs));
  return count.previous * (1 - elapsed) + count.current;
}

/** Whether the counted attempt may mint. Every attempt counts, refused ones too. */
export function mintVerdict(count: MintCount, limit: MintLimit): MintVerdict {
  if (estimatedAttempts(count, limit) <= limit.mintsPerWindow) return { kind: 'allowed' };
  const waitMs = Math.max(0, Math.round(nextAllowedAt(count, limit) - limit.now));
  return { kind: 'refused', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * When one more attempt (counted on top of these) would fit, if no other came: later in this window
 * as the earlier window's weight fades, or in the next window as this one's fades.
 */
function nextAllowedAt(count: MintCount, limit: MintLimit): number {
  const room = limit.mintsPerWindow - count.current - 1;
  if (room >= 0 && count.previous > 0) return count.windowStart + limit.windowMs * (1 - room / count.previous);
  const nextWindow = count.windowStart + limit.windowMs;
  return nextWindow + limit.windowMs * Math.max(0, 1 - (limit.mintsPerWindow - 1) / count.current);
}
