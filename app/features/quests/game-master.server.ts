/**
 * The game master's quest table for a contest (the spec's quest row: id, quest, reward,
 * 'Time Needed'; a select column, sortable by reward; Edit and Delete dialogs; Duplicate,
 * which copies the quest as a draft). Decision 0905.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { contests, memberRoles, questRuns, quests, questSteps } from "~/platform/db/schema";
import { transaction } from "~/platform/db/transaction.server";
import type { Language } from "~/platform/i18n";
import { done, refused, type Outcome } from "~/platform/outcome";
import { forgetStepPlaces, normalisePath } from "./progress.server";
import { newStartCode } from "./runs.server";
import type { QuestInput, StepInput } from "./schemas";
import { inLanguage, type ShownText } from "./text";


export type QuestSort = "id" | "reward";

export interface QuestRow {
  id: number;
  title: ShownText;
  reward: ShownText;
  timeNeeded: number;
  status: "draft" | "published";
  kind: "solo" | "party";
  steps: number;
  played: number;
  /** The raw fields, for the edit dialog. */
  fields: { titleEn: string; titleZh: string; rewardEn: string; rewardZh: string };
}

/** The contests a member runs as game master, by name. */
export async function gameMasterContests(memberId: number) {
  return db()
    .select({ id: contests.id, name: contests.name })
    .from(memberRoles)
    .innerJoin(contests, eq(contests.id, memberRoles.contestId))
    .where(and(eq(memberRoles.memberId, memberId), eq(memberRoles.role, "gamemaster")))
    .orderBy(asc(contests.id));
}

/** The contest's quests, sorted by id or by reward (in the reader's language). */
/*
 * The subqueries below name the outer table's column in full ("quests"."id"): drizzle writes
 * a column of the only table of a query unqualified, and an unqualified "id" inside the
 * subquery would be the inner table's own.
 */

export async function contestQuests(contestId: number, lang: Language, sort: QuestSort = "id", descending = false): Promise<QuestRow[]> {
  const rows = await db()
    .select({
      quest: quests,
      steps: sql<number>`(select count(*)::int from ${questSteps} s where s.quest_id = "quests"."id")`,
      played: sql<number>`(select count(*)::int from ${questRuns} r where r.quest_id = "quests"."id")`,
    })
    .from(quests)
    .where(eq(quests.contestId, contestId))
    .orderBy(asc(quests.id));
  const list = rows.map(({ quest, steps, played }) => ({
    id: quest.id,
    title: inLanguage(quest.title, lang),
    reward: inLanguage(quest.reward, lang),
    timeNeeded: quest.timeNeeded,
    status: quest.status as QuestRow["status"],
    kind: quest.kind as QuestRow["kind"],
    steps,
    played,
    fields: { titleEn: quest.title.en, titleZh: quest.title.zh, rewardEn: quest.reward.en, rewardZh: quest.reward.zh },
  }));
  if (sort === "reward") {
    const collator = new Intl.Collator(lang === "zh" ? "zh" : "en", { numeric: true, sensitivity: "base" });
    list.sort((a, b) => collator.compare(a.reward.text, b.reward.text) || a.id - b.id);
  }
  if (descending) list.reverse();
  return list;
}

function questValues(input: QuestInput) {
  return {
    title: { en: input.titleEn, zh: input.titleZh },
    reward: { en: input.rewardEn, zh: input.rewardZh },
    timeNeeded: input.timeNeeded,
    status: input.status,
    kind: input.kind,
  };
}

const newSlug = () => `q-${randomBytes(6).toString("hex")}`;

export async function createQuest(contestId: number, input: QuestInput, now = new Date()) {
  const [position] = await db()
    .select({ next: sql<number>`coalesce(max(${quests.position}), 0)::int + 1` })
    .from(quests)
    .where(eq(quests.contestId, contestId));
  const [row] = await db()
    .insert(quests)
    .values({ ...questValues(input), slug: newSlug(), contestId, position: position?.next ?? 1, createdAt: now, updatedAt: now })
    .returning({ id: quests.id });
  return done({ id: row!.id });
}

export type QuestRefusal = "no-quest" | "played" | "no-steps" | "bad-target";

/**
 * A step's target as it is stored, or undefined when it cannot name anything for this
 * objective: a visit's page is a path of Glow ("/beamkins", no trailing slash), a treasure
 * or party a number, a guess card its id, a salute its kind; the other objectives take none.
 */
export function stepTarget(objective: string, typed: string): string | null | undefined {
  const target = typed.trim();
  switch (objective) {
    case "visit":
      return /^\/[^\s?#]*$/.test(target) ? normalisePath(target) : undefined;
    case "treasure":
    case "party":
      return target === "" ? null : /^\d{1,10}$/.test(target) ? target : undefined;
    case "guess":
      return target === "" ? null : /^[a-z0-9][a-z0-9-]{0,63}$/i.test(target) ? target : undefined;
    case "salute":
      return target === "" ? null : ["compliment", "star", "secret"].includes(target) ? target : undefined;
    default:
      return target === "" ? null : undefined;
  }
}

export async function updateQuest(contestId: number, questId: number, input: QuestInput, now = new Date()): Promise<Outcome<{ id: number }, QuestRefusal>> {
  if (input.status === "published") {
    const [steps] = await db().select({ n: sql<number>`count(*)::int` }).from(questSteps).where(eq(questSteps.questId, questId));
    if ((steps?.n ?? 0) === 0) return refused("no-steps");
  }
  const [row] = await db()
    .update(quests)
    .set({ ...questValues(input), updatedAt: now })
    .where(and(eq(quests.id, questId), eq(quests.contestId, contestId)))
    .returning({ id: quests.id });
  return row ? done(row) : refused("no-quest");
}

/**
 * Deletes a quest nobody has played. A played quest holds members' progress and points:
 * it goes back to draft instead (refused with that advice).
 */
export async function deleteQuests(contestId: number, questIds: number[]): Promise<Outcome<{ deleted: number }, QuestRefusal>> {
  if (questIds.length === 0) return refused("no-quest");
  return transaction(async (tx) => {
    const mine = await tx
      .select({ id: quests.id, played: sql<number>`(select count(*)::int from ${questRuns} r where r.quest_id = "quests"."id")` })
      .from(quests)
      .where(and(inArray(quests.id, questIds), eq(quests.contestId, contestId)));
    if (mine.length !== new Set(questIds).size) return refused("no-quest");
    if (mine.some((q) => q.played > 0)) return refused("played");
    await tx.delete(quests).where(inArray(quests.id, questIds));
    forgetStepPlaces();
    return done({ deleted: mine.length });
  });
}

/** Publishes or drafts several quests (the select column's actions). */
export async function setQuestsStatus(contestId: number, questIds: number[], status: "draft" | "published", now = new Date()): Promise<Outcome<{ changed: number }, QuestRefusal>> {
  if (questIds.length === 0) return refused("no-quest");
  if (status === "published") {
    const empty = await db()
      .select({ id: quests.id })
      .from(quests)
      .where(and(inArray(quests.id, questIds), sql`not exists (select 1 from ${questSteps} s where s.quest_id = "quests"."id")`));
    if (empty.length) return refused("no-steps");
  }
  const changed = await db()
    .update(quests)
    .set({ status, updatedAt: now })
    .where(and(inArray(quests.id, questIds), eq(quests.contestId, contestId)))
    .returning({ id: quests.id });
  return changed.length ? done({ changed: changed.length }) : refused("no-quest");
}

/** Duplicate: the quest and its steps copied as a draft (new step codes). */
export async function duplicateQuest(contestId: number, questId: number, now = new Date()): Promise<Outcome<{ id: number }, QuestRefusal>> {
  return transaction(async (tx) => {
    const [quest] = await tx.select().from(quests).where(and(eq(quests.id, questId), eq(quests.contestId, contestId)));
    if (!quest) return refused("no-quest");
    const [position] = await tx
      .select({ next: sql<number>`coalesce(max(${quests.position}), 0)::int + 1` })
      .from(quests)
      .where(eq(quests.contestId, contestId));
    const [copy] = await tx
      .insert(quests)
      .values({
        slug: newSlug(),
        title: quest.title,
        reward: quest.reward,
        timeNeeded: quest.timeNeeded,
        position: position?.next ?? quest.position + 1,
        contestId,
        kind: quest.kind,
        status: "draft",
        starts: "choose",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: quests.id });
    const steps = await tx.select().from(questSteps).where(eq(questSteps.questId, quest.id)).orderBy(asc(questSteps.position));
    if (steps.length) {
      await tx.insert(questSteps).values(
        steps.map(({ id: _id, questId: _quest, startCode, ...step }) => ({ ...step, questId: copy!.id, startCode: startCode ? newStartCode() : null })),
      );
    }
    forgetStepPlaces();
    return done({ id: copy!.id });
  });
}

export interface StepRow {
  id: number;
  position: number;
  objective: string;
  target: string | null;
  unlock: string;
  startCode: string | null;
  line: ShownText | null;
  lightReward: number;
  points: number;
}

export async function questStepList(contestId: number, questId: number, lang: Language): Promise<StepRow[] | null> {
  const [quest] = await db().select({ id: quests.id }).from(quests).where(and(eq(quests.id, questId), eq(quests.contestId, contestId)));
  if (!quest) return null;
  const steps = await db().select().from(questSteps).where(eq(questSteps.questId, questId)).orderBy(asc(questSteps.position));
  return steps.map((s) => ({
    id: s.id,
    position: s.position,
    objective: s.objective,
    target: s.target,
    unlock: s.unlock,
    startCode: s.startCode,
    line: s.dialogue[0] ? inLanguage(s.dialogue[0], lang) : null,
    lightReward: s.lightReward,
    points: s.points,
  }));
}

/** Adds a step at the end of a quest (a scan step gets its code). */
export async function addStep(contestId: number, questId: number, input: StepInput): Promise<Outcome<{ id: number }, QuestRefusal>> {
  const target = stepTarget(input.objective, input.target);
  if (target === undefined) return refused("bad-target");
  return transaction(async (tx) => {
    const [quest] = await tx.select({ id: quests.id }).from(quests).where(and(eq(quests.id, questId), eq(quests.contestId, contestId)));
    if (!quest) return refused("no-quest");
    const [position] = await tx
      .select({ next: sql<number>`coalesce(max(${questSteps.position}), 0)::int + 1` })
      .from(questSteps)
      .where(eq(questSteps.questId, questId));
    const [row] = await tx
      .insert(questSteps)
      .values({
        questId,
        position: position?.next ?? 1,
        objective: input.objective,
        target,
        unlock: input.unlock,
        startCode: input.unlock === "scan" ? newStartCode() : null,
        dialogue: [{ en: input.lineEn, zh: input.lineZh }],
        lightReward: input.lightReward,
        points: input.points,
      })
      .returning({ id: questSteps.id });
    forgetStepPlaces();
    return done({ id: row!.id });
  });
}

/** Removes a step from a quest nobody has played yet. */
export async function removeStep(contestId: number, questId: number, stepId: number): Promise<Outcome<{ id: number }, QuestRefusal>> {
  return transaction(async (tx) => {
    const [quest] = await tx
      .select({ id: quests.id, played: sql<number>`(select count(*)::int from ${questRuns} r where r.quest_id = "quests"."id")` })
      .from(quests)
      .where(and(eq(quests.id, questId), eq(quests.contestId, contestId)));
    if (!quest) return refused("no-quest");
    if (quest.played > 0) return refused("played");
    const [row] = await tx.delete(questSteps).where(and(eq(questSteps.id, stepId), eq(questSteps.questId, questId))).returning({ id: questSteps.id });
    forgetStepPlaces();
    return row ? done(row) : refused("no-quest");
  });
}
