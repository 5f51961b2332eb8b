import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { accessLevelOf } from "~/features/auth/principal.server";
import { findCharacter } from "~/features/avatars/characters.server";
import { defaultLook } from "~/features/avatars/options.server";
import { builtInStepId, SIGNUP_QUEST } from "~/features/quests/built-in.server";
import { db } from "~/platform/db/db.server";
import { members, posts, questProgress, quests, questSteps } from "~/platform/db/schema";
import { parseInput } from "~/platform/forms.server";
import {
  completeSignup,
  memberDetailsSchema,
  updateMemberDetails,
  type DetailValues,
  type MemberDetails,
} from "./profile.server";

/** The 'Complete Signup' quest's one step (created in a database the demo world did not seed). */
const signupQuestStepId = () => builtInStepId(db(), SIGNUP_QUEST);

beforeAll(async () => {
  await createTestDatabase();
});

let n = 0;
async function newMember() {
  n += 1;
  const [m] = await db()
    .insert(members)
    .values({ phone: `+1555100${String(n).padStart(4, "0")}` })
    .returning();
  return m!;
}

const good: DetailValues = {
  firstName: "Robin",
  lastName: "",
  username: "robin_1",
  email: "robin@example.com",
  zipcode: "94110",
};
const details = (over: Partial<DetailValues> = {}): MemberDetails => {
  const r = parseInput({ ...good, ...over }, memberDetailsSchema);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.data;
};
const errorsOf = (over: Partial<DetailValues>) => {
  const r = parseInput({ ...good, ...over }, memberDetailsSchema);
  return r.ok ? {} : r.problems;
};

describe("member details", () => {
  it("accepts a first name, username, email and zipcode; the last name is optional", () => {
    expect(details()).toEqual({ ...good, lastName: null });
    expect(details({ lastName: " Hood " }).lastName).toBe("Hood");
  });

  it.each([
    ["ab", "too short"],
    ["a".repeat(21), "too long"],
    ["robin hood", "a space"],
    ["robin.hood", "a dot"],
    ["róbin", "a non-ASCII letter"],
  ])("refuses the username %j (%s)", (username) => {
    expect(errorsOf({ username })).toEqual({ username: { key: "profile:errors.username", params: {} } });
  });

  it("takes usernames of 3 to 20 letters, digits, _ or -", () => {
    for (const username of ["abc", "A-b_9", "x".repeat(20)]) expect(details({ username }).username).toBe(username);
  });

  it("needs a first name, an email and a zipcode", () => {
    expect(errorsOf({ firstName: "  " })).toHaveProperty("firstName");
    expect(errorsOf({ email: "robin" })).toHaveProperty("email");
    expect(errorsOf({ zipcode: "" })).toHaveProperty("zipcode");
    expect(errorsOf({ zipcode: "1" })).toHaveProperty("zipcode");
    expect(details({ zipcode: "SW1A 1AA" }).zipcode).toBe("SW1A 1AA");
    expect(details({ zipcode: "100000" }).zipcode).toBe("100000");
  });

  it("keeps usernames unique whatever their case", async () => {
    const a = await newMember();
    const b = await newMember();
    expect(await updateMemberDetails(a.id, details({ username: "Sparkle" }))).toEqual({ ok: true });
    expect(await updateMemberDetails(b.id, details({ username: "sPARKLE" }))).toEqual({
      ok: false,
      conflict: "username",
    });
    // A member may keep (or re-case) their own.
    expect(await updateMemberDetails(a.id, details({ username: "SPARKLE" }))).toEqual({ ok: true });
  });

  it("when two members race for one username, exactly one gets it", async () => {
    const racers = await Promise.all([newMember(), newMember(), newMember()]);
    const results = await Promise.all(
      racers.map((m, i) => updateMemberDetails(m.id, details({ username: i % 2 ? "Racer" : "racer" }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("finishing signup", () => {
  it("creates the 'Complete Signup' quest and its step in a database that lacks them", async () => {
    const stepId = await signupQuestStepId();
    const [step] = await db()
      .select({ id: questSteps.id, target: questSteps.target })
      .from(questSteps)
      .innerJoin(quests, eq(quests.id, questSteps.questId))
      .where(eq(quests.slug, "complete-signup"));
    expect(step).toEqual({ id: stepId, target: "/signup" });
    expect(await signupQuestStepId()).toBe(stepId);
  });

  it("stores the details and starting look, completes the quest step and welcomes the member on the feed", async () => {
    const m = await newMember();
    expect(await accessLevelOf(m)).toBe(1);
    const result = await completeSignup(m.id, details({ username: "newbie" }), defaultLook("dylan", "xyz"));
    expect(result).toEqual({ ok: true });
    const [after] = await db().select().from(members).where(eq(members.id, m.id));
    expect(after).toMatchObject({ firstName: "Robin", username: "newbie", email: "robin@example.com", zipcode: "94110" });
    expect(await findCharacter(m.id)).toMatchObject({ style: "dylan", seed: "xyz", version: 1 });
    expect(await accessLevelOf(after!)).toBe(2);
    const stepId = await signupQuestStepId();
    const progress = await db()
      .select()
      .from(questProgress)
      .where(and(eq(questProgress.memberId, m.id), eq(questProgress.stepId, stepId)));
    expect(progress).toHaveLength(1);
    const welcomes = await db()
      .select()
      .from(posts)
      .where(and(eq(posts.type, "welcome"), eq(posts.actorId, m.id)));
    expect(welcomes).toHaveLength(1);

    // Sending the form twice (a double tap on a slow phone) changes nothing twice: the
    // second finds the signup done (decision 0108), and details and look stay as they were.
    expect(await completeSignup(m.id, details({ username: "other", firstName: "Bob" }), defaultLook("lorelei", "abc"))).toEqual({
      ok: false,
      conflict: "signed-up",
    });
    expect(await db().select().from(posts).where(and(eq(posts.type, "welcome"), eq(posts.actorId, m.id)))).toHaveLength(1);
    expect((await db().select().from(members).where(eq(members.id, m.id)))[0]).toEqual(after);
    expect(await findCharacter(m.id)).toMatchObject({ style: "dylan", seed: "xyz", version: 1 });
  });

  it("writes nothing when the username is taken", async () => {
    const first = await newMember();
    const second = await newMember();
    await completeSignup(first.id, details({ username: "Taken" }), defaultLook());
    expect(await completeSignup(second.id, details({ username: "taken" }), defaultLook())).toEqual({
      ok: false,
      conflict: "username",
    });
    expect(await findCharacter(second.id)).toBeNull();
    const [after] = await db().select().from(members).where(eq(members.id, second.id));
    expect(after!.username).toBeNull();
  });
});
