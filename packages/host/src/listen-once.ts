import type { ListenerMap, ListenerRegistry } from '@svc-embed/runtime';

/**
 * Adds `listener` for `name` to `registry`, removed before its first call (also when it emits the
 * same name again from inside); returns the function that removes it earlier.
 */
export function listenOnce<Events extends ListenerMap, K extends keyof Events>(registry: ListenerRegistry<Events>, name: K, listener: Events[K]): () => void {
  const off = registry.on(name, ((...args: unknown[]) => {
    off();
    listener(...args);
  }) as Events[K]);
  return off;
}
