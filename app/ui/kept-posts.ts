/**
 * Posts kept on the phone while it is offline (decisions 0915, 1180): a treasure claim or a
 * guess made without a connection waits in local storage, filed under the member who made
 * it, and is sent in that member's session only.
 *
 * Each post is filed under `owner`, the opaque key the root loader gives the signed-in
 * member (`keptPostsKey`): never the phone number or the member's id. A post kept before
 * posts had owners has none; it is never sent by itself (the member who sees it says
 * whether it is theirs).
 *
 * The root sends what waits, from whatever page is open (./offline-parts.ts, loaded after
 * hydration); the sending itself is loaded only when something waits (./kept-posts-sender).
 */
import { useSyncExternalStore } from "react";

export const KEPT_POSTS_STORAGE_KEY = "glow:outbox";
/** Said by this tab when it changed the kept posts (other tabs hear `storage`). */
export const KEPT_POSTS_CHANGED = "glow:outbox-changed";

export interface KeptPost {
  /** The post's own random key: the server answers a key it has seen with its first answer. */
  key: string;
  /** The address the post goes to (a path of this site that answers JSON). */
  action: string;
  fields: Record<string, string>;
  /** What the member sees ("Code 250S-…", "Guess “40” on Library steps"), in the language it was kept in. */
  label: string;
  keptAt: number;
  /** The member it belongs to (the root loader's `keptPostsKey`); absent on a post kept before owners. */
  owner?: string;
}

/** The kept posts in `text` (what local storage holds), skipping anything that is not one. */
export function parseKeptPosts(text: string | null): KeptPost[] {
  try {
    const parsed: unknown = JSON.parse(text ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (p): p is KeptPost =>
        typeof p === "object" &&
        p !== null &&
        typeof p.key === "string" &&
        typeof p.action === "string" &&
        typeof p.label === "string" &&
        typeof p.fields === "object" &&
        p.fields !== null &&
        (p.owner === undefined || typeof p.owner === "string"),
    );
  } catch {
    return [];
  }
}

/** The posts of one member, oldest first. */
export function postsOf(posts: readonly KeptPost[], owner: string): KeptPost[] {
  return posts.filter((post) => post.owner === owner).sort((a, b) => a.keptAt - b.keptAt);
}

/** What the phone holds for the member signed in (`owner`), and what it holds for others. */
export function keptFor(posts: readonly KeptPost[], owner: string | null) {
  return {
    mine: owner ? postsOf(posts, owner) : [],
    /** Kept before posts had owners: whoever signs in may say they are theirs, or discard them. */
    unowned: owner ? posts.filter((post) => post.owner === undefined) : [],
    /** Another member's: counted, never shown (their codes and guesses are theirs). */
    others: posts.filter((post) => post.owner !== undefined && post.owner !== owner).length,
  };
}

/**
 * The start of a treasure code, enough to recognise it and not enough to use it
 * ("250S-…"): the label of a kept claim is on the screen of a phone that may be shared.
 */
export function codeStart(code: string): string {
  const letters = code.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return letters.length > 4 ? `${letters.slice(0, 4)}-…` : letters;
}

/** A guess card's name from its address ("library-steps" → "Library steps"). */
export function cardName(cardId: string): string {
  const words = cardId.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A guess as a kept post's label shows it: trimmed, and cut after 40 characters. */
export function shortGuess(guess: string): string {
  const trimmed = guess.trim();
  return [...trimmed].length > 40 ? `${[...trimmed].slice(0, 40).join("")}…` : trimmed;
}

export function readKeptPosts(): KeptPost[] {
  try {
    return parseKeptPosts(localStorage.getItem(KEPT_POSTS_STORAGE_KEY));
  } catch {
    return []; // storage blocked: nothing was kept either
  }
}

function write(posts: KeptPost[]) {
  localStorage.setItem(KEPT_POSTS_STORAGE_KEY, JSON.stringify(posts));
  window.dispatchEvent(new Event(KEPT_POSTS_CHANGED));
}

export function keepPost(post: Omit<KeptPost, "keptAt">) {
  write([...readKeptPosts().filter((p) => p.key !== post.key), { ...post, keptAt: Date.now() }]);
}

export function forgetPost(key: string) {
  write(readKeptPosts().filter((p) => p.key !== key));
}

/** A post kept before owners, claimed by the member signed in ("It's mine"). */
export function adoptPost(key: string, owner: string) {
  write(readKeptPosts().map((p) => (p.key === key && p.owner === undefined ? { ...p, owner } : p)));
}

// useSyncExternalStore wants the same snapshot while nothing changed.
let cachedText: string | null | undefined;
let cachedPosts: KeptPost[] = [];
function snapshot(): KeptPost[] {
  let text: string | null = null;
  try {
    text = localStorage.getItem(KEPT_POSTS_STORAGE_KEY);
  } catch {
    text = null;
  }
  if (text !== cachedText) {
    cachedText = text;
    cachedPosts = parseKeptPosts(text);
  }
  return cachedPosts;
}
const none: KeptPost[] = [];

function subscribe(onChange: () => void) {
  window.addEventListener(KEPT_POSTS_CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(KEPT_POSTS_CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** Every post kept on this phone, as the page shows them (none while rendering on the server). */
export function useKeptPosts(): KeptPost[] {
  return useSyncExternalStore(subscribe, snapshot, () => none);
}
