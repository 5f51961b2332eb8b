/**
 * The story entry (/start, /story-landing): which story a reader gets, and their story
 * sound setting. New members (visitors, and members who have not finished signing up)
 * get the story that leads to signup and the first quest; a returning member gets the
 * second variant, a welcome back with their beamkin and what is next. Decision 0908.
 */
import { href } from "react-router";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CurrentMember } from "~/features/auth/index.server";
import { hasSignedUp } from "~/features/members/index.server";
import { db } from "~/platform/db/db.server";
import { members, prizeBoxes, questRuns } from "~/platform/db/schema";
import { done } from "~/platform/outcome";

/** The new member's story has this many panels; the returning member's two. */
export const NEW_STORY_PANELS = 4;
export const RETURNING_STORY_PANELS = 2;

export type StoryVariant = "new" | "returning";

export function storyVariant(member: CurrentMember | null): StoryVariant {
  return member && hasSignedUp(member.member, member.accessLevel) ? "returning" : "new";
}

/** Where the story's last panel leads. */
export function storyEnd(member: CurrentMember | null): string {
  const signupThenPlay = `${href("/signup")}?redirectTo=${encodeURIComponent(href("/playquest"))}`;
  if (!member) return `${href("/signin")}?redirectTo=${encodeURIComponent(signupThenPlay)}`;
  return storyVariant(member) === "returning" ? href("/playquest") : signupThenPlay;
}

/** What the returning member's story mentions: quests under way, boxes waiting. */
export async function returningNews(memberId: number) {
  const [row] = await db()
    .select({
      playing: sql<number>`(select count(*)::int from ${questRuns} r where r.member_id = ${memberId} and r.completed_at is null and r.skipped_at is null)`,
      boxes: sql<number>`(select count(*)::int from ${prizeBoxes} b where b.member_id = ${memberId} and b.opened_at is null)`,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return { playing: row?.playing ?? 0, boxes: row?.boxes ?? 0 };
}

export const StorySound = z.object({ muted: z.enum(["true", "false"], { error: "errors:validation.invalid" }).transform((v) => v === "true") });

/** storyMuted, persisted for a member (visitors keep it in local storage). */
export async function setStoryMuted(memberId: number, muted: boolean) {
  await db().update(members).set({ storyMuted: muted }).where(eq(members.id, memberId));
  return done({ muted });
}
