/**
 * Who a member is: the details they set at /signup and edit at /profile (the spec's User
 * fields a member should edit; the phone is their sign-in and is changed nowhere here).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Database } from "~/platform/db/db.server";
import { characters, members, type Member } from "~/platform/db/schema";
import { accessLevelFor, type AccessLevel } from "~/features/auth/index.server";
import { saveCharacter, type Look } from "~/features/avatars/index.server";
import { publish } from "~/platform/happened.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { RefusalAnswer } from "~/platform/respond.server";
import { USERNAME_PATTERN, ZIPCODE_PATTERN } from "./rules";
import { memberDetailsSchema } from "./schemas";

export { USERNAME_PATTERN, ZIPCODE_PATTERN };

export { memberDetailsSchema };
export type MemberDetails = z.infer<typeof memberDetailsSchema>;

export const detailFields = ["firstName", "lastName", "username", "email", "zipcode"] as const;
export type DetailValues = Record<(typeof detailFields)[number], string>;

export function detailValuesOf(member: typeof members.$inferSelect): DetailValues {
  return {
    firstName: member.firstName ?? "",
    lastName: member.lastName ?? "",
    username: member.username ?? "",
    email: member.email ?? "",
    zipcode: member.zipcode ?? "",
  };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export async function isUsernameTaken(username: string, memberId: number, tx: Database | Tx = db()) {
  const [row] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(sql`lower(${members.username})`, username.toLowerCase()), ne(members.id, memberId)))
    .limit(1);
  return Boolean(row);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

export type SaveDetailsResult = { ok: true } | { ok: false; conflict: "username" };

async function writeDetails(memberId: number, details: MemberDetails, tx: Database | Tx) {
  if (await isUsernameTaken(details.username, memberId, tx)) return { ok: false, conflict: "username" } as const;
  await tx
    .update(members)
    .set({
      firstName: details.firstName,
      lastName: details.lastName,
      username: details.username,
      email: details.email,
      zipcode: details.zipcode,
    })
    .where(eq(members.id, memberId));
  return { ok: true } as const;
}

/** Usernames are unique whatever their case; the unique index settles a race between two. */
export async function updateMemberDetails(memberId: number, details: MemberDetails): Promise<SaveDetailsResult> {
  try {
    return await writeDetails(memberId, details, db());
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, conflict: "username" };
    throw error;
  }
}

/** Why saving a member's details or finishing signup was refused. */
export type DetailsRefusal = "username-taken" | "signed-up";

/** How the forms and JSON calls answer those refusals. */
export const detailsRefusals = {
  "username-taken": { status: 409, message: "profile:errors.usernameTaken", field: "username" },
  "signed-up": { status: 409, message: "profile:signup.already" },
} as const satisfies Record<DetailsRefusal, RefusalAnswer>;

/** `updateMemberDetails` as the action seam takes it: done, or refused for a taken username. */
export async function saveMemberDetails(memberId: number, details: MemberDetails): Promise<Outcome<null, "username-taken">> {
  const saved = await updateMemberDetails(memberId, details);
  return saved.ok ? done(null) : refused("username-taken");
}

/** Signed up already: a username, and an avatar or a zipcode (access level 2). /signup is then over. */
export function hasSignedUp(member: Pick<Member, "username">, accessLevel: AccessLevel): boolean {
  return Boolean(member.username) && accessLevel === 2;
}

export type SignupResult = SaveDetailsResult | { ok: false; conflict: "signed-up" };

/** `completeSignup` as the action seam takes it: done, or refused (a taken username, signed up already). */
export async function finishSignup(memberId: number, details: MemberDetails, look: Look): Promise<Outcome<null, DetailsRefusal>> {
  const result = await completeSignup(memberId, details, look);
  if (result.ok) return done(null);
  return refused(result.conflict === "username" ? "username-taken" : "signed-up");
}

/**
 * Finishing /signup, all or nothing: the member's details, their starting look (access
 * level 2 from now on), the 'Complete Signup' quest step, and a welcome post on the feed.
 * Once only: the member row is locked while checking, so a repeated or racing post finds
 * the signup done and changes nothing (the profile is where details and look are edited).
 */
export async function completeSignup(
  memberId: number,
  details: MemberDetails,
  look: Look,
): Promise<SignupResult> {
  try {
    return await db().transaction(async (tx) => {
      const [member] = await tx
        .select({ username: members.username, zipcode: members.zipcode })
        .from(members)
        .where(eq(members.id, memberId))
        .for("update");
      const [character] = await tx
        .select({ memberId: characters.memberId })
        .from(characters)
        .where(eq(characters.memberId, memberId))
        .limit(1);
      if (member && hasSignedUp(member, accessLevelFor(member, Boolean(character)))) {
        return { ok: false, conflict: "signed-up" } as const;
      }
      const saved = await writeDetails(memberId, details, tx);
      if (!saved.ok) return saved;
      await saveCharacter(memberId, look, tx);
      // The 'Complete Signup' quest step and the welcome post follow (app/listeners.server.ts).
      await publish(tx, { what: "signup", memberId, target: "/signup" });
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, conflict: "username" };
    throw error;
  }
}
