import { createNanoEvents } from 'nanoevents';

/** Listener signatures by name, the shape of a registry's events. */
export type ListenerMap = { [name: string]: (...args: any[]) => void };

/** Options of {@link createListenerRegistry}. */
export interface ListenerRegistryOptions {
  /** Receives what a listener threw; the other listeners still run. */
  report: (error: unknown) => void;
}

/**
 * Typed listener lists by name, on nanoevents. One rule in both halves: every `on` call is its own
 * subscription, so a listener added twice is called twice, and each returned function removes only
 * the subscription it was returned for (as with nanoevents and Node's EventEmitter, unlike
 * `addEventListener`, which ignores a repeat).
 */
export interface ListenerRegistry<Events extends ListenerMap> {
  /** Adds `listener` for `name`; returns the function that removes this subscription. */
  on<K extends keyof Events>(name: K, listener: Events[K]): () => void;
  /** Calls every listener of `name` added before this call, in order; a throw goes to `report`. */
  emit<K extends keyof Events>(name: K, ...args: Parameters<Events[K]>): void;
  /** Removes every listener. */
  clear(): void;
}

/**
 * Creates a {@link ListenerRegistry}.
 * @example
 * const listeners = createListenerRegistry<{ change: (state: string) => void }>({ report: console.error });
 * const off = listeners.on('change', (state) => console.log(state));
 * listeners.emit('change', 'ready');
 */
export function createListenerRegistry<Events extends ListenerMap>(options: ListenerRegistryOptions): ListenerRegistry<Events> {
  const { report } = options;
  const emitter = createNanoEvents<Events>();
  // The removal of every subscription still live, so that `clear` goes through nanoevents' own API.
  const subscriptions = new Set<() => void>();
  const on = <K extends keyof Events>(name: K, listener: Events[K]) => {
    // Each call wraps its listener anew: that wrapper is the subscription its removal finds.
    const isolated = ((...args: unknown[]) => {
      try {
        listener(...args);
      } catch (error) {
        report(error);
      }
    }) as Events[K];
    const unbind = emitter.on(name, isolated);
    const off = () => {
      subscriptions.delete(off);
      unbind();
    };
    subscriptions.add(off);
    return off;
  };
  return {
    on,
    emit(name, ...args) {
      emitter.emit(name, ...args);
    },
    clear() {
      subscriptions.forEach((off) => off());
    },
  };
}
