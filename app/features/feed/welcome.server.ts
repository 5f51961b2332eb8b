/**
 * A member who finished signing up gets one welcome post. The signup publishes what
 * happened (platform/happened.server.ts); the feed hears it in the signup's transaction, which
 * holds the member's row, so a repeated or racing signup finds the post there and adds none.
 */
import { and, eq } from "drizzle-orm";
import { posts } from "~/platform/db/schema";
import type { Listener } from "~/platform/happened.server";
import { writePost } from "./feed.server";

export const welcomeNewMembers: Listener = async (on, { what, memberId }) => {
  if (what !== "signup") return;
  const [welcomed] = await on
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.type, "welcome"), eq(posts.actorId, memberId)))
    .limit(1);
  if (!welcomed) await writePost({ type: "welcome", actorId: memberId }, on);
};
