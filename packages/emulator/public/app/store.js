// A tiny observable store: `set` merges a patch and calls every subscriber once per change.

/**
 * @template {object} S
 * @param {S} initial
 */
export function createStore(initial) {
  let state = initial;
  /** @type {Set<(state: S, previous: S) => void>} */
  const subscribers = new Set();
  return {
    get: () => state,
    /** @param {Partial<S>} patch */
    set(patch) {
      const previous = state;
      state = { ...state, ...patch };
      for (const subscriber of subscribers) subscriber(state, previous);
    },
    /** @param {(state: S, previous: S) => void} subscriber */
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}
