import { useEffect, useRef } from "react";
import type { OfflineParts } from "./offline-parts";

/**
 * The root's part for a member with bad signal: after hydration it loads ./offline-parts
 * (kept posts sent from any page, the service worker) and hands it what the page knows.
 * Only this hook is in every page's first scripts (issue 26's bytes budget).
 */
export function useOfflineParts({ owner, lang, keepPath, visit = null, revalidate }: OfflineParts) {
  const reload = useRef(revalidate);
  useEffect(() => {
    reload.current = revalidate;
  });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./offline-parts")
      .then((parts) => {
        if (!cancelled) stop = parts.connect({ owner, lang, keepPath, revalidate: () => reload.current() });
      })
      .catch(() => {
        /* Offline before it was ever loaded: the page works as it is. */
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [owner, lang, keepPath, visit]);
}
