import { useCallback, useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * For checks that run in the background (the feed's poll, the session check): fetch the
 * page's data again, unless the member is already on the way to another page. A
 * revalidation started during a navigation restarts it, and the page being left could
 * read the one-shot notices ('You have successfully logged out!') before the page
 * arriving does. The new page brings fresh data anyway.
 *
 * The returned function keeps its identity, so a timer set up once can hold it.
 */
export function useBackgroundRevalidate(): () => Promise<void> {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, navigating: navigation.state !== "idle" });
  useEffect(() => {
    latest.current = { revalidator, navigating: navigation.state !== "idle" };
  }, [revalidator, navigation.state]);
  return useCallback(async () => {
    if (latest.current.navigating) return;
    await latest.current.revalidator.revalidate();
  }, []);
}
