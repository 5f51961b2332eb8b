import { href } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { useBackgroundRevalidate } from "~/ui/background-revalidate";

/** How often an open newsfeed asks whether something new happened. */
export const FEED_POLL_MS = 8000;

/**
 * Brings new posts in while the newsfeed is open: a light poll of /feed/updates (a tiny
 * JSON answer), then the page's own loader runs again when something new arrived. Pauses
 * while the tab is hidden. Without JavaScript the feed is simply a page you reload.
 */
export default function FeedUpdates({ topPostId }: { topPostId: number | null }) {
  const { t } = useTranslation("newsfeed");
  const revalidate = useBackgroundRevalidate();
  const [announced, setAnnounced] = useState("");
  const top = useRef(topPostId);
  const busy = useRef(false);

  useEffect(() => {
    if (top.current !== null && topPostId !== top.current) setAnnounced(t("newPosts"));
    top.current = topPostId;
  }, [topPostId, t]);

  useEffect(() => {
    const check = async () => {
      if (document.hidden || busy.current) return;
      busy.current = true;
      try {
        const response = await fetch(href("/feed/updates"), { headers: { Accept: "application/json" } });
        if (!response.ok) return;
        const body = (await response.json()) as { newest: { id: number } | null };
        if (body.newest && body.newest.id !== top.current) await revalidate();
      } catch {
        // Offline for a moment: the next tick tries again.
      } finally {
        busy.current = false;
      }
    };
    const timer = window.setInterval(check, FEED_POLL_MS);
    const onVisible = () => !document.hidden && void check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
    // `revalidate` keeps its identity; the poll must not restart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <p role="status" aria-live="polite" className="sr-only">
      {announced}
    </p>
  );
}
