/** A promise with its settle functions, for a result that another event delivers. */
export interface Deferred<T> {
  /** Settles with the first `resolve` or `reject`. */
  readonly promise: Promise<T>;
  /** Fulfils the promise (unless already settled). */
  resolve(value: T): void;
  /** Rejects the promise (unless already settled). */
  reject(error: Error): void;
}

/**
 * Creates a {@link Deferred}. Settling it again changes nothing.
 * @example
 * const ready = createDeferred<string>();
 * onReady((payload) => ready.resolve(payload));
 * await ready.promise;
 */
export function createDeferred<T>(): Deferred<T> {
  let settle: Pick<Deferred<T>, 'resolve' | 'reject'> = { resolve() {}, reject() {} };
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}
