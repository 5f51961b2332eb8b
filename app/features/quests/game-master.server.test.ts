import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { contests, members, quests, questSteps } from "~/platform/db/schema";
import { addStep, contestQuests, createQuest, deleteQuests, duplicateQuest, removeStep, setQuestsStatus, updateQuest } from "./game-master.server";
import type { QuestInput } from "./schemas";
import { startQuest } from "./runs.server";

let contestId = 0;
beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
  contestId = (await db().select().from(contests).where(eq(contests.name, "Spring Glow Hunt")))[0]!.id;
});

const fields = (extra: Partial<QuestInput> = {}): QuestInput => ({ titleEn: "Night walk", titleZh: "夜行", rewardEn: "10 light", rewardZh: "", timeNeeded: 874, status: "draft", kind: "solo", ...extra });
const step = { objective: "chat", target: "", unlock: "linear", lineEn: "Say hi", lineZh: "", lightReward: 2, points: 3 } as const;

describe("the game master's quest table", () => {
  it("creates a draft, refuses to publish it without steps, then publishes, edits and sorts by reward", async () => {
    const made = await createQuest(contestId, fields({ rewardEn: "Zebra prize" }));
    const id = made.value.id;
    expect(await updateQuest(contestId, id, fields({ status: "published" }))).toEqual({ ok: false, refusal: "no-steps" });
    expect((await addStep(contestId, id, step)).ok).toBe(true);
    expect((await updateQuest(contestId, id, fields({ status: "published", rewardEn: "0 light, first by reward" }))).ok).toBe(true);
    const rows = await contestQuests(contestId, "en", "reward");
    expect(rows[0]).toMatchObject({ id, reward: { text: "0 light, first by reward" }, status: "published", steps: 1, played: 0 });
    const down = await contestQuests(contestId, "en", "reward", true);
    expect(down.at(-1)!.id).toBe(id);
    // A quest of another contest is not this table's.
    expect(await updateQuest(contestId + 999, id, fields())).toEqual({ ok: false, refusal: "no-quest" });
  });

  it("duplicates as a draft with its steps; deletes what nobody played, keeps what someone did", async () => {
    const made = await createQuest(contestId, fields({ titleEn: "Original" }));
    await addStep(contestId, made.value.id, step);
    await setQuestsStatus(contestId, [made.value.id], "published");
    const copy = await duplicateQuest(contestId, made.value.id);
    if (!copy.ok) throw new Error("not copied");
    const [copied] = await db().select().from(quests).where(eq(quests.id, copy.value.id));
    expect(copied).toMatchObject({ status: "draft", title: { en: "Original" } });
    expect(await db().select().from(questSteps).where(eq(questSteps.questId, copy.value.id))).toHaveLength(1);
    const rows = await contestQuests(contestId, "en");
    expect(rows.find((r) => r.id === copy.value.id)).toMatchObject({ played: 0, steps: 1 });

    const [player] = await db().insert(members).values({ phone: "+15554800001", firstName: "Player" }).returning();
    expect((await startQuest(player!.id, made.value.id)).ok).toBe(true);
    expect(await deleteQuests(contestId, [made.value.id])).toEqual({ ok: false, refusal: "played" });
    expect(await removeStep(contestId, made.value.id, (await db().select().from(questSteps).where(eq(questSteps.questId, made.value.id)))[0]!.id)).toEqual({ ok: false, refusal: "played" });
    expect(await deleteQuests(contestId, [copy.value.id])).toEqual({ ok: true, value: { deleted: 1 } });
    expect(await db().select().from(quests).where(eq(quests.id, copy.value.id))).toEqual([]);
  });
});

describe("a step's target", () => {
  it("is checked and written as it will be compared", async () => {
    const { stepTarget } = await import("./game-master.server");
    expect(stepTarget("visit", "/beamkins/")).toBe("/beamkins");
    expect(stepTarget("visit", "beamkins")).toBeUndefined();
    expect(stepTarget("visit", "")).toBeUndefined();
    expect(stepTarget("treasure", "12")).toBe("12");
    expect(stepTarget("treasure", "twelve")).toBeUndefined();
    expect(stepTarget("salute", "star")).toBe("star");
    expect(stepTarget("salute", "hug")).toBeUndefined();
    expect(stepTarget("avatar", "")).toBeNull();
    expect(stepTarget("chat", "x")).toBeUndefined();
    const made = await createQuest(contestId, fields({ titleEn: "Targets" }));
    expect(await addStep(contestId, made.value.id, { ...step, objective: "visit", target: "nowhere" })).toEqual({ ok: false, refusal: "bad-target" });
  });
});
