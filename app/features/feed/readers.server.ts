/**
 * Who may read the newsfeed and its posts: members, and visitors only when the operator
 * opened the feed to them (NEWSFEED_FOR_VISITORS, decision 0513). The feed shows members'
 * names and messages, so by default it stays off the open internet and out of search engines.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { currentMember, signInUrl } from "~/features/auth/index.server";
import { env } from "~/platform/env.server";

/**
 * The reader of a feed page: the signed-in member, or null for a visitor of an open feed. A
 * visitor of a members-only feed is sent to sign in, which says what the feed is and brings
 * them back to the page they asked for. A redirect is never kept by the visitors' page cache
 * (only 200 pages are: decision 0520), so closing or opening the feed needs nothing there.
 */
export async function feedReader(request: Request, context: Readonly<RouterContextProvider>) {
  const current = await currentMember(context);
  if (!current && !env().NEWSFEED_FOR_VISITORS) throw redirect(signInUrl(request));
  return current;
}
