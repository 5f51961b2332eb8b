/**
 * The one cache utility: bounded, with a time limit where it needs one, and loads of the
 * same key shared while in flight (lru-cache's fetch). Each use names its key at the call
 * site and says in a comment why keeping the value is safe.
 *
 * Forgetting a key (or everything) while its load is still running also drops what that
 * load brings back: a write that forgets after it commits can never be undone by a read
 * that started before it.
 */
import { LRUCache } from "lru-cache";

export interface Kept<K, V> {
  /**
   * The kept value, or a fresh load (one load per key at a time). `load` reads this one
   * key when the cache's own loader does not (keys whose reads differ, like a board's pages).
   */
  get(key: K, load?: () => Promise<V>): Promise<V>;
  /**
   * The kept value, or `make()`'s, kept from now on: for a value made at once from its key
   * alone (nothing to wait for), where no promise can be awaited (a render). A key is either
   * loaded (`get`) or made (`made`), never both.
   */
  made(key: K, make: () => V): V;
  /** Forgets one key, or everything. */
  forget(key?: K): void;
}

/** The wall clock, as the rest of Glow reads time (and as tests move it). */
const wallClock = { now: () => Date.now() };

export function keep<K extends string | number, V>(options: {
  /** At most this many keys. */
  max: number;
  /** Forgotten this long after loading; omit for values that never change while running. */
  ttlMs?: number;
  /** How a key is read; each `get` may bring its own instead. */
  load?: (key: K) => Promise<V>;
}): Kept<K, V> {
  // lru-cache holds no undefined or null: values travel boxed.
  const cache = new LRUCache<K, { value: V }, (() => Promise<V>) | undefined>({
    max: options.max,
    perf: wallClock,
    // A load under way when its key is forgotten still answers its callers, but lru-cache
    // keeps its value only if the key still points at that load: it is not kept.
    ignoreFetchAbort: true,
    // ttlResolution 0: each look-up reads the clock (no clock reading kept for a millisecond).
    ...(options.ttlMs ? { ttl: options.ttlMs, ttlAutopurge: false, ttlResolution: 0 } : {}),
    fetchMethod: async (key, _stale, { context }) => {
      const load = context ?? (options.load ? () => options.load!(key) : undefined);
      if (!load) throw new Error(`keep: no loader for ${String(key)}`);
      return { value: await load() };
    },
  });
  return {
    async get(key, load) {
      const boxed = await cache.fetch(key, { context: load });
      return boxed!.value;
    },
    made(key, make) {
      const kept = cache.get(key);
      if (kept) return kept.value;
      const value = make();
      cache.set(key, { value });
      return value;
    },
    forget(key) {
      if (key === undefined) cache.clear();
      else cache.delete(key);
    },
  };
}
