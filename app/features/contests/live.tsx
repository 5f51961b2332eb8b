/**
 * Keeps a contest screen current: listens to the contest's event stream and reloads the
 * page's data when it says something changed. Without JavaScript the page is right after a
 * reload; with it, a stream the server refused or ended is reopened (live-stream.ts).
 */
import { useEffect, useRef } from "react";
import { useRevalidator, href } from "react-router";
import { followStream } from "./live-stream";

export function LiveContest({ contestId }: { contestId: number }) {
  const { revalidate } = useRevalidator();
  // The latest revalidate, read when an event comes, so a new function each render does not
  // reopen the stream.
  const latest = useRef(revalidate);
  useEffect(() => {
    latest.current = revalidate;
  }, [revalidate]);
  useEffect(() => {
    const url = href("/contests/:contestId/events", { contestId: String(contestId) });
    return followStream(
      () => new EventSource(url),
      "changed",
      () => void latest.current(),
    );
  }, [contestId]);
  return null;
}
