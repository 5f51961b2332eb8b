/**
 * Progress comes only from what the server sees happen: the commands where things happen
 * (signup, avatar, salutes, light, chat, visits, treasures, guesses, joining a party) are
 * the only writers, and each step counts once, in order, with its rewards.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { completeSignup } from "~/features/members/profile.server";
import { defaultLook } from "~/features/avatars/options.server";
import { saveMemberLook } from "~/features/avatars/characters.server";
import { sendSalute } from "~/features/salutes/salutes.server";
import { joinOpenParty } from "~/features/parties/parties.server";
import { db } from "~/platform/db/db.server";
import { contestRounds, contests, lightLedger, members, parties, partyMembers, prizeBoxes, questProgress, questRuns, quests, treasures } from "~/platform/db/schema";
import { builtInStepId, SIGNUP_QUEST, TUTORIAL_QUEST, writeQuest } from "./built-in.server";
import { recordProgress, recordVisit } from "./progress.server";
import { questMap, replayQuest, scanStepCode, skipQuest, startQuest } from "./runs.server";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

let phones = 0;
async function member(firstName = "Player") {
  phones += 1;
  const [row] = await db().insert(members).values({ phone: `+1555420${String(phones).padStart(4, "0")}`, firstName }).returning();
  return row!;
}

const questId = async (slug: string) => (await db().select({ id: quests.id }).from(quests).where(eq(quests.slug, slug)))[0]!.id;
const fresh = async (id: number) => (await db().select().from(members).where(eq(members.id, id)))[0]!;
const boxesOf = async (id: number) => db().select().from(prizeBoxes).where(eq(prizeBoxes.memberId, id));

describe("the tutorial", () => {
  it("counts a saved look for its avatar step, whoever saves it (/profile's Save and the API's updateavatar call saveMemberLook)", async () => {
    const m = await member();
    expect((await startQuest(m.id, await questId(TUTORIAL_QUEST))).ok).toBe(true);
    expect(await recordVisit(m.id, "/quest-tutorial")).toHaveLength(1);
    await saveMemberLook(m.id, defaultLook());
    // Counted already: the same event again completes nothing.
    expect(await recordProgress(db(), m.id, { objective: "avatar" })).toEqual([]);
  });

  it("counts each step once, in order, from the actions themselves, then opens a prize box", async () => {
    const m = await member();
    const tutorial = await questId(TUTORIAL_QUEST);
    // Not started yet: saving an avatar counts for nothing.
    expect(await recordProgress(db(), m.id, { objective: "avatar" })).toEqual([]);
    const started = await startQuest(m.id, tutorial);
    expect(started.ok).toBe(true);
    // Linear: the avatar step waits for the visit before it.
    expect(await recordProgress(db(), m.id, { objective: "avatar" })).toEqual([]);
    expect(await recordVisit(m.id, "/quest-tutorial/")).toHaveLength(1);
    expect(await recordVisit(m.id, "/quest-tutorial")).toEqual([]); // once only
    expect(await recordProgress(db(), m.id, { objective: "avatar" })).toHaveLength(1);
    const last = await recordProgress(db(), m.id, { objective: "chat" });
    expect(last).toMatchObject([{ questCompleted: true }]);

    const after = await fresh(m.id);
    expect(after.lightBalance).toBe(15);
    expect(after.score).toBe(30);
    expect(await boxesOf(m.id)).toHaveLength(1);
    // Done is done: the same actions again change nothing.
    expect(await recordProgress(db(), m.id, { objective: "chat" })).toEqual([]);
    expect((await fresh(m.id)).score).toBe(30);
    const map = await questMap(m.id, "en", "Sparkit");
    expect(map.runs).toEqual([]);
    expect(map.finished.map((f) => f.questId)).toContain(tutorial);
    expect(map.boxes).toHaveLength(1);
    expect(map.offerTutorial).toBeNull();
  });

  it("is offered to a newcomer only, can be skipped, and a replay earns nothing and opens no box", async () => {
    const m = await member();
    const tutorial = await questId(TUTORIAL_QUEST);
    expect((await questMap(m.id, "en", "Sparkit")).offerTutorial).toEqual({ questId: tutorial });
    const run = await startQuest(m.id, tutorial);
    expect(run.ok && (await startQuest(m.id, tutorial))).toEqual(run); // a double press: the same run
    expect((await questMap(m.id, "en", "Sparkit")).offerTutorial).toBeNull();
    if (!run.ok) throw new Error("not started");
    expect((await skipQuest(m.id, run.value.runId)).ok).toBe(true);
    expect((await skipQuest(m.id, run.value.runId)).ok).toBe(false);
    expect(await recordVisit(m.id, "/quest-tutorial")).toEqual([]);

    const replay = await replayQuest(m.id, tutorial);
    expect(replay.ok).toBe(true);
    await recordVisit(m.id, "/quest-tutorial");
    await recordProgress(db(), m.id, { objective: "avatar" });
    expect(await recordProgress(db(), m.id, { objective: "chat" })).toMatchObject([{ questCompleted: true }]);
    const after = await fresh(m.id);
    expect(after.score).toBe(0);
    expect(after.lightBalance).toBe(0);
    expect(await boxesOf(m.id)).toEqual([]);
  });
});

describe("'Complete Signup'", () => {
  it("completes with the signup itself, rewarded once, with a prize box", async () => {
    const m = await member();
    const look = defaultLook("dylan", "abc");
    const details = { firstName: "Nova", lastName: null, username: `nova${m.id}`, email: "nova@example.com", zipcode: "94110" };
    expect(await completeSignup(m.id, details, look)).toEqual({ ok: true });
    const stepId = await builtInStepId(db(), SIGNUP_QUEST);
    const progress = await db().select().from(questProgress).where(and(eq(questProgress.memberId, m.id), eq(questProgress.stepId, stepId)));
    expect(progress).toMatchObject([{ points: 10, light: 10 }]);
    expect(await boxesOf(m.id)).toHaveLength(1);
    const ledger = await db().select().from(lightLedger).where(and(eq(lightLedger.memberId, m.id), eq(lightLedger.reason, "quest-step")));
    expect(ledger).toHaveLength(1);
    // Another signup-like event later starts nothing again.
    expect(await recordProgress(db(), m.id, { objective: "signup", target: "/signup" })).toEqual([]);
  });
});

describe("star salutes and targets", () => {
  it("a step asking for a star salute counts a star salute, not a compliment", async () => {
    const m = await member();
    const friend = await member("Friend");
    const trail = await questId("lantern-trail");
    expect((await startQuest(m.id, trail)).ok).toBe(true);
    const compliment = await sendSalute({ kind: "compliment", senderId: m.id, recipientId: friend.id, message: "Nice!", gems: 0 });
    expect(compliment.ok).toBe(true);
    let map = await questMap(m.id, "en", "Sparkit");
    expect(map.runs.find((r) => r.questId === trail)!.steps[0]!.state).toBe("open");
    await sendSalute({ kind: "star", senderId: m.id, recipientId: friend.id, message: "Stellar", stars: 2, gems: 0 });
    map = await questMap(m.id, "en", "Sparkit");
    const run = map.runs.find((r) => r.questId === trail)!;
    expect(run.steps.map((s) => s.state)).toEqual(["done", "open", "locked"]);
    expect(run.current?.lines[0]?.text).toMatch(/Treasures are hidden/);
  });
});

describe("scan a code to start", () => {
  it("a scan step opens only once its code is scanned", async () => {
    const m = await member();
    const id = (await writeQuest(db(), {
      slug: "night-walk",
      title: { en: "Night walk", zh: "夜行" },
      reward: { en: "Light", zh: "光芒" },
      timeNeeded: 874,
      position: 9,
      starts: "choose",
      steps: [{ objective: "chat", unlock: "scan", dialogue: [{ en: "Scanned!", zh: "扫到了！" }], lightReward: 1, points: 1 }],
    }))!;
    await db().execute(sql`update quest_steps set start_code = 'NIGHTWALKCODE0000001' where quest_id = ${id}`);
    expect((await startQuest(m.id, id)).ok).toBe(true);
    expect(await recordProgress(db(), m.id, { objective: "chat" })).toEqual([]);
    expect((await scanStepCode(m.id, "WRONG")).ok).toBe(false);
    expect((await scanStepCode(m.id, "NIGHTWALKCODE0000001")).ok).toBe(true);
    expect(await recordProgress(db(), m.id, { objective: "chat" })).toMatchObject([{ questCompleted: true }]);
  });
});

describe("party quests", () => {
  // The demo contest's round 2 is open, which locks its rosters (docs/parties.md); these
  // tests join parties of that contest, so its rounds are put to judging first.
  beforeAll(async () => {
    const [contest] = await db().select({ id: contests.id }).from(contests).where(eq(contests.name, "Spring Glow Hunt"));
    await db().update(contestRounds).set({ state: "judging" }).where(and(eq(contestRounds.contestId, contest!.id), eq(contestRounds.state, "open")));
  });
  let codes = 0;
  /** An open party in the demo contest (its founders put on the roster directly). */
  async function party(name: string, people: number[], joinedAt = new Date(Date.now() - 3600_000)) {
    codes += 1;
    const [contest] = await db().select({ id: contests.id }).from(contests).where(eq(contests.name, "Spring Glow Hunt"));
    const contestId = contest!.id;
    const [row] = await db().insert(parties).values({ name, contestId, joinPolicy: "open", joinCode: `QUESTTEST${codes}` }).returning();
    if (people.length > 0) await db().insert(partyMembers).values(people.map((memberId) => ({ partyId: row!.id, memberId, contestId, joinedAt })));
    return row!.id;
  }

  it("any member completes its steps; a late joiner takes part from the current step; everyone gets a box", async () => {
    const [a, b, late] = [await member("Ann"), await member("Bo"), await member("Late")];
    const partyId = await party("Test Comets", [a.id, b.id]);
    const relay = await questId("comet-relay");
    expect((await startQuest(b.id, relay)).ok).toBe(true);
    const [cometStone] = await db().select({ id: treasures.id }).from(treasures).where(eq(treasures.name, "The Comet Stone"));
    // Ann finds the Comet Stone: the party's first leg.
    expect(await recordProgress(db(), a.id, { objective: "treasure", target: cometStone!.id })).toHaveLength(1);

    // Late joins now (the parties capability's open join), after the first leg: they see it
    // done before they joined, and play on.
    expect((await joinOpenParty(late.id, partyId)).ok).toBe(true);
    const lateMap = await questMap(late.id, "en", "Sparkit");
    const run = lateMap.runs.find((r) => r.questId === relay)!;
    expect(run.party?.id).toBe(partyId);
    expect(run.steps[0]).toMatchObject({ state: "done", doneBy: "Ann", beforeJoin: true, mine: false });
    expect(run.steps.slice(1).map((s) => s.state)).toEqual(["open", "open"]);

    expect(await recordProgress(db(), late.id, { objective: "guess", target: "library-steps" })).toHaveLength(1);
    const shares = (await questMap(a.id, "en", "Sparkit")).runs.find((r) => r.questId === relay)!.shares;
    expect(shares.map((s) => [s.name, s.steps, s.points])).toEqual([
      ["Ann", 1, 20],
      ["Late", 1, 10],
    ]);
    // Bo gives light (the last leg): the relay is done, and every member of the party gets a box.
    const done = await recordProgress(db(), b.id, { objective: "light", target: 1 });
    expect(done).toMatchObject([{ questCompleted: true }]);
    for (const m of [a, b, late]) expect(await boxesOf(m.id), m.firstName!).toHaveLength(1);
    expect((await fresh(late.id)).score).toBe(10);
  });

  it("a member with no party cannot start a party quest", async () => {
    const m = await member();
    expect(await startQuest(m.id, await questId("comet-relay"))).toEqual({ ok: false, refusal: "needs-party" });
  });

  it("'join a party' steps count when the parties capability puts the member on a roster", async () => {
    const m = await member();
    const id = (await writeQuest(db(), {
      slug: "find-your-people",
      title: { en: "Find your people", zh: "找到伙伴" },
      reward: { en: "Points", zh: "积分" },
      timeNeeded: 60,
      position: 10,
      starts: "choose",
      steps: [{ objective: "party", dialogue: [{ en: "Join a party!", zh: "加入一个队伍！" }], lightReward: 2, points: 5 }],
    }))!;
    expect((await startQuest(m.id, id)).ok).toBe(true);
    const partyId = await party("Newcomers", []);
    expect((await joinOpenParty(m.id, partyId)).ok).toBe(true);
    const [run] = await db().select().from(questRuns).where(and(eq(questRuns.memberId, m.id), eq(questRuns.questId, id)));
    expect(run!.completedAt).not.toBeNull();
    expect(await boxesOf(m.id)).toHaveLength(1);
  });
});

describe("concurrency", () => {
  it("the same action arriving twice at once counts one step", async () => {
    const m = await member();
    await startQuest(m.id, await questId(TUTORIAL_QUEST));
    const results = await Promise.all([recordVisit(m.id, "/quest-tutorial"), recordVisit(m.id, "/quest-tutorial")]);
    expect(results.flat()).toHaveLength(1);
    const runs = await db().select().from(questRuns).where(eq(questRuns.memberId, m.id));
    const progress = await db().select().from(questProgress).where(eq(questProgress.runId, runs[0]!.id));
    expect(progress).toHaveLength(1);
  });
});
