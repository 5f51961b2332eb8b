import { log } from "./log.server";

/** Missing translation keys reported by browsers during development (not in production). */
const missing = new Map<string, Set<string>>();
const MAX_KEYS_PER_NAMESPACE = 1000;

export function recordMissingKeys(lng: string, ns: string, keys: string[]): number {
  const id = `${lng}/${ns}`;
  const set = missing.get(id) ?? new Set<string>();
  missing.set(id, set);
  let added = 0;
  for (const key of keys) {
    if (set.size >= MAX_KEYS_PER_NAMESPACE || set.has(key)) continue;
    set.add(key);
    added++;
  }
  if (added > 0) log.warn("missing translation keys", { lng, ns, keys: keys.slice(0, 20).join(", ") });
  return added;
}
