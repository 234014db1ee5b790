/** Waits that can all be cut short at once (by `close()`): the AI answer's thinking time. */
export function createDelays() {
  /** @type {Set<{ timer: NodeJS.Timeout, resolve: () => void }>} */
  const waits = new Set();
  return {
    /** Resolves after `ms`, or at once when the waits are cut short. @param {number} ms @returns {Promise<void>} */
    delay(ms) {
      return new Promise((resolve) => {
        const wait = {
          timer: setTimeout(() => {
            waits.delete(wait);
            resolve();
          }, ms),
          resolve,
        };
        waits.add(wait);
      });
    },
    /** Resolves every pending wait now. */
    cutShort() {
      for (const wait of waits) {
        clearTimeout(wait.timer);
        wait.resolve();
      }
      waits.clear();
    },
  };
}
