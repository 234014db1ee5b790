import type { DebugLogger } from './embed-options.js';
import type { Scope } from './scope.js';

/**
 * Runs `task` up to `attempts` times, waiting `delayMs`, then twice that, and so on between attempts
 * (exponential backoff). Rejects with the last error, or with `destroyed` once the scope is disposed.
 */
export async function retry(
  task: (attempt: number) => Promise<void>, attempts: number, delayMs: number, scope: Scope, log: DebugLogger,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (scope.dead || attempt >= attempts) throw error;
      log('retry', attempt, error);
      await scope.guard(new Promise((resolve) => scope.later(delayMs * 2 ** (attempt - 1), resolve as () => void)));
    }
  }
}
