/** A promise with its settle functions, for a result that another event delivers. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
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
