/** What a kit object undoes on `cleanup()`. */
type Undo = () => void;

const pending = new Set<Undo>();

/** Registers what to undo at the next `cleanup()`; returns a function that undoes it now instead. */
export function onCleanup(undo: Undo): Undo {
  pending.add(undo);
  return () => {
    if (pending.delete(undo)) undo();
  };
}

/**
 * Undoes everything the kit did since the last call: fake frames detached, patched `window.parent`
 * restored, listeners removed, pending waits rejected. Runs after each test by itself where the
 * runner has a global `afterEach` (jest, vitest with `globals: true`); otherwise call it from yours.
 */
export function cleanup(): void {
  const undos = [...pending];
  pending.clear();
  for (const undo of undos.reverse()) undo();
}

/** Registers {@link cleanup} after each test when the runner offers a global `afterEach`. */
export function registerAutomaticCleanup(): void {
  const afterEach = (globalThis as { afterEach?: (fn: () => void) => void }).afterEach;
  if (typeof afterEach === 'function') afterEach(cleanup);
}
