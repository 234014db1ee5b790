import type { Scope } from './scope.js';

/** How often to try and how long to wait: `attempts` in all, the n-th retry after `delayMs * 2^(n-1)`. */
export interface RetryPolicy {
  /** Attempts in all, the first included (at least 1). */
  attempts: number;
  /** Wait before the second attempt; doubled before each further one. */
  delayMs: number;
}

/**
 * How long to wait after failed attempt number `failed` (1-based) before the next one: `delayMs`,
 * then twice that, and so on (exponential backoff).
 * @example backoffDelay({ attempts: 4, delayMs: 1_000 }, 3) // 4_000
 */
export function backoffDelay(policy: RetryPolicy, failed: number): number {
  return policy.delayMs * 2 ** (failed - 1);
}

/** Options of {@link retry}. */
export interface RetryOptions {
  /** Runs one attempt (1-based number); a rejection is a failed attempt. */
  task: (attempt: number) => Promise<void>;
  /** How many attempts, and the backoff between them. */
  policy: RetryPolicy;
  /** Whose timers wait between attempts; once disposed, no further attempt starts. */
  scope: Scope;
  /** Told of each failed attempt that is followed by another. */
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * Runs `task` until it resolves, at most `policy.attempts` times, waiting {@link backoffDelay}
 * between attempts. Rejects with the last error, or with the scope's disposed error once disposed.
 */
export async function retry(options: RetryOptions): Promise<void> {
  const { task, policy, scope, onRetry } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (scope.disposed || attempt >= policy.attempts) throw error;
      onRetry?.(attempt, error);
      await scope.guard(new Promise<void>((resolve) => scope.later(backoffDelay(policy, attempt), resolve)));
    }
  }
}
