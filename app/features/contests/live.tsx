/**
 * Keeps a contest screen current: listens to the contest's event stream and reloads the
 * page's data when it says something changed. Without JavaScript, or when the stream
 * drops, the page is still right after a reload (the browser reopens a dropped stream).
 */
import { useEffect } from "react";
import { useRevalidator, href } from "react-router";
import { useEventSource } from "remix-utils/sse/react";

export function LiveContest({ contestId }: { contestId: number }) {
  const changed = useEventSource(href("/contests/:contestId/events", { contestId: String(contestId) }), { event: "changed" });
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (changed !== null) void revalidate();
  }, [changed, revalidate]);
  return null;
}
