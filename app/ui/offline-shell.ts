/**
 * The page's side of the offline shell (decision 1181): it registers the service worker
 * (public/sw.js), tells it whose pages these are (the opaque key the member's kept posts
 * are filed under; none for a visitor) so that it deletes the pages it keeps when the member
 * signs out or another signs in, and asks it to keep the page on screen when that page is
 * one to read offline (a route whose `handle.offlineCopy` says so: the quest map and the
 * treasure screens). In every page's bundle: small, and idle until the page has loaded.
 */
import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";

export const SERVICE_WORKER_URL = "/sw.js";

type WorkerMessage = { type: "member"; member: string; lang: string } | { type: "keep"; path: string };

function tell(message: WorkerMessage) {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Whether a route of the page asks to be kept for reading offline. */
function keptOffline(handle: unknown) {
  return (handle as { offlineCopy?: boolean } | undefined)?.offlineCopy === true;
}

export function useOfflineShell(member: string | null, lang: string) {
  useEffect(() => {
    // Production only: the development server's modules change on every edit.
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    let handle: number | undefined;
    const register = () => {
      void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => {
        /* No worker (private mode, a blocked script): pages load as they always did. */
      });
    };
    // After the page and its first scripts: the worker's install fetches a few files.
    const whenIdle = () => {
      const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1000));
      handle = idle(register, { timeout: 5000 });
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      window.removeEventListener("load", whenIdle);
      if (handle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(handle);
    };
  }, []);

  useEffect(() => {
    tell({ type: "member", member: member ?? "", lang });
  }, [member, lang]);

  // Every visit of such a page (a link, a form's answer, a redirect back to it) is kept.
  const { pathname, key } = useLocation();
  const keep = useMatches().some((match) => keptOffline(match.handle));
  useEffect(() => {
    if (!keep || !member) return;
    const loadedThroughWorker = !firstPageSeen && Boolean(navigator.serviceWorker?.controller);
    firstPageSeen = true;
    // The worker kept the page it loaded itself; asking would render it again.
    if (!loadedThroughWorker) tell({ type: "keep", path: pathname });
  }, [keep, member, pathname, key]);
}

/** Whether this tab's first page (the one the browser loaded) has been looked at. */
let firstPageSeen = false;
