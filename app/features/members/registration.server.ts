/**
 * The Register screen's last step (decision 0516): a member who has just signed in with
 * their phone gives the name they are shown by and their zipcode, in the same flow. The
 * phone and code steps are sign-in's own (features/auth/sign-in-page.server.ts).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/platform/db/db.server";
import { members, type Member } from "~/platform/db/schema";
import { done, type Outcome } from "~/platform/outcome";
import { memberDetailsSchema } from "./profile.server";

/** The name and zipcode fields of the details form, with its limits and messages. */
export const RegistrationForm = memberDetailsSchema.pick({ firstName: true, lastName: true, zipcode: true });
export type Registration = z.output<typeof RegistrationForm>;

/** Registered: a name to be shown by and a zipcode (which makes access level 2, section 6). */
export function isRegistered(member: Pick<Member, "firstName" | "zipcode">): boolean {
  return Boolean(member.firstName?.trim() && member.zipcode?.trim());
}

/** Saves the name and zipcode; a member may register again (it only changes those fields). */
export async function register(memberId: number, registration: Registration): Promise<Outcome<{ firstName: string }>> {
  await db()
    .update(members)
    .set({ firstName: registration.firstName, lastName: registration.lastName, zipcode: registration.zipcode })
    .where(eq(members.id, memberId));
  return done({ firstName: registration.firstName });
}
