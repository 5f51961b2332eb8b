/**
 * Member-scoped reads kept until the database says the member's rows changed
 * (docs/decisions/0411-member-reads-kept-until-their-rows-change.md).
 *
 * Triggers (migration 0003) send a notice on the `glow_member_changed` channel when a change
 * to a member's rows commits: the member's id, or `*` for everyone (the creatures catalogue,
 * a TRUNCATE). The embedded database is one process (its folder is locked), so every write
 * passes through the PGlite this process listens on, and a notice arrives before the writing
 * statement's own answer. PostgreSQL deployments may run several instances, each writing
 * without the others' knowledge over pooled connections: they keep nothing (`changes` is
 * undefined there) and read every time.
 */

export const MEMBER_CHANGED_CHANNEL = "glow_member_changed";

/** The triggers that send the notices; without all of them nothing may be kept. */
export const MEMBER_CHANGE_TRIGGERS = [
  "members_changed",
  "sessions_changed",
  "characters_changed",
  "member_roles_changed",
  "member_creatures_changed",
  "reactions_changed",
  "creatures_changed",
] as const;

export type MemberChange = number | "*";

/** The notices of one database connection. */
export class MemberChanges {
  readonly #listeners = new Set<(change: MemberChange) => void>();
  #count = 0;
  #ended = false;

  /** Notices so far: a read compares it before and after to learn whether one came meanwhile. */
  get count() {
    return this.#count;
  }

  /** True once no more notices can come: nothing read may be kept any more. */
  get ended() {
    return this.#ended;
  }

  /** A notice's payload as Postgres sent it. Anything but a member id means everyone. */
  notice(payload: string) {
    const id = Number(payload);
    const change: MemberChange = payload !== "" && Number.isSafeInteger(id) ? id : "*";
    this.#count++;
    for (const listener of this.#listeners) listener(change);
  }

  /** The database closed or its thread stopped: everything kept is dropped, and stays so. */
  end() {
    if (this.#ended) return;
    this.#ended = true;
    this.notice("*");
    this.#listeners.clear();
  }

  subscribe(listener: (change: MemberChange) => void): () => void {
    if (this.#ended) return () => {};
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

interface Store<V> {
  entries: Map<string, { member: number; value: V }>;
  byMember: Map<number, Set<string>>;
}

/**
 * Reads about one member each, kept by key (a session's hash, a reader and page) until a
 * notice names that member or everyone. At most `max` entries per connection, least recently
 * used out first. Values are shared by every request that gets them: never change one.
 */
export class MemberReads<V> {
  readonly #stores = new WeakMap<MemberChanges, Store<V>>();

  constructor(private readonly max: number) {}

  #storeFor(changes: MemberChanges): Store<V> {
    let store = this.#stores.get(changes);
    if (!store) {
      const created: Store<V> = { entries: new Map(), byMember: new Map() };
      changes.subscribe((change) => {
        if (change === "*") {
          created.entries.clear();
          created.byMember.clear();
          return;
        }
        const keys = created.byMember.get(change);
        if (!keys) return;
        created.byMember.delete(change);
        for (const key of keys) created.entries.delete(key);
      });
      this.#stores.set(changes, (store = created));
    }
    return store;
  }

  #forget(store: Store<V>, key: string) {
    const entry = store.entries.get(key);
    if (!entry) return;
    store.entries.delete(key);
    const keys = store.byMember.get(entry.member);
    keys?.delete(key);
    if (keys?.size === 0) store.byMember.delete(entry.member);
  }

  /**
   * The kept value for `key` when there is one and `usable` accepts it; otherwise `load`
   * reads it, and it is kept unless a notice came while it was read (it may predate the
   * change). `load` answers null for "nothing there", which is never kept.
   */
  async read(
    changes: MemberChanges | undefined,
    key: string,
    load: () => Promise<{ member: number; value: V } | null>,
    usable: (value: V) => boolean = () => true,
  ): Promise<V | null> {
    if (!changes || changes.ended) return (await load())?.value ?? null;
    const store = this.#storeFor(changes);
    const kept = store.entries.get(key);
    if (kept) {
      if (usable(kept.value)) {
        store.entries.delete(key); // most recently used again
        store.entries.set(key, kept);
        return kept.value;
      }
      this.#forget(store, key);
    }
    const before = changes.count;
    const loaded = await load();
    if (loaded && changes.count === before && !changes.ended) this.#keep(store, key, loaded.member, loaded.value);
    return loaded?.value ?? null;
  }

  #keep(store: Store<V>, key: string, member: number, value: V) {
    this.#forget(store, key);
    store.entries.set(key, { member, value });
    let keys = store.byMember.get(member);
    if (!keys) store.byMember.set(member, (keys = new Set()));
    keys.add(key);
    while (store.entries.size > this.max) this.#forget(store, store.entries.keys().next().value!);
  }

  /** How many entries a connection keeps (for tests). */
  size(changes: MemberChanges | undefined): number {
    return changes ? (this.#stores.get(changes)?.entries.size ?? 0) : 0;
  }
}
