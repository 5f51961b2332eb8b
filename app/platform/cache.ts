/**
 * The one cache utility: bounded, with a time limit where it needs one, and loads of the
 * same key shared while in flight (lru-cache's fetch). Each use names its key at the call
 * site and says in a comment why keeping the value is safe.
 */
import { LRUCache } from "lru-cache";

export interface Kept<K, V> {
  /** The kept value, or a fresh load (one load per key at a time). */
  get(key: K): Promise<V>;
  /** Forgets one key, or everything. */
  forget(key?: K): void;
}

export function keep<K extends string | number, V>(options: {
  /** At most this many keys. */
  max: number;
  /** Forgotten this long after loading; omit for values that never change while running. */
  ttlMs?: number;
  load: (key: K) => Promise<V>;
}): Kept<K, V> {
  // lru-cache holds no undefined or null: values travel boxed.
  const cache = new LRUCache<K, { value: V }>({
    max: options.max,
    ...(options.ttlMs ? { ttl: options.ttlMs, ttlAutopurge: false } : {}),
    fetchMethod: async (key) => ({ value: await options.load(key) }),
  });
  return {
    async get(key) {
      const boxed = await cache.fetch(key);
      return boxed!.value;
    },
    forget(key) {
      if (key === undefined) cache.clear();
      else cache.delete(key);
    },
  };
}
