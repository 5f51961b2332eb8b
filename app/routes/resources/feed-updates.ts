import { data } from "react-router";
import type { Route } from "./+types/feed-updates";
import { newestPost } from "~/features/feed/feed.server";

/** What an open newsfeed polls: the newest post's id (tiny, cheap, cacheable for a moment). */
export async function loader(_: Route.LoaderArgs) {
  const newest = await newestPost();
  return data({ newest: newest ? { id: newest.id } : null }, { headers: { "Cache-Control": "public, max-age=2" } });
}
