/**
 * What the page does for a member with bad signal (decisions 1180, 1181): an island the root
 * loads after the page has hydrated, so none of it weighs on a page's first load (issue 26's
 * bytes budget):
 *
 * - Posts kept on the phone go out for the member signed in: when the page opens, when the
 *   connection returns, when the member claims an old post as theirs. The sender itself is
 *   loaded only when something waits (./kept-posts-sender).
 * - The service worker (public/sw.js) is registered once the page has loaded and the browser
 *   is idle; it is told whose pages these are (the opaque key the member's posts are filed
 *   under; none for a visitor), so it deletes the pages it keeps when the member signs out or
 *   another signs in, and it is asked to keep the page on screen when that page is one to
 *   read offline (the quest map, the treasure screens: their handle's `offlineCopy`).
 */
import { useEffect, useRef } from "react";
import { useLocation, useMatches, useRevalidator } from "react-router";
import { KEPT_POSTS_CHANGED, postsOf, readKeptPosts } from "./kept-posts";

interface Connection {
  /** The member's key for kept posts (root loader); null for a visitor. */
  owner: string | null;
  lang: string;
  /** The page on screen when it is one to keep for reading offline; else null. */
  keepPath: string | null;
  /** Reloads the page's data (after a post was sent, or the session turned out another's). */
  revalidate: () => void;
}

/** The root's island: renders nothing, and connects what the page knows. */
export default function OfflineParts({ owner, lang }: { owner: string | null; lang: string }) {
  const { pathname, key } = useLocation();
  const keep = useMatches().some((match) => (match.handle as { offlineCopy?: boolean } | undefined)?.offlineCopy);
  const { revalidate } = useRevalidator();
  const reload = useRef(revalidate);
  useEffect(() => {
    reload.current = revalidate;
  });
  const keepPath = keep ? pathname : null;
  // Each visit of such a page is kept afresh (a claim's answer lands on the same address).
  const visit = keep ? key : null;
  useEffect(() => connect({ owner, lang, keepPath, revalidate: () => reload.current() }), [owner, lang, keepPath, visit]);
  return null;
}

export const SERVICE_WORKER_URL = "/sw.js";

type WorkerMessage = { type: "member"; member: string; lang: string } | { type: "keep"; path: string };

function tell(message: WorkerMessage) {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

let registering = false;
function registerWorker() {
  // Production only: the development server's modules change on every edit.
  if (registering || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  registering = true;
  const register = () => {
    void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => {
      /* No worker (private mode, a blocked script): pages load as they always did. */
    });
  };
  // After the page and its first scripts: the worker's install fetches a few files.
  const whenIdle = () => (window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1000)))(register, { timeout: 5000 });
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/** Whether this tab's first page (the one the browser loaded) has been looked at. */
let firstPageSeen = false;

/** Starts what the page does for the member with bad signal; returns how to stop it. */
function connect({ owner, lang, keepPath, revalidate }: Connection): () => void {
  registerWorker();
  tell({ type: "member", member: owner ?? "", lang });
  if (keepPath && owner) {
    const loadedThroughWorker = !firstPageSeen && Boolean(navigator.serviceWorker?.controller);
    // The worker kept the page it loaded itself; asking would render it again.
    if (!loadedThroughWorker) tell({ type: "keep", path: keepPath });
  }
  firstPageSeen = true;

  if (!owner) return () => {};
  let stopped = false;
  const send = () => {
    if (!navigator.onLine || postsOf(readKeptPosts(), owner).length === 0) return;
    void import("./kept-posts-sender")
      .then((sender) => (stopped ? undefined : sender.sendKeptPosts(owner, revalidate)))
      .catch(() => {
        /* The sender's file could not be loaded (offline again): the next chance sends. */
      });
  };
  send();
  window.addEventListener("online", send);
  // A post the member said is theirs ("It's mine") goes at once.
  window.addEventListener(KEPT_POSTS_CHANGED, send);
  return () => {
    stopped = true;
    window.removeEventListener("online", send);
    window.removeEventListener(KEPT_POSTS_CHANGED, send);
  };
}
