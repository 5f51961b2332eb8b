/**
 * Sends one member's kept posts (./kept-posts.ts), loaded by the root when some wait and
 * the browser is online. One tab sends at a time: each takes the browser's lock
 * `glow:outbox` (Web Locks) for its round. A post is sent by one tab only, and the member
 * gets one toast for it (decision 1320): before the tab forgets a post Glow answered, it
 * notes the post's key where every tab sees it at once (./answered-posts.ts), and a tab
 * that takes the lock next skips the posts noted there. Reading the kept posts under the
 * lock is not enough: local storage may still show this tab a post another tab has just
 * forgotten.
 */
import { browserTranslations } from "~/platform/browser-translations";
import { answeredPosts, type AnsweredPosts } from "./answered-posts";
import { forgetPost, postsOf, readKeptPosts, type KeptPost } from "./kept-posts";
import { showToast } from "./toaster";

/** The lock the tabs of this site take in turn to send (navigator.locks). */
export const SENDING_LOCK = "glow:outbox";

/** What a JSON call answers (platform/respond.server.ts's envelope). */
interface Envelope {
  success: boolean;
  message?: string;
}

export interface SentPost {
  label: string;
  ok: boolean;
  /** Glow's answer in words; null when it gave none (then the label says it). */
  message: string | null;
}

export interface Round {
  sent: SentPost[];
  /**
   * Why the round stopped before the end: no answer from Glow (offline again, a 5xx), or
   * the session is not the posts' owner's (signed out, or another member signed in since).
   * Either way what is left stays kept.
   */
  stopped: "unreachable" | "not-theirs" | null;
}

/**
 * Sends `posts` one after another. A post that got an answer (done or refused) is forgotten;
 * one that got none stays, and so do those after it.
 */
export async function sendInTurn(
  posts: readonly KeptPost[],
  post: (kept: KeptPost) => Promise<Response>,
  forget: (key: string) => void | Promise<void>,
): Promise<Round> {
  const sent: SentPost[] = [];
  for (const kept of posts) {
    let response: Response;
    try {
      response = await post(kept);
    } catch {
      return { sent, stopped: "unreachable" };
    }
    if (response.status >= 500) return { sent, stopped: "unreachable" };
    // 401: signed out; 403: the session is another member's. Neither sends nor loses it.
    if (response.status === 401 || response.status === 403) return { sent, stopped: "not-theirs" };
    const body = (await response.json().catch(() => null)) as Envelope | null;
    await forget(kept.key);
    sent.push({ label: kept.label, ok: response.ok && body?.success !== false, message: body?.message ?? null });
  }
  return { sent, stopped: null };
}

function postKept(kept: KeptPost) {
  return fetch(kept.action, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    // `keptFor`: the server sends nothing for a member other than the one who kept it.
    body: new URLSearchParams({ ...kept.fields, key: kept.key, ...(kept.owner ? { keptFor: kept.owner } : {}) }),
    credentials: "same-origin",
  });
}

/** One toast for a round, whatever the number of posts it sent. */
async function tell(sent: SentPost[]) {
  if (sent.length === 0) return;
  await browserTranslations.whenLoaded(["offline"])?.catch(() => undefined);
  const t = browserTranslations.fixedT(["offline"]);
  const say = (post: SentPost) => post.message ?? String(t(post.ok ? "sent" : "refused", { label: post.label }));
  const type = sent.every((post) => post.ok) ? "success" : "error";
  if (sent.length === 1) return showToast({ type, message: say(sent[0]!) });
  showToast({
    type,
    message: String(t("sentMany", { count: sent.length })),
    description: sent.map((post) => `${post.label}: ${say(post)}`).join(" · "),
  });
}

/** What a round of one tab works with. */
export interface Outbox {
  /** The kept posts as this tab's local storage shows them: another tab's last change may not be here yet. */
  read: () => KeptPost[];
  forget: (key: string) => void;
  /** The posts Glow answered, as every tab sees them at once. */
  answered: AnsweredPosts;
  post: (kept: KeptPost) => Promise<Response>;
}

const thisTab: Outbox = { read: readKeptPosts, forget: forgetPost, answered: answeredPosts, post: postKept };

/**
 * One round of a tab that holds the sending lock: sends what waits for `owner` and Glow has
 * not answered yet; null when there was nothing to send. A post is noted as answered before
 * it is forgotten, and both before the lock is released; one that got no answer is never
 * noted, so a tab that closes mid-send leaves it for the next round (the server's key
 * counts it once).
 */
export async function sendRound(owner: string, outbox: Outbox): Promise<Round | null> {
  const waiting = postsOf(outbox.read(), owner);
  if (waiting.length === 0) return null;
  const answered = await outbox.answered.among(waiting.map((kept) => kept.key));
  // Another tab sent these and forgot them; this tab's storage had not heard yet.
  for (const key of answered) outbox.forget(key);
  const posts = waiting.filter((kept) => !answered.has(kept.key));
  if (posts.length === 0) return null;
  return sendInTurn(posts, outbox.post, async (key) => {
    await outbox.answered.note(key);
    outbox.forget(key);
  });
}

let sendingHere = false;

/** Sends what waits for `owner`, in this tab if no other tab is sending; then reloads the page's data. */
export async function sendKeptPosts(owner: string, revalidate: () => void) {
  const round = async () => {
    const done = await sendRound(owner, thisTab);
    if (!done) return;
    const { sent, stopped } = done;
    await tell(sent);
    if (sent.length > 0 || stopped === "not-theirs") revalidate();
  };
  if (typeof navigator.locks?.request === "function") {
    // Waits for a tab that is sending; by then what it sent is noted as answered.
    await navigator.locks.request(SENDING_LOCK, round);
    return;
  }
  // A browser without Web Locks (before 2022): one round at a time in this tab; the
  // server's key still counts a post sent by two tabs once.
  if (sendingHere) return;
  sendingHere = true;
  try {
    await round();
  } finally {
    sendingHere = false;
  }
}
