/** Named listener lists whose calls are isolated: one listener that throws does not stop the others. */
export interface Listeners {
  on(name: string, listener: (...args: any[]) => void): () => void;
  fire(name: string, ...args: unknown[]): void;
  clear(): void;
}

/** Creates {@link Listeners}; `report` receives what a listener threw. */
export function createListeners(report: (error: unknown) => void): Listeners {
  const lists = new Map<string, Set<(...args: any[]) => void>>();
  return {
    on(name, listener) {
      const list = lists.get(name) || new Set();
      lists.set(name, list.add(listener));
      return () => list.delete(listener);
    },
    fire(name, ...args) {
      lists.get(name)?.forEach((listener) => {
        try {
          listener(...args);
        } catch (error) {
          report(error);
        }
      });
    },
    clear: () => lists.clear(),
  };
}
