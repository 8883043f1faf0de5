import { useState, useSyncExternalStore } from 'react';

// A value that code between renders reads and changes at once (the queued turns, the room's events) and
// that React renders: one source of truth, instead of state plus a ref that mirrors it.

export interface ValueStore<T> {
  get(): T;
  set(fn: (value: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function valueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (fn) => {
      value = fn(value);
      for (const l of listeners) l();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A store for this component's life, and its value as of this render. */
export function useValueStore<T>(initial: () => T): [T, ValueStore<T>] {
  const [store] = useState(() => valueStore(initial()));
  return [useSyncExternalStore(store.subscribe, store.get, store.get), store];
}
