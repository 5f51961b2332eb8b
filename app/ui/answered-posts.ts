/**
 * The keys of the kept posts Glow has answered (decision 1320), in IndexedDB, for the tabs
 * of this site to see at once. Loaded with the sender (./kept-posts-sender.ts) only.
 *
 * Why not local storage, where the posts themselves wait: a write there reaches the other
 * tabs' copies of it some time later (HTML leaves "localStorage" unlocked between
 * processes; Chromium sends each write to the other tabs' processes as a message). A tab
 * given the sending lock right after another tab forgot a post it sent may still read that
 * post, and send it again. An IndexedDB transaction that has completed is seen by every
 * transaction started after it, in any tab: a key noted before the lock is released is
 * there for the next tab that takes it.
 */

/** Kept posts Glow has answered, shared by this site's tabs. */
export interface AnsweredPosts {
  /** Which of `keys` Glow has answered (none when IndexedDB cannot be opened). */
  among(keys: readonly string[]): Promise<Set<string>>;
  /** Notes that Glow answered the post `key`; resolves once every tab can see it. */
  note(key: string): Promise<void>;
}

const DATABASE = "glow-kept-posts";
const STORE = "answered";
/** How long a key is remembered (decision 1320): long after any tab's copy has caught up. */
const REMEMBERED_MS = 30 * 24 * 60 * 60 * 1000;

let opening: Promise<IDBDatabase | null> | undefined;

/** The database, opened once per tab; null where the browser refuses IndexedDB (some private modes). */
function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        // A later version of Glow in another tab wants to change it: let it, and reopen next time.
        db.onversionchange = () => {
          db.close();
          opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

/** Runs `work` in one transaction; resolves with what it gathered once the transaction completed. */
async function inTransaction<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => T): Promise<T | null> {
  const db = await database();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const gathered = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(gathered);
      transaction.onerror = () => resolve(null);
      transaction.onabort = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** This browser's answered posts. Where IndexedDB fails, none are known and the server's key still counts a resend once. */
export const answeredPosts: AnsweredPosts = {
  async among(keys) {
    const found = new Set<string>();
    await inTransaction("readonly", (store) => {
      for (const key of keys) {
        const request = store.getKey(key);
        request.onsuccess = () => {
          if (request.result !== undefined) found.add(key);
        };
      }
    });
    return found;
  },
  async note(key) {
    const now = Date.now();
    await inTransaction("readwrite", (store) => {
      store.put(now, key);
      // The store holds a few keys at most: the old ones go as a new one comes.
      const cursor = store.openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return;
        if (typeof at.value !== "number" || at.value < now - REMEMBERED_MS) at.delete();
        at.continue();
      };
    });
  },
};
