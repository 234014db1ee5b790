/** A ledger's embeds and its sign-out listeners: what a sign-out ends, and whom it tells. */
interface LedgerEmbeds {
  /** Registers an embed's teardown. */
  add(teardown: () => void): void;
  /** Unregisters an embed's teardown; true when no embed is left. */
  remove(teardown: () => void): boolean;
  /** Adds a sign-out listener; returns the function that removes it. */
  listen(listener: () => void): () => void;
  /** Ends every embed and tells every listener, once each. */
  end(): void;
}

/** Creates a ledger's {@link LedgerEmbeds}. */
export function createLedgerEmbeds(): LedgerEmbeds {
  const teardowns = new Set<() => void>();
  const listeners = new Set<() => void>();
  return {
    add: (teardown) => void teardowns.add(teardown),
    remove(teardown) {
      teardowns.delete(teardown);
      return teardowns.size === 0;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    end() {
      teardowns.forEach((teardown) => teardown());
      listeners.forEach((listener) => listener());
      listeners.clear();
    },
  };
}
