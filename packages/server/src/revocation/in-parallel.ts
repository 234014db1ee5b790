/**
 * Runs `task` on every item, at most `limit` at a time, and resolves with the results in the items'
 * order. `task` must not reject (settle its own failures into its result).
 *
 * The same concept as the host ledger's `inParallel` (bounded concurrency, one name in the
 * glossary), written here a second time on purpose: the browser halves share theirs through their
 * private runtime, which is not shipped with the server package.
 */
export async function inParallel<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
