import { requireInteger, requirePositiveNumber } from '../checks.js';
import { InvalidArgumentError } from '../errors.js';

/** Poll delays: `initialMs`, then multiplied by `factor` each time, never above `maxMs`. */
export interface Backoff {
  /** First delay (default 500). */
  initialMs?: number;
  /** Largest delay (default 5000). */
  maxMs?: number;
  /** Growth per poll (default 2). */
  factor?: number;
}

/** Default poll delays of dashboard exports. */
export const DEFAULT_POLL_BACKOFF = { initialMs: 500, maxMs: 5000, factor: 2 } as const;

/** Checks a {@link Backoff} and fills in defaults. */
export function resolveBackoff(backoff: Backoff | undefined): Required<Backoff> {
  const initialMs = requireInteger('backoff.initialMs', backoff?.initialMs ?? DEFAULT_POLL_BACKOFF.initialMs, 0);
  const maxMs = requireInteger('backoff.maxMs', backoff?.maxMs ?? DEFAULT_POLL_BACKOFF.maxMs, 0);
  const factor = requirePositiveNumber('backoff.factor', backoff?.factor ?? DEFAULT_POLL_BACKOFF.factor);
  if (factor < 1) throw new InvalidArgumentError('backoff.factor', `backoff.factor must be at least 1 (got ${factor})`);
  if (maxMs < initialMs) throw new InvalidArgumentError('backoff.maxMs', `backoff.maxMs (${maxMs}) is below initialMs (${initialMs})`);
  return { initialMs, maxMs, factor };
}

/** Delay before poll number `index` (0 = the first wait), a pure function of the settings. */
export function backoffDelay(backoff: Required<Backoff>, index: number): number {
  return Math.min(backoff.maxMs, Math.round(backoff.initialMs * backoff.factor ** index));
}
