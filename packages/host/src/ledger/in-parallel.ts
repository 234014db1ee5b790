// Bounded concurrency: a task over many items, at most a limit at a time. The server half has the
// same concept under the same name (its own `inParallel`); they are written twice on purpose: the
// code both browser halves share is the private runtime, bundled into each script file, and the
// server depends on no package of ours, so there is no module the host's ledger and the server could
// both import. (The ledger is this function's only user in the host.)
/** Runs `task` on every item, at most `limit` at a time, in order; resolves when all have settled. `task` never rejects. */
export function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  // One iterator shared by the workers: each takes the next item when its last task settles.
  const queue = items.values();
  const worker = async (): Promise<void> => {
    for (const item of queue) await task(item);
  };
  return Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker)).then(() => {});
}
