/**
 * Sends one member's kept posts (./kept-posts.ts), loaded by the root when some wait and
 * the browser is online. One tab sends at a time: each takes the browser's lock
 * `glow:outbox` (Web Locks) and reads what waits only once it holds it, so a post another
 * tab has just sent is gone by then, and the member gets one toast for it, in one tab.
 */
import { browserTranslations } from "~/platform/browser-translations";
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
  forget: (key: string) => void,
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
    forget(kept.key);
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

let sendingHere = false;

/** Sends what waits for `owner`, in this tab if no other tab is sending; then reloads the page's data. */
export async function sendKeptPosts(owner: string, revalidate: () => void) {
  const round = async () => {
    // Read under the lock: what another tab sent meanwhile is no longer here.
    const posts = postsOf(readKeptPosts(), owner);
    if (posts.length === 0) return;
    const { sent, stopped } = await sendInTurn(posts, postKept, forgetPost);
    await tell(sent);
    if (sent.length > 0 || stopped === "not-theirs") revalidate();
  };
  if (typeof navigator.locks?.request === "function") {
    // Waits for a tab that is sending; by then what it sent is gone.
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
